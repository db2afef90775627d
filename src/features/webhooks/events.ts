/**
 * Recording webhook events. Called inside the transaction of the change that causes the event, so an
 * event exists exactly when its cause does (a sale that commits has its `sale.completed`, a rolled-back one
 * never); one delivery row per enabled endpoint that asked for the type, sent later by the webhook sender.
 *
 * What `data` may carry: ids, amounts in cents with their currency, the plan, dates, the buyer's e-mail
 * and country. Never a product key, plugin key, password hash or token: the builders below pick fields
 * one by one, never spread a row.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users, webhookDeliveries, webhookEndpoints, type Sale, type Subscription } from "../../db/schema";
import { toIso } from "../../lib/clock";
import { log } from "../../lib/logger";
import { newToken } from "../../lib/random";
import type { WebhookEventType } from "@shared/webhooks";

/** The largest body sent: an event is a few hundred bytes, so this only guards against a mistake. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/** A `webhook-id`: unique per event and endpoint, kept across retries and replays. */
export const newWebhookId = () => `msg_${newToken(18)}`;

export type WebhookData = Record<string, string | number | boolean | null>;

/** The exact bytes sent (and signed) for an event. */
export function webhookBody(type: WebhookEventType, data: WebhookData, at: number): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

/** Queues `type` for every enabled endpoint subscribed to it. Answers how many deliveries were queued. */
export async function recordWebhookEvent(
  tx: DbOrTx,
  type: WebhookEventType,
  data: WebhookData,
  now: number,
): Promise<number> {
  const body = webhookBody(type, data, now);
  if (Buffer.byteLength(body) > MAX_WEBHOOK_BODY_BYTES) {
    // Never fails the change itself: the sale or refund matters more than its announcement.
    log.error({ type, bytes: Buffer.byteLength(body) }, "webhook event too large; not sent");
    return 0;
  }
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true))
    .orderBy(webhookEndpoints.id);
  const targets = endpoints.filter((endpoint) => endpoint.events.includes(type));
  for (const endpoint of targets) await queueDelivery(tx, endpoint.id, type, body, newWebhookId(), now);
  return targets.length;
}

/** One delivery of `body` to one endpoint, due now (an event's, a test's or a replay's). */
export async function queueDelivery(
  tx: DbOrTx,
  endpointId: number,
  type: string,
  body: string,
  messageId: string,
  now: number,
) {
  const [queued] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId, messageId, eventType: type, body, status: "pending", nextAttemptAt: now, createdAt: now })
    .returning();
  return queued!;
}

/** What a sale was, as events name it: a renewal is a purchase paid from an account's dashboard. */
export const saleKindOf = (sale: Pick<Sale, "kind" | "renewalUserId">) =>
  sale.kind === "added-seats" ? "added-seats" : sale.renewalUserId !== null ? "renewal" : "purchase";

/** A sale as events describe it: `seats` is how many it paid for (added seats: how many were added). */
export function saleData(sale: Sale): WebhookData {
  return {
    saleId: sale.id,
    kind: saleKindOf(sale),
    plan: sale.plan,
    seats: sale.seats,
    amountCents: sale.amountCents,
    currency: sale.currency,
    taxCents: sale.taxCents,
    discountCents: sale.discountCents,
    promotionCode: sale.promotionCode,
    refundedCents: sale.refundedCents,
    email: sale.email,
    country: sale.country,
    invoiceNumber: sale.invoiceNumber,
    renewalUserId: sale.renewalUserId,
    createdAt: toIso(sale.createdAt),
  };
}

async function emailOf(tx: DbOrTx, userId: number): Promise<string | null> {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.email ?? null;
}

/** A subscription as events describe it, with its account's address. */
export async function subscriptionData(tx: DbOrTx, sub: Subscription): Promise<WebhookData> {
  return {
    subscriptionId: sub.id,
    userId: sub.userId,
    email: await emailOf(tx, sub.userId),
    plan: sub.plan,
    status: sub.status,
    startDate: toIso(sub.startDate),
    endDate: toIso(sub.endDate),
    cancelledAt: toIso(sub.cancelledAt),
  };
}

/** `sale.completed`, from the fulfilment's transaction. */
export const announceSale = (tx: DbOrTx, sale: Sale, now: number) =>
  recordWebhookEvent(tx, "sale.completed", saleData(sale), now);

/** `sale.refunded`: `refundedCents` is this refund, `totalRefundedCents` the sale's total so far. */
export const announceRefund = (tx: DbOrTx, sale: Sale, refundedCents: number, now: number) =>
  recordWebhookEvent(
    tx,
    "sale.refunded",
    {
      ...saleData(sale),
      refundedCents,
      totalRefundedCents: sale.refundedCents + refundedCents,
      full: sale.refundedCents + refundedCents >= sale.amountCents,
    },
    now,
  );

/** `dispute.opened` or `dispute.closed` (with its outcome), from the dispute's transaction. */
export const announceDispute = (
  tx: DbOrTx,
  type: "dispute.opened" | "dispute.closed",
  sale: Sale,
  dispute: { id: string; status: string; amountCents: number },
  now: number,
) =>
  recordWebhookEvent(
    tx,
    type,
    {
      ...saleData(sale),
      disputeId: dispute.id,
      disputeStatus: dispute.status,
      disputeAmountCents: dispute.amountCents,
      ...(type === "dispute.closed" ? { outcome: dispute.status === "lost" ? "lost" : "won" } : {}),
    },
    now,
  );

/** `subscription.renewed`, `.cancelled` or `.ended`. */
export async function announceSubscription(
  tx: DbOrTx,
  type: "subscription.renewed" | "subscription.cancelled" | "subscription.ended",
  sub: Subscription,
  now: number,
) {
  return recordWebhookEvent(tx, type, await subscriptionData(tx, sub), now);
}

/** `key.redeemed`: the key's id and plan, never the key itself. */
export async function announceKeyRedeemed(
  tx: DbOrTx,
  key: { id: number; plan: string; saleId: number | null; usedByUserId: number | null },
  now: number,
) {
  const userId = key.usedByUserId;
  return recordWebhookEvent(
    tx,
    "key.redeemed",
    {
      keyId: key.id,
      plan: key.plan,
      saleId: key.saleId,
      userId,
      email: userId === null ? null : await emailOf(tx, userId),
    },
    now,
  );
}

/** `account.created` or `account.deleted`. */
export const announceAccount = (
  tx: DbOrTx,
  type: "account.created" | "account.deleted",
  account: { id: number; email: string },
  now: number,
) => recordWebhookEvent(tx, type, { userId: account.id, email: account.email }, now);

/** `ticket.created`: its number and subject; the message stays in the admin panel. */
export const announceTicket = (
  tx: DbOrTx,
  ticket: { id: number; email: string; subject: string | null },
  number: string,
  now: number,
) =>
  recordWebhookEvent(
    tx,
    "ticket.created",
    { ticketId: ticket.id, number, email: ticket.email, subject: ticket.subject },
    now,
  );
