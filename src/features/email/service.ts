/** The outbox as admins see it, and resending. */
import { and, count, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { emails, type Email } from "../../db/schema";
import { newestFirst, type Page } from "../../db/paging";
import { conflict, notFound } from "../../lib/errors";
import { writeAudit } from "../audit/service";
import { copyEmail } from "./outbox";
import type { EmailView, ListedEmailView } from "@shared/api/email";
import { carriesSecret, emailView, listedEmailView } from "./view";

const RESET_RESEND_MESSAGE =
  'Password reset e-mails can\'t be resent. Ask the user to request a new link with "Forgot password" on the sign-in page.';

/** Newest first, without the text (GET /api/admin/emails/:id renders it). */
/**
 * How many failed e-mails Retry failed e-mails would queue again (those carrying a secret link are left out, as
 * it leaves them): the button is offered only when there are some. Failed e-mails are few; they are counted by
 * template, so no payload is read.
 */
export async function countFailedEmails(deps: Pick<AppDeps, "db">): Promise<{ failed: number }> {
  const byTemplate = await deps.db
    .select({ template: emails.template, n: count() })
    .from(emails)
    .where(eq(emails.status, "failed"))
    .groupBy(emails.template);
  const failed = byTemplate
    .filter((row) => !carriesSecret({ template: row.template } as Email))
    .reduce((sum, row) => sum + Number(row.n), 0);
  return { failed };
}

export async function listEmails(deps: Pick<AppDeps, "db">, page: Page = {}): Promise<ListedEmailView[]> {
  const rows = await newestFirst(deps.db.select().from(emails).$dynamic(), emails, page, 50);
  return rows.map(listedEmailView);
}

/** One e-mail with its rendered text. */
export async function getEmail(deps: Pick<AppDeps, "db" | "config">, id: number): Promise<EmailView> {
  const [row] = await deps.db.select().from(emails).where(eq(emails.id, id)).limit(1);
  if (!row) throw notFound("No e-mail with this id.");
  return emailView(deps, row);
}

/**
 * Queues a fresh copy of an outbox e-mail. A copy rather than a reset: the original keeps its
 * history, and the copy gets its own idempotency key, so the provider really sends it again.
 */
export async function resendEmail(
  deps: Pick<AppDeps, "db" | "config" | "clock">,
  id: number,
  actorUserId: number,
): Promise<EmailView> {
  const now = deps.clock.now();
  const copy = await deps.db.transaction(async (tx) => {
    const [original] = await tx.select().from(emails).where(eq(emails.id, id)).limit(1);
    if (!original) throw notFound("No e-mail with this id.");
    if (carriesSecret(original)) throw conflict("RESET_EMAIL_NOT_RESENDABLE", RESET_RESEND_MESSAGE);
    const queued = await copyEmail(tx, original, now);
    await writeAudit(tx, {
      actorUserId,
      action: "email.resend",
      subject: `email:${id}`,
      detail: `queued as #${queued.id}`,
      at: now,
    });
    return queued;
  });
  return emailView(deps, copy);
}

/**
 * Queues every failed e-mail again, in place: the same row and the same idempotency key, so one the
 * provider did take after all is not delivered twice. Password reset e-mails are left out: their link
 * is not kept once given up on, and the user can ask for a new one.
 */
export function retryFailedEmails(
  deps: Pick<AppDeps, "db" | "clock">,
  actorUserId: number,
): Promise<{ retried: number; skipped: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const failed = await tx.select().from(emails).where(eq(emails.status, "failed"));
    const retryable = failed.filter((row) => !carriesSecret(row)).map((row) => row.id);
    if (retryable.length) {
      // Only rows that are still failed: the read above locks nothing on PostgreSQL.
      await tx
        .update(emails)
        .set({ status: "pending", attempts: 0, nextAttemptAt: now })
        .where(and(inArray(emails.id, retryable), eq(emails.status, "failed")));
    }
    const result = { retried: retryable.length, skipped: failed.length - retryable.length };
    await writeAudit(tx, {
      actorUserId,
      action: "email.retry-failed",
      subject: null,
      detail: `${result.retried} queued again${result.skipped ? `, ${result.skipped} password reset e-mails left` : ""}`,
      at: now,
    });
    return result;
  });
}
