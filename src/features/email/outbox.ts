/**
 * Queueing into the e-mail outbox. Called inside the transaction that causes the e-mail, so the
 * e-mail exists exactly when its cause does; a background sender delivers it.
 */
import type { DbOrTx } from "../../db";
import { emails, type AccountRecord, type Email } from "../../db/schema";
import { EMAIL_TEMPLATES, type EmailPayload, type EmailTemplate } from "./templates/registry";
import { newToken } from "../../lib/random";
import { ownerOf, recordForAddress, recordOwner } from "../ownership/service";

/**
 * Whose an e-mail is (docs/accounts.md#who-owns-a-purchase): `userId` for one about an account (its
 * welcome, password, reminders…); `saleId` for one about a sale, the account's that paid for that sale;
 * `ticketId` for one about a ticket, the ticket's owner's; otherwise the account whose confirmed address it goes to, if any.
 */
export interface EmailAbout {
  userId?: number;
  saleId?: number;
  /** A support ticket's e-mail: the ticket's owner's. */
  ticketId?: number;
}

/** A fresh idempotency key for the e-mail provider: unique to one e-mail, in every database, forever. */
export const newDeliveryKey = () => `email-${newToken(24)}`;

/** Queues an e-mail of the registry; the payload must be what its template needs, and the subject comes from it. */
export async function queueEmail<T extends EmailTemplate>(
  db: DbOrTx,
  input: { to: string; template: T; payload: EmailPayload<T> } & EmailAbout,
  now: number,
): Promise<Email> {
  const subject = (EMAIL_TEMPLATES[input.template].subject as (payload: EmailPayload<T>) => string)(input.payload);
  const row = { to: input.to, template: input.template, subject, payload: input.payload, saleId: input.saleId ?? null };
  const ticketOwner = input.ticketId === undefined ? undefined : await ownerOf(db, "ticket", input.ticketId);
  if (ticketOwner) return insertEmail(db, row, now, ticketOwner.userId, "address");
  return insertEmail(db, row, now, input.userId);
}

/** A fresh pending copy of an outbox e-mail, with the original's subject and payload. */
export async function copyEmail(db: DbOrTx, original: Email, now: number): Promise<Email> {
  const owner = await ownerOf(db, "email", original.id);
  const { to, template, subject, payload, saleId } = original;
  return insertEmail(db, { to, template, subject, payload, saleId }, now, owner?.userId, owner?.reason);
}

async function insertEmail(
  db: DbOrTx,
  row: Pick<Email, "to" | "template" | "subject" | "payload" | "saleId">,
  now: number,
  userId?: number,
  reason: AccountRecord["reason"] = "account",
): Promise<Email> {
  const [queued] = await db
    .insert(emails)
    .values({ ...row, status: "pending", nextAttemptAt: now, createdAt: now, deliveryKey: newDeliveryKey() })
    .returning();
  const record = { kind: "email" as const, id: queued.id };
  if (userId !== undefined) {
    await recordOwner(db, record, userId, reason, now);
    return queued;
  }
  // About a sale: the account that paid for it, else whoever's confirmed address it goes to.
  const saleOwner = row.saleId === null ? undefined : await ownerOf(db, "sale", row.saleId);
  if (saleOwner?.paid) await recordOwner(db, record, saleOwner.userId, "sale", now);
  else await recordForAddress(db, record, row.to, now);
  return queued;
}
