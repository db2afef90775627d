/**
 * Queueing into the e-mail outbox. Called inside the transaction that causes the e-mail, so the
 * e-mail exists exactly when its cause does; a background sender delivers it.
 */
import type { DbOrTx } from "../../db";
import { emails, type Email } from "../../db/schema";
import { EMAIL_TEMPLATES, type EmailPayload, type EmailTemplate } from "./templates/registry";
import { newToken } from "../../lib/random";

/** A fresh idempotency key for the e-mail provider: unique to one e-mail, in every database, forever. */
export const newDeliveryKey = () => `email-${newToken(24)}`;

/** Queues an e-mail of the registry; the payload must be what its template needs, and the subject comes from it. */
export function queueEmail<T extends EmailTemplate>(
  db: DbOrTx,
  input: { to: string; template: T; payload: EmailPayload<T> },
  now: number,
): Promise<Email> {
  const subject = (EMAIL_TEMPLATES[input.template].subject as (payload: EmailPayload<T>) => string)(input.payload);
  return insertEmail(db, { to: input.to, template: input.template, subject, payload: input.payload }, now);
}

/** A fresh pending copy of an outbox e-mail, with the original's subject and payload. */
export function copyEmail(db: DbOrTx, original: Email, now: number): Promise<Email> {
  return insertEmail(
    db,
    { to: original.to, template: original.template, subject: original.subject, payload: original.payload },
    now,
  );
}

async function insertEmail(
  db: DbOrTx,
  row: Pick<Email, "to" | "template" | "subject" | "payload">,
  now: number,
): Promise<Email> {
  const [queued] = await db
    .insert(emails)
    .values({ ...row, status: "pending", nextAttemptAt: now, createdAt: now, deliveryKey: newDeliveryKey() })
    .returning();
  return queued;
}
