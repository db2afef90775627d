/**
 * The background sender: takes due e-mails from the outbox, renders and sends them, and retries
 * failures with backoff. After MAX_ATTEMPTS an e-mail is marked failed; it stays in the outbox
 * (with its key) and an admin can resend it.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { emails, type Email } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import { renderEmail } from "../../emails/render";
import { emailDefinition } from "../../emails/registry";

export const MAX_ATTEMPTS = 5;
/** While one send is in flight its row is leased, so a second sender can't pick it up. */
const LEASE_MS = 2 * MINUTE;
const BATCH = 20;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min, 4 min. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * MINUTE);
}

type SenderDeps = Pick<AppDeps, "db" | "clock" | "config" | "mailer">;

function fromAddress(deps: SenderDeps): string {
  return deps.config.resend?.from ?? deps.config.emailFrom;
}

/** Leases a due e-mail for this sender; null when another sender has it or it is no longer due. */
function lease(deps: SenderDeps, id: number, now: number): Email | null {
  return deps.db.update(emails)
    .set({ nextAttemptAt: now + LEASE_MS })
    .where(and(eq(emails.id, id), eq(emails.status, "pending"), lte(emails.nextAttemptAt, now)))
    .returning().get() ?? null;
}

/** A secret (a reset link) is kept only until its e-mail is sent or given up on. */
function payloadAfterDelivery(email: Email): Record<string, unknown> {
  const secret = emailDefinition(email.template)?.secret;
  if (!secret) return email.payload;
  const { [secret]: _delivered, ...rest } = email.payload;
  return rest;
}

async function deliver(deps: SenderDeps, email: Email) {
  try {
    const { html, text } = await renderEmail(email.template, email.payload, deps.config.appUrl);
    const { id } = await deps.mailer.send({
      outboxId: email.id, from: fromAddress(deps), to: email.to, subject: email.subject,
      html, text, template: email.template, payload: email.payload,
    });
    deps.db.update(emails)
      .set({ status: "sent", sentAt: deps.clock.now(), attempts: sql`${emails.attempts} + 1`, providerMessageId: id, lastError: null, nextAttemptAt: null, payload: payloadAfterDelivery(email) })
      .where(eq(emails.id, email.id)).run();
    return true;
  } catch (error) {
    const attempts = email.attempts + 1;
    const gaveUp = attempts >= MAX_ATTEMPTS;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    deps.db.update(emails)
      .set({ attempts, lastError: message, status: gaveUp ? "failed" : "pending", nextAttemptAt: gaveUp ? null : deps.clock.now() + retryDelayMs(attempts), payload: gaveUp ? payloadAfterDelivery(email) : email.payload })
      .where(eq(emails.id, email.id)).run();
    console.error(`[email] sending #${email.id} (${email.template}) failed, attempt ${attempts}/${MAX_ATTEMPTS}: ${message}`);
    return false;
  }
}

/** Sends every e-mail that is due now; answers how many were sent and how many failed this round. */
export async function deliverDueEmails(deps: SenderDeps): Promise<{ sent: number; failed: number }> {
  const now = deps.clock.now();
  const due = deps.db.select({ id: emails.id }).from(emails)
    .where(and(eq(emails.status, "pending"), lte(emails.nextAttemptAt, now)))
    .orderBy(asc(emails.nextAttemptAt), asc(emails.id))
    .limit(BATCH).all();
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    const email = lease(deps, id, now);
    if (!email) continue;
    if (await deliver(deps, email)) sent++;
    else failed++;
  }
  return { sent, failed };
}

interface EmailSender {
  stop(): Promise<void>;
}

/** Polls the outbox every `intervalMs`; one round at a time. */
export function startEmailSender(deps: SenderDeps, intervalMs = 1000): EmailSender {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = deliverDueEmails(deps)
      .catch((error) => console.error("[email] sender round failed:", error))
      .finally(() => { running = null; });
  };
  const timer = setInterval(round, intervalMs);
  round();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
