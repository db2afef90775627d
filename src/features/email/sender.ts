/**
 * The background sender: takes due e-mails from the outbox, renders and sends them, several at a
 * time, and retries failures on a schedule that spans more than a day, so an e-mail queued during a
 * provider outage of a day is still delivered. Only then is it marked failed; it stays in the outbox
 * (with its key) and an admin can retry it.
 *
 * Every provider call has a time limit, and a row is leased for longer than that limit, so no two
 * senders (two instances, or a restart) work on one e-mail at once. Each e-mail carries its own
 * random idempotency key: a send that reached the provider but whose answer was lost is recognised
 * by the provider as the same e-mail when it is tried again.
 */
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { emails, type Email } from "../../db/schema";
import { HOUR, MINUTE } from "../../lib/clock";
import { log } from "../../lib/logger";
import { startJob } from "../../lib/jobs";
import { renderEmail } from "./templates/render";
import { emailDefinition } from "./templates/registry";
import { newDeliveryKey } from "./outbox";

/** How long one provider call may take before it counts as a failed try. */
export const SEND_TIMEOUT_MS = 15_000;
/** While a send is in flight its row is leased; the lease outlives the time limit by far. */
const LEASE_MS = 2 * MINUTE;
/** E-mails sent at once: a slow or hanging provider call holds back only its own e-mail. */
export const SEND_CONCURRENCY = 4;
const BATCH = 20;

/** Wait before the next try after `attempts` failures: 30 s, 1, 2, 4, 8, 16, 32 min, then every hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);
}

/** Tries before an e-mail is marked failed: the retries span 25 hours and more. */
export const MAX_ATTEMPTS = 32;

type SenderDeps = Pick<AppDeps, "db" | "clock" | "config" | "mailer">;

function fromAddress(deps: SenderDeps): string {
  return deps.config.resend?.from ?? deps.config.emailFrom;
}

/** Leases a due e-mail for this sender; null when another sender has it or it is no longer due. */
async function lease(deps: SenderDeps, id: number, now: number): Promise<Email | null> {
  // One conditional statement: of two senders racing for a row, only one gets it back.
  const [leased] = await deps.db
    .update(emails)
    .set({ nextAttemptAt: now + LEASE_MS })
    .where(and(eq(emails.id, id), eq(emails.status, "pending"), lte(emails.nextAttemptAt, now)))
    .returning();
  if (!leased || leased.deliveryKey) return leased ?? null;
  // Rows queued before e-mails carried their own key get one, once.
  const [keyed] = await deps.db
    .update(emails)
    .set({ deliveryKey: newDeliveryKey() })
    .where(and(eq(emails.id, id), isNull(emails.deliveryKey)))
    .returning();
  if (keyed) return keyed;
  const [current] = await deps.db.select().from(emails).where(eq(emails.id, id)).limit(1);
  return current ?? null;
}

/** A secret (a reset link) is kept only until its e-mail is sent or given up on. */
function payloadAfterDelivery(email: Email): Record<string, unknown> {
  const secret = emailDefinition(email.template)?.secret;
  if (!secret) return email.payload;
  const { [secret]: _delivered, ...rest } = email.payload;
  return rest;
}

interface SendOptions {
  /** Cuts off the sends in flight when the server stops. */
  stopping?: AbortSignal;
  /** The provider call's time limit (tests shorten it). */
  timeoutMs?: number;
}

async function deliver(deps: SenderDeps, email: Email, stopping: AbortSignal, timeoutMs: number) {
  try {
    const { html, text } = await renderEmail(email.template, email.payload, deps.config.appUrl);
    const { id } = await deps.mailer.send({
      deliveryKey: email.deliveryKey!,
      outboxId: email.id,
      from: fromAddress(deps),
      to: email.to,
      subject: email.subject,
      html,
      text,
      template: email.template,
      payload: email.payload,
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping]),
    });
    await deps.db
      .update(emails)
      .set({
        status: "sent",
        sentAt: deps.clock.now(),
        attempts: sql`${emails.attempts} + 1`,
        providerMessageId: id,
        lastError: null,
        nextAttemptAt: null,
        payload: payloadAfterDelivery(email),
      })
      .where(eq(emails.id, email.id));
    return true;
  } catch (error) {
    if (stopping.aborted) {
      // Shutting down: not a failed try. The e-mail is due again at once, for the next start or another instance.
      await deps.db
        .update(emails)
        .set({ nextAttemptAt: deps.clock.now() })
        .where(and(eq(emails.id, email.id), eq(emails.status, "pending")));
      return false;
    }
    const attempts = email.attempts + 1;
    const gaveUp = attempts >= MAX_ATTEMPTS;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await deps.db
      .update(emails)
      .set({
        attempts,
        lastError: message,
        status: gaveUp ? "failed" : "pending",
        nextAttemptAt: gaveUp ? null : deps.clock.now() + retryDelayMs(attempts),
        payload: gaveUp ? payloadAfterDelivery(email) : email.payload,
      })
      .where(eq(emails.id, email.id));
    log.warn(
      {
        emailId: email.id,
        template: email.template,
        attempt: attempts,
        maxAttempts: MAX_ATTEMPTS,
        gaveUp,
        err: message,
      },
      "e-mail not sent",
    );
    return false;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Sends every e-mail that is due now; answers how many were sent and how many failed this round. */
export async function deliverDueEmails(
  deps: SenderDeps,
  options: SendOptions = {},
): Promise<{ sent: number; failed: number }> {
  const stopping = options.stopping ?? new AbortController().signal;
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.status, "pending"), lte(emails.nextAttemptAt, now)))
    .orderBy(asc(emails.nextAttemptAt), asc(emails.id))
    .limit(BATCH);
  let sent = 0;
  let failed = 0;
  await inPool(due, SEND_CONCURRENCY, async ({ id }) => {
    if (stopping.aborted) return;
    const email = await lease(deps, id, now);
    if (!email) return;
    if (await deliver(deps, email, stopping, options.timeoutMs ?? SEND_TIMEOUT_MS)) sent++;
    else if (!stopping.aborted) failed++;
  });
  return { sent, failed };
}

interface EmailSender {
  /** Waits for the sends in flight, up to `graceMs`, then cuts them off and hands their e-mails back. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Polls the outbox every `intervalMs`. A round takes up to SEND_CONCURRENCY e-mails at once; while
 * one e-mail hangs, the next round still starts and sends the others. While rounds fail (the database
 * is down) it backs off, and logs one line when that starts and one when it is over, not one a second.
 */
export function startEmailSender(
  deps: SenderDeps,
  intervalMs = 1000,
  options: Pick<SendOptions, "timeoutMs"> = {},
): EmailSender {
  return startJob({
    name: "e-mail sender",
    clock: deps.clock,
    everyMs: intervalMs,
    overlap: SEND_CONCURRENCY,
    graceMs: 5_000,
    round: (stopping) => deliverDueEmails(deps, { ...options, stopping }),
  });
}
