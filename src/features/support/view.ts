/** A support ticket as the admin panel shows it (ISO times). */
import type { SupportTicket } from "../../db/schema";
import { toIso } from "../../lib/clock";
import type { SupportTicketView } from "@shared/api/support";

export function ticketView(row: SupportTicket): SupportTicketView {
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    email: row.email,
    status: row.status,
    createdAt: toIso(row.createdAt)!,
  };
}
