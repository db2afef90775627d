/** Support tickets: created by the public contact form, read and closed by admins. */
import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { supportTickets, type SupportTicket, type User } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { SupportTicketView, TicketSubject } from "@shared/api/support";
import { writeAudit } from "../audit/service";
import { ticketView } from "./view";
import { normaliseEmail } from "../users/service";
import { MAX_TICKET_MESSAGE } from "@shared/api/support";

export function createTicket(
  deps: Pick<AppDeps, "db" | "clock">,
  input: { email: string; subject?: TicketSubject | null; message: string },
): SupportTicketView {
  const message = input.message.trim();
  // The schema counts characters of the raw text; a message of only spaces says nothing.
  if (message.length < 1 || message.length > MAX_TICKET_MESSAGE) {
    throw new AppError(422, "VALIDATION", `Please write a message of 1 to ${MAX_TICKET_MESSAGE} characters.`);
  }
  const row = deps.db
    .insert(supportTickets)
    .values({
      email: normaliseEmail(input.email),
      subject: input.subject ?? null,
      message,
      status: "open",
      createdAt: deps.clock.now(),
    })
    .returning()
    .get();
  return ticketView(row);
}

export function listTickets(db: DbOrTx, page: Page = {}): SupportTicketView[] {
  return newestFirst(db.select().from(supportTickets).$dynamic(), supportTickets, page, 100).all().map(ticketView);
}

export function countOpenTickets(db: DbOrTx): number {
  return db.select({ n: sql<number>`count(*)` }).from(supportTickets).where(eq(supportTickets.status, "open")).get()!.n;
}

/** Opens or closes a ticket and records who did it, in one transaction. */
export function setTicketStatus(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: User,
  ticketId: number,
  status: SupportTicket["status"],
): SupportTicketView {
  return deps.db.transaction((tx) => {
    const [row] = tx.update(supportTickets).set({ status }).where(eq(supportTickets.id, ticketId)).returning().all();
    if (!row) throw notFound("This support ticket does not exist.");
    writeAudit(tx, {
      actorUserId: actor.id,
      action: "ticket.status",
      subject: `ticket:${row.id}`,
      detail: { status, email: row.email },
      at: deps.clock.now(),
    });
    return ticketView(row);
  });
}
