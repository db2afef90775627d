/**
 * The webhook sender: delivers queued events one at a time per endpoint, in the order they were recorded,
 * with several endpoints served at once. An endpoint's next delivery waits while its oldest pending one is
 * being sent or waits for a retry, so a receiver always sees events in order.
 *
 * Like the e-mail outbox, a delivery is leased (its next attempt moved past the time limit) by one
 * conditional statement before it is sent, so of several instances on one PostgreSQL database only one
 * sends it; an instance killed mid-send leaves a lease that expires, and another takes the delivery over.
 * A failed attempt (no 2xx answer, a redirect, a time-out) is retried on the Standard Webhooks schedule,
 * then marked failed; an endpoint whose attempts have all failed for 5 days is turned off and the admins
 * are e-mailed once.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import {
  users,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "../../db/schema";
import { DAY, MINUTE, toIso } from "../../lib/clock";
import { log } from "../../lib/logger";
import { startJob } from "../../lib/jobs";
import { queueEmail } from "../email/outbox";
import { WEBHOOK_RETRY_DELAYS_SECONDS } from "@shared/webhooks";
import { signedHeaders } from "./signing";
import { deliverableAddresses, parseWebhookUrl, type ResolveHost } from "./target";
import { postToAddresses } from "./post";
import { announceEndedSubscriptions } from "./ended";

/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** A delivery in flight is leased for far longer than its time limit. */
const LEASE_MS = 2 * MINUTE;
/** Endpoints served at once: a slow receiver holds back only its own deliveries. */
const CONCURRENCY = 4;
const BATCH = 20;
/** How much of a receiver's answer is read and kept. */
export const MAX_RESPONSE_BYTES = 1024;
/** Tries in all: the first, then one after each wait of the schedule. */
export const MAX_WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
/** An endpoint failing this long without one success is turned off. */
export const DISABLE_AFTER_MS = 5 * DAY;

type SenderDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** Each enabled endpoint's oldest pending delivery, when it is due. */
async function dueHeads(db: DbOrTx, now: number) {
  return db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        sql`${webhookDeliveries.id} = (select min(queued.id) from webhook_deliveries queued where queued.endpoint_id = ${webhookDeliveries.endpointId} and queued.status = 'pending')`,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(BATCH);
}

/** Leases a due delivery for this sender; null when another sender has it or it is no longer due. */
async function lease(db: DbOrTx, id: number, now: number) {
  const [leased] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now + LEASE_MS })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!leased) return null;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, leased.endpointId));
  return endpoint ? { delivery: leased, endpoint } : null;
}

/** PostgreSQL's text refuses NUL; a receiver's answer or error may hold one. */
const withoutNul = (text: string) => text.replaceAll("\u0000", "");

/** The secrets a delivery is signed with now: the current one, and the previous one during a rotation. */
export function signingSecrets(endpoint: WebhookEndpoint, now: number): string[] {
  const previous =
    endpoint.previousSecret && (endpoint.previousSecretUntil ?? 0) > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

interface AttemptResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
}

/** One POST of the delivery's body, signed for this attempt's time. */
export async function attemptDelivery(
  deps: SenderDeps,
  endpoint: WebhookEndpoint,
  delivery: Pick<WebhookDelivery, "messageId" | "body">,
  signal: AbortSignal,
  resolveHost?: ResolveHost,
): Promise<AttemptResult> {
  const now = deps.clock.now();
  try {
    const url = parseWebhookUrl(endpoint.url, deps.config);
    const addresses = await deliverableAddresses(url, deps.config, resolveHost);
    const headers = signedHeaders(
      signingSecrets(endpoint, now),
      delivery.messageId,
      Math.floor(now / 1000),
      delivery.body,
    );
    const answer = await postToAddresses(url, addresses, {
      headers,
      body: delivery.body,
      signal,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    const body = withoutNul(answer.body);
    return { ok, status: answer.status, body, error: ok ? null : `The receiver answered ${answer.status}.` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const message = timedOut
      ? "No answer within the time limit."
      : withoutNul(error instanceof Error ? error.message : String(error)).slice(0, 500);
    return { ok: false, status: null, body: null, error: message };
  }
}

/** Turns an endpoint off once its attempts have all failed for DISABLE_AFTER_MS; the admins hear of it once. */
async function noteEndpointFailure(deps: SenderDeps, endpoint: WebhookEndpoint, now: number) {
  await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (!marked?.enabled || now - marked.failingSince! < DISABLE_AFTER_MS) return;
    const since = toIso(marked.failingSince)!.slice(0, 10);
    const reason = `Every delivery failed from ${since} for 5 days.`;
    // Conditional: of two senders noticing at once, one turns it off and e-mails.
    const [turnedOff] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!turnedOff) return;
    log.warn({ endpointId: endpoint.id, failingSince: marked.failingSince }, "webhook endpoint turned off");
    const admins = await tx.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).orderBy(users.id);
    const lines = [
      `Every delivery to ${endpoint.url} has failed since ${since}; the endpoint is now off and receives no new events.`,
      "Fix the receiver, then turn the endpoint on again in the admin panel's Webhooks tab: waiting deliveries are sent then.",
    ];
    for (const admin of admins)
      await queueEmail(
        tx,
        {
          to: admin.email,
          template: "webhook-alert",
          payload: { headline: "A webhook endpoint was turned off", lines },
        },
        now,
      );
  });
}

/** Records an attempt's result on the delivery (and the endpoint): delivered, retried later, or failed. */
async function recordAttempt(
  deps: SenderDeps,
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  result: AttemptResult,
) {
  const now = deps.clock.now();
  const attempts = delivery.attempts + 1;
  const gaveUp = !result.ok && attempts >= MAX_WEBHOOK_ATTEMPTS;
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1] ?? 0;
  await deps.db
    .update(webhookDeliveries)
    .set({
      attempts,
      status: result.ok ? "delivered" : gaveUp ? "failed" : "pending",
      nextAttemptAt: result.ok || gaveUp ? null : now + delay * 1000,
      lastAttemptAt: now,
      lastResponseStatus: result.status,
      lastResponseBody: result.body,
      lastError: result.error,
      deliveredAt: result.ok ? now : null,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (result.ok) {
    await deps.db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, endpoint.id), sql`${webhookEndpoints.failingSince} is not null`));
    return;
  }
  log.warn(
    {
      endpointId: endpoint.id,
      deliveryId: delivery.id,
      attempt: attempts,
      gaveUp,
      status: result.status,
      err: result.error,
    },
    "webhook not delivered",
  );
  await noteEndpointFailure(deps, endpoint, now);
}

interface SendOptions {
  /** Cuts off the attempts in flight when the server stops. */
  stopping?: AbortSignal;
  /** The receiver's time limit (tests shorten it). */
  timeoutMs?: number;
  /** How receivers' host names are resolved (the system's resolver unless a test gives its own). */
  resolveHost?: ResolveHost;
}

/** Sends every delivery that is due now; answers how many were delivered and how many attempts failed. */
export async function deliverDueWebhooks(
  deps: SenderDeps,
  options: SendOptions = {},
): Promise<{ delivered: number; failed: number }> {
  const stopping = options.stopping ?? new AbortController().signal;
  const now = deps.clock.now();
  const due = await dueHeads(deps.db, now);
  let next = 0;
  let delivered = 0;
  let failed = 0;
  const worker = async () => {
    while (next < due.length && !stopping.aborted) {
      const leased = await lease(deps.db, due[next++]!.id, now);
      if (!leased) continue;
      const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS), stopping]);
      const result = await attemptDelivery(deps, leased.endpoint, leased.delivery, signal, options.resolveHost);
      if (stopping.aborted) {
        // Shutting down: not a failed try. Due again at once, for the next start or another instance.
        await deps.db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: deps.clock.now() })
          .where(and(eq(webhookDeliveries.id, leased.delivery.id), eq(webhookDeliveries.status, "pending")));
        return;
      }
      await recordAttempt(deps, leased.endpoint, leased.delivery, result);
      if (result.ok) delivered++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return { delivered, failed };
}

/** How often the ends of subscriptions are looked for (`subscription.ended`). */
const ENDED_ROUND_MS = MINUTE;

/**
 * Polls the queue every `intervalMs`, and once a minute records the subscriptions that ended. Rounds may
 * overlap (up to CONCURRENCY): while one waits on a receiver that hangs, the next still serves the other
 * endpoints, whose deliveries their leases keep apart. `stop()` waits for the rounds, then cuts them off.
 */
export function startWebhookSender(deps: SenderDeps, intervalMs = 1000, options: Pick<SendOptions, "timeoutMs"> = {}) {
  let lastEndedRound = 0;
  return startJob({
    name: "webhook sender",
    clock: deps.clock,
    everyMs: intervalMs,
    overlap: CONCURRENCY,
    graceMs: 5_000,
    async round(stopping) {
      if (Date.now() - lastEndedRound >= ENDED_ROUND_MS) {
        lastEndedRound = Date.now();
        await announceEndedSubscriptions(deps);
      }
      await deliverDueWebhooks(deps, { ...options, stopping });
    },
  });
}
