/**
 * A ticket's thread after its first message: an admin's answer (e-mailed to the sender with a fresh link to
 * the ticket's page; the ticket then waits for the buyer, or is closed), and the sender's answer through
 * that link (the ticket is open again, ours to answer). Each is one transaction with its status change,
 * its e-mail and its audit entry.
 */
import { and, asc, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { supportMessages, supportTickets, type SupportMessage, type SupportTicket, type User } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { TicketThreadView } from "@shared/api/support";
import { ticketNumber } from "@shared/support";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { ownersAddress } from "../ownership/service";
import { alertAdminsOfTicket } from "./admin-alert";
import { ensureLinkNonce, ticketLink, ticketOfLink } from "./links";
import { messageText } from "./service";
import { threadView } from "./view";
import { ticketLanguage } from "./language";

type ThreadDeps = Pick<AppDeps, "db" | "clock" | "config" | "jwtSecret">;

/** The answers after a ticket's first message, oldest first. */
export function ticketAnswers(db: DbOrTx, ticketId: number): Promise<SupportMessage[]> {
  return db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.id));
}

/** Adds a message and moves the ticket to `status`; `nonce`, when given, must still be the ticket's (a link's ticket). */
export async function addMessage(
  tx: DbOrTx,
  ticketId: number,
  message: Pick<SupportMessage, "author" | "adminUserId" | "body">,
  status: SupportTicket["status"],
  now: number,
  nonce?: string,
): Promise<SupportTicket> {
  const [ticket] = await tx
    .update(supportTickets)
    .set({ status, lastMessageAt: now })
    .where(
      nonce === undefined
        ? eq(supportTickets.id, ticketId)
        : and(eq(supportTickets.id, ticketId), eq(supportTickets.linkNonce, nonce)),
    )
    .returning();
  if (!ticket) throw notFound("This support ticket does not exist.");
  await tx.insert(supportMessages).values({ ticketId, ...message, createdAt: now });
  // Whatever way the sender answered, the admins hear of it, in this same transaction.
  if (message.author === "buyer") await alertAdminsOfTicket(tx, ticket, "answer", message.body, now);
  return ticket;
}

/** An admin's answer: kept in the thread and e-mailed to the sender; the ticket then waits for them, or is closed. */
export function replyToTicket(
  deps: ThreadDeps,
  admin: User,
  ticketId: number,
  input: { message: string; close?: boolean },
): Promise<SupportTicket> {
  const body = messageText(input.message);
  const closed = input.close === true;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const ticket = await addMessage(
      tx,
      ticketId,
      { author: "support", adminUserId: admin.id, body },
      closed ? "closed" : "waiting",
      now,
    );
    const nonce = await ensureLinkNonce(tx, ticket);
    const language = await ticketLanguage(tx, ticket);
    await queueEmail(
      tx,
      {
        to: await ownersAddress(tx, "ticket", ticket.id, ticket.email),
        ticketId: ticket.id,
        template: "support-reply",
        payload: {
          number: ticketNumber(ticket.id),
          reply: body,
          closed,
          ticketUrl: ticketLink(deps, ticket, nonce, language),
          linkDays: deps.config.supportLinkDays,
          language,
        },
      },
      now,
    );
    await writeAudit(tx, {
      actorUserId: admin.id,
      action: "ticket.reply",
      subject: `ticket:${ticket.id}`,
      detail: { status: ticket.status, email: ticket.email },
      at: now,
    });
    return { ...ticket, linkNonce: nonce };
  });
}

/** The ticket's page: the thread a valid link names. */
export async function threadByLink(deps: ThreadDeps, token: string): Promise<TicketThreadView> {
  const { ticket, expiresAt } = await ticketOfLink(deps, token);
  return threadView(ticket, await ticketAnswers(deps.db, ticket.id), expiresAt);
}

/** The sender's answer through the link: the ticket is open again, waiting for us. */
export async function answerByLink(
  deps: ThreadDeps,
  link: { ticket: SupportTicket; expiresAt: number },
  message: string,
): Promise<TicketThreadView> {
  const body = messageText(message);
  const now = deps.clock.now();
  const ticket = await deps.db.transaction((tx) =>
    addMessage(tx, link.ticket.id, { author: "buyer", adminUserId: null, body }, "open", now, link.ticket.linkNonce!),
  );
  return threadView(ticket, await ticketAnswers(deps.db, ticket.id), link.expiresAt);
}
