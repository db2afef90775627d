/**
 * Queueing into the e-mail outbox. Called inside the transaction that causes the e-mail, so the
 * e-mail exists exactly when its cause does; a background sender delivers it.
 */
import type { DbOrTx } from "../../db";
import { emails, type Email } from "../../db/schema";

export type EmailTemplate = "product-key" | "test" | "password-reset" | "key-sharing-alert";

export function queueEmail(
  db: DbOrTx,
  input: { to: string; template: EmailTemplate; subject: string; payload: Record<string, unknown> },
  now: number,
): Email {
  return db.insert(emails).values({
    to: input.to,
    template: input.template,
    subject: input.subject,
    payload: input.payload,
    status: "pending",
    nextAttemptAt: now,
    createdAt: now,
  }).returning().get();
}
