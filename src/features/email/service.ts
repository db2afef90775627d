/** The outbox as admins see it, and resending. */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { emails, type Email } from "../../db/schema";
import { newestFirst, type Page } from "../../db/paging";
import { conflict, notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import { renderEmail } from "../../emails/render";
import { emailDefinition } from "../../emails/registry";
import { writeAudit } from "../audit/service";
import { copyEmail } from "./outbox";
import type { EmailView } from "./model";

/** A reset link signs into the account it was sent for, so nobody but its recipient may see it. */
const HIDDEN_RESET_LINK_TEXT = "(password reset link hidden)";
const RESET_RESEND_MESSAGE = "Password reset e-mails can't be resent. Ask the user to request a new link with \"Forgot password\" on the sign-in page.";

const carriesSecret = (row: Email) => emailDefinition(row.template)?.secret !== undefined;

async function plainText(deps: Pick<AppDeps, "config">, row: Email): Promise<string> {
  if (carriesSecret(row)) return HIDDEN_RESET_LINK_TEXT;
  try {
    return (await renderEmail(row.template, row.payload, deps.config.appUrl)).text;
  } catch (error) {
    return `(this e-mail cannot be rendered: ${(error as Error).message})`;
  }
}

async function emailView(deps: Pick<AppDeps, "config">, row: Email): Promise<EmailView> {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: toIso(row.createdAt)!,
    sentAt: toIso(row.sentAt),
    text: await plainText(deps, row),
  };
}

/** Newest first. */
export async function listEmails(deps: Pick<AppDeps, "db" | "config">, page: Page = {}): Promise<EmailView[]> {
  const rows = newestFirst(deps.db.select().from(emails).$dynamic(), emails, page, 50).all();
  return Promise.all(rows.map((row) => emailView(deps, row)));
}

/**
 * Queues a fresh copy of an outbox e-mail. A copy rather than a reset: the original keeps its
 * history, and the copy gets its own idempotency key, so the provider really sends it again.
 */
export async function resendEmail(deps: Pick<AppDeps, "db" | "config" | "clock">, id: number, actorUserId: number): Promise<EmailView> {
  const now = deps.clock.now();
  const copy = deps.db.transaction((tx) => {
    const original = tx.select().from(emails).where(eq(emails.id, id)).get();
    if (!original) throw notFound("No e-mail with this id.");
    if (carriesSecret(original)) throw conflict("RESET_EMAIL_NOT_RESENDABLE", RESET_RESEND_MESSAGE);
    const queued = copyEmail(tx, original, now);
    writeAudit(tx, { actorUserId, action: "email.resend", subject: `email:${id}`, detail: `queued as #${queued.id}`, at: now });
    return queued;
  });
  return emailView(deps, copy);
}
