/**
 * The admins hear of a new ticket and of a sender's answer by e-mail: one e-mail per admin per event, queued in
 * the transaction that records the event (so a retried request never sends it twice, and a failed one never
 * sends it). An admin who turns Email notifications off in Settings gets none.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users, type SupportTicket } from "../../db/schema";
import { TICKET_SUBJECT_LABELS, ticketNumber } from "@shared/support";
import { queueEmail } from "../email/outbox";

/** The start of a message, enough to tell whether it is urgent. */
const EXCERPT_LENGTH = 300;

export type TicketEvent = "new" | "answer";

export async function alertAdminsOfTicket(
  tx: DbOrTx,
  ticket: Pick<SupportTicket, "id" | "email" | "subject">,
  event: TicketEvent,
  message: string,
  now: number,
): Promise<void> {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.notifications, true)))
    .orderBy(users.id);
  if (admins.length === 0) return;
  const number = ticketNumber(ticket.id);
  const about = ticket.subject ? ` about ${TICKET_SUBJECT_LABELS[ticket.subject].toLowerCase()}` : "";
  const headline = event === "new" ? `New support ticket ${number}` : `An answer on support ticket ${number}`;
  const excerpt = message.length > EXCERPT_LENGTH ? `${message.slice(0, EXCERPT_LENGTH).trimEnd()}…` : message;
  const lines = [
    event === "new" ? `${ticket.email} wrote${about}:` : `${ticket.email} answered${about}:`,
    `“${excerpt}”`,
    "Answer it in the admin panel's Support tab. (Turn these e-mails off with Email notifications in your dashboard's Settings.)",
  ];
  for (const admin of admins) {
    await queueEmail(tx, { to: admin.email, template: "support-alert", payload: { headline, lines } }, now);
  }
}
