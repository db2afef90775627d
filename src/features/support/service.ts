/**
 * Support tickets: opened by the public contact form (the sender is e-mailed its number and a link to its
 * page), listed and moved between open, waiting and closed by admins. The thread after the first message
 * is thread.ts; what admins see of the sender is sender.ts.
 */
import { count, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { supportMessages, supportTickets, type SupportTicket, type User } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { newToken } from "../../lib/random";
import type { SupportTicketView, TicketSubject } from "@shared/api/support";
import { MAX_TICKET_MESSAGE, TICKET_SUBJECT_LABELS, ticketNumber, type TicketStatus } from "@shared/support";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { recordForAddress } from "../ownership/service";
import { normaliseEmail } from "../users/service";
import { ticketLink } from "./links";
import { ticketView } from "./view";
import { announceTicket } from "../webhooks/events";
import { alertAdminsOfTicket } from "./admin-alert";
import { ticketLanguage } from "./language";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";

type TicketDeps = Pick<AppDeps, "db" | "clock" | "config" | "jwtSecret">;

/** The text of a message as kept: trimmed, and 1 to MAX_TICKET_MESSAGE characters (a message of only spaces says nothing). */
export function messageText(raw: string): string {
  const text = raw.trim();
  if (text.length < 1 || text.length > MAX_TICKET_MESSAGE) {
    throw new AppError(422, "VALIDATION", `Please write a message of 1 to ${MAX_TICKET_MESSAGE} characters.`);
  }
  return text;
}

/**
 * Opens a ticket and queues the sender's acknowledgement (its number and link), in one transaction. `language` is
 * the page's it was sent from, kept with the ticket for the e-mails about it.
 */
export function createTicket(
  deps: TicketDeps,
  input: { email: string; subject?: TicketSubject | null; message: string },
  language: SiteLanguage = DEFAULT_LANGUAGE,
): Promise<SupportTicketView> {
  const message = messageText(input.message);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        email: normaliseEmail(input.email),
        subject: input.subject ?? null,
        message,
        status: "open",
        createdAt: now,
        linkNonce: newToken(16),
        language,
      })
      .returning();
    await announceTicket(tx, row, ticketNumber(row.id), now);
    // A ticket sent from a confirmed address is that account's from the start.
    await recordForAddress(tx, { kind: "ticket", id: row.id }, row.email, now);
    const mailLanguage = await ticketLanguage(tx, row);
    await queueEmail(
      tx,
      {
        to: row.email,
        ticketId: row.id,
        template: "support-received",
        payload: {
          number: ticketNumber(row.id),
          subjectLabel: row.subject ? TICKET_SUBJECT_LABELS[row.subject] : null,
          responseHours: SUPPORT_RESPONSE_HOURS,
          ticketUrl: ticketLink(deps, row, row.linkNonce!, mailLanguage),
          linkDays: deps.config.supportLinkDays,
          language: mailLanguage,
        },
      },
      now,
    );
    await alertAdminsOfTicket(tx, row, "new", message, now);
    return ticketView(row, 1);
  });
}

/**
 * How many messages each ticket's thread holds, its first included. The outer id is named with its table:
 * a select from one table writes its columns bare, and a bare "id" in here would be the message's.
 */
const messageCount =
  sql<number>`(select count(*) from ${supportMessages} where ${supportMessages.ticketId} = ${sql.identifier("support_tickets")}.${sql.identifier("id")}) + 1`.mapWith(
    Number,
  );

/** Newest first, all of them or those with one status. */
export async function listTickets(
  db: DbOrTx,
  page: Page & { status?: TicketStatus } = {},
): Promise<SupportTicketView[]> {
  const query = db.select({ ticket: supportTickets, messages: messageCount }).from(supportTickets).$dynamic();
  const where = page.status === undefined ? undefined : eq(supportTickets.status, page.status);
  const rows = await newestFirst(query, supportTickets, page, 100, where);
  return rows.map(({ ticket, messages }) => ticketView(ticket, messages));
}

/** Messages in a ticket's thread, its first included. */
export async function threadLength(db: DbOrTx, ticketId: number): Promise<number> {
  const [answers] = await db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.ticketId, ticketId));
  return answers.n + 1;
}

export async function countOpenTickets(db: DbOrTx): Promise<number> {
  const [open] = await db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, "open"));
  return open.n;
}

export async function ticketById(db: DbOrTx, id: number): Promise<SupportTicket> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  if (!row) throw notFound("This support ticket does not exist.");
  return row;
}

/** Moves a ticket to a status and records who did it, in one transaction. */
export function setTicketStatus(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: User,
  ticketId: number,
  status: TicketStatus,
): Promise<SupportTicketView> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.update(supportTickets).set({ status }).where(eq(supportTickets.id, ticketId)).returning();
    if (!row) throw notFound("This support ticket does not exist.");
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "ticket.status",
      subject: `ticket:${row.id}`,
      detail: { status, email: row.email },
      at: deps.clock.now(),
    });
    return ticketView(row, await threadLength(tx, row.id));
  });
}
