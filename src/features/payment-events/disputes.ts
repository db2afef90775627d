/**
 * Disputes (chargebacks) and early fraud warnings from the card provider.
 *
 * A dispute event is only a nudge: the dispute is retrieved from the provider and the sale is brought
 * to match its current status, so redelivered events, events out of order (closed before created) and
 * the noise between (updated, funds_withdrawn) all end in the same state.
 * - an inquiry (warning_*: the bank asks, no money is taken yet): the admins are told once; access stays.
 * - open as a chargeback (or once funds are withdrawn): the sale is 'disputed' and what it paid for is on hold: an unused key can't be used, and the
 *   subscription a used key fed is suspended (plugin validation answers SUBSCRIPTION_SUSPENDED, its time
 *   stands still).
 * - won (or closed without a chargeback): the sale is 'paid' again and the subscription resumes; its end
 *   moves later by the time it was on hold.
 * - lost: it ends like a full refund.
 * Admins are e-mailed when a dispute opens and when it ends; each change is audited.
 */
import { and, eq, ne } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { productKeys, sales, subscriptions, users, type Sale } from "../../db/schema";
import { log } from "../../lib/logger";
import { PLANS } from "@shared/plans";
import { queueEmail } from "../email/outbox";
import { writeAudit } from "../audit/service";
import { fulfilPayment } from "../checkout/fulfilment";
import { refundPayment } from "../refunds/record";
import type { ProviderDispute, ProviderEvent } from "../payments/provider";
import { announceDispute } from "../webhooks/events";
import { saleByPaymentIntent } from "../purchases/service";

type DisputeDeps = Pick<AppDeps, "db" | "clock" | "payments" | "config">;

/** Statuses while the bank has not decided; everything else is final. */
const OPEN_STATUSES = new Set([
  "warning_needs_response",
  "warning_under_review",
  "needs_response",
  "under_review",
  "appeal_needs_response",
  "appeal_under_review",
]);
/** An inquiry: the bank asks questions, no money has been taken back, it may never become a chargeback. */
const INQUIRY_STATUSES = new Set(["warning_needs_response", "warning_under_review"]);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const describe = (sale: Sale) =>
  `${PLANS[sale.plan].name} bought by ${sale.email} for ${dollars(sale.amountCents)} (payment ${sale.paymentIntentId})`;

/** Queues the alert to every admin account. */
async function alertAdmins(tx: DbOrTx, headline: string, lines: string[], now: number) {
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).orderBy(users.id);
  for (const admin of admins) {
    await queueEmail(tx, { to: admin.email, template: "payment-alert", payload: { headline, lines } }, now);
  }
}

/** The account whose subscription the sale's key fed, or null (an unused key, or none). */
async function keyOwner(tx: DbOrTx, sale: Sale): Promise<number | null> {
  if (sale.productKeyId === null) return null;
  const [key] = await tx
    .select({ userId: productKeys.usedByUserId })
    .from(productKeys)
    .where(eq(productKeys.id, sale.productKeyId))
    .limit(1);
  return key?.userId ?? null;
}

/** The account's subscription, read inside the transaction that changes it. */
async function subscriptionOf(tx: DbOrTx, userId: number) {
  const [sub] = await forUpdate(tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1));
  return sub;
}

async function suspend(tx: DbOrTx, sale: Sale, now: number): Promise<string> {
  const userId = await keyOwner(tx, sale);
  if (userId === null) return "its key is on hold";
  const sub = await subscriptionOf(tx, userId);
  if (!sub) return `user ${userId} has no subscription`;
  if (sub.suspendedAt !== null) return `the subscription of user ${userId} was already on hold`;
  await tx.update(subscriptions).set({ suspendedAt: now }).where(eq(subscriptions.id, sub.id));
  return `the subscription of user ${userId} is on hold`;
}

/** Resumes the subscription, unless another disputed sale of the same account still holds it. */
async function restore(tx: DbOrTx, sale: Sale, now: number): Promise<string> {
  const userId = await keyOwner(tx, sale);
  if (userId === null) return "its key can be used again";
  const otherDisputes = await tx
    .select({ id: sales.id })
    .from(sales)
    .innerJoin(productKeys, eq(productKeys.id, sales.productKeyId))
    .where(and(eq(sales.status, "disputed"), ne(sales.id, sale.id), eq(productKeys.usedByUserId, userId)))
    .limit(1);
  const sub = await subscriptionOf(tx, userId);
  if (!sub || sub.suspendedAt === null || otherDisputes.length)
    return `the subscription of user ${userId} stays as it is`;
  const held = now - sub.suspendedAt;
  await tx
    .update(subscriptions)
    .set({ suspendedAt: null, endDate: sub.endDate === null ? null : sub.endDate + held })
    .where(eq(subscriptions.id, sub.id));
  return `the subscription of user ${userId} resumed, its end moved ${Math.round(held / 60_000)} minutes later`;
}

/** What a dispute event found: the sale as it is and the dispute as the provider has it now. */
interface Seen {
  sale: Sale;
  dispute: ProviderDispute;
  open: boolean;
  inquiry: boolean;
  lost: boolean;
}

/**
 * One change of a sale's dispute state: when it applies, the sale's new status, the webhook event, what happens to
 * what the sale paid for (`access`, which says it in a few words), and what is audited and told to the admins. The
 * first transition whose `when` holds is the one; none holding, only the dispute's own fields are recorded.
 */
interface Transition {
  when: (seen: Seen) => boolean;
  becomes?: "disputed" | "paid";
  announce?: "dispute.opened" | "dispute.closed";
  access?: (tx: DbOrTx, sale: Sale, now: number) => Promise<string>;
  /** Audited and told now; a lost dispute is told after its refund instead (`endsLikeARefund`). */
  told?: { action: AuditAction; headline: string; lines: (seen: Seen, outcome: string) => string[] };
  endsLikeARefund?: boolean;
}

type AuditAction = Parameters<typeof writeAudit>[1]["action"];

const spoken = (status: string) => status.replace(/_/g, " ");

const TRANSITIONS: Transition[] = [
  // An inquiry already told: nothing more until it becomes a chargeback or ends.
  { when: ({ inquiry, sale, dispute }) => inquiry && sale.status === "paid" && sale.disputeId === dispute.id },
  {
    when: ({ inquiry, sale }) => inquiry && sale.status === "paid",
    told: {
      action: "sale.dispute-inquiry",
      headline: "A bank is asking about a payment",
      lines: ({ sale, dispute }) => [
        `The buyer's bank is asking about ${describe(sale)} (an inquiry: ${spoken(dispute.status)}). No money has been taken back yet.`,
        "Access stays as it is. Answer in the Stripe Dashboard; it is put on hold only if the inquiry becomes a chargeback.",
      ],
    },
  },
  {
    when: ({ open, sale }) => open && sale.status === "paid",
    becomes: "disputed",
    announce: "dispute.opened",
    access: suspend,
    told: {
      action: "sale.disputed",
      headline: "A payment was disputed",
      lines: ({ sale, dispute }, outcome) => [
        `${describe(sale)} is disputed with the buyer's bank (${spoken(dispute.status)}), for ${dollars(dispute.amountCents)}.`,
        `What it paid for is on hold: ${outcome}. Answer the dispute in the Stripe Dashboard.`,
      ],
    },
  },
  {
    when: ({ open, lost, sale }) => !open && lost && sale.status === "disputed",
    becomes: "paid",
    announce: "dispute.closed",
    access: restore,
    endsLikeARefund: true,
  },
  {
    when: ({ open, sale }) => !open && sale.status === "disputed",
    becomes: "paid",
    announce: "dispute.closed",
    access: restore,
    told: {
      action: "sale.dispute-won",
      headline: "A dispute ended in your favour",
      lines: ({ sale, dispute }, outcome) => [
        `The dispute of ${describe(sale)} ended: ${spoken(dispute.status)}.`,
        `What it paid for is back: ${outcome}.`,
      ],
    },
  },
  // Closed as lost before it was ever seen open.
  { when: ({ lost, sale }) => lost && sale.status === "paid", announce: "dispute.closed", endsLikeARefund: true },
];

/** Makes the transition's changes inside the sale's transaction; answers whether it ends like a refund. */
async function apply(tx: DbOrTx, transition: Transition, seen: Seen, now: number): Promise<boolean> {
  const { sale, dispute } = seen;
  if (transition.becomes) await tx.update(sales).set({ status: transition.becomes }).where(eq(sales.id, sale.id));
  if (transition.announce) await announceDispute(tx, transition.announce, sale, dispute, now);
  const outcome = transition.access ? await transition.access(tx, sale, now) : "access unchanged";
  if (transition.told) {
    const { action, headline, lines } = transition.told;
    const detail = `${dispute.id} (${dispute.status}): ${outcome}`;
    await writeAudit(tx, { actorUserId: null, action, subject: `sale:${sale.id}`, detail, at: now });
    await alertAdmins(tx, headline, lines(seen, outcome), now);
  }
  return transition.endsLikeARefund === true;
}

/** Brings the sale to the dispute's current status (see the top of this file). */
export async function settleDispute(deps: DisputeDeps, disputeId: string): Promise<void> {
  const dispute = await deps.payments.retrieveDispute(disputeId);
  const paymentIntentId = dispute?.paymentIntentId;
  if (!dispute || !paymentIntentId) {
    log.warn({ disputeId }, "dispute without a payment we know; nothing recorded");
    return;
  }
  // A dispute can come before the payment was fulfilled here; fulfilling first keeps one path for both.
  if (!(await saleByPaymentIntent(deps.db, paymentIntentId))) await fulfilPayment(deps, paymentIntentId);
  if (!(await saleByPaymentIntent(deps.db, paymentIntentId))) {
    log.warn({ disputeId, paymentIntentId }, "dispute for a payment that is not one of our sales; nothing recorded");
    return;
  }
  const open = OPEN_STATUSES.has(dispute.status);
  const inquiry = INQUIRY_STATUSES.has(dispute.status) && !dispute.fundsWithdrawn;
  const lost = dispute.status === "lost";
  const now = deps.clock.now();
  const endsLikeARefund = await deps.db.transaction(async (tx) => {
    // Read where it is changed: a redelivered event running alongside waits, then sees this one's result.
    const sale = (
      await forUpdate(tx.select().from(sales).where(eq(sales.paymentIntentId, paymentIntentId)).limit(1))
    )[0]!;
    const seen: Seen = { sale, dispute, open, inquiry, lost };
    const transition = TRANSITIONS.find((candidate) => candidate.when(seen));
    const becameLost = transition ? await apply(tx, transition, seen, now) : false;
    await tx
      .update(sales)
      .set({
        disputeId: dispute.id,
        disputeStatus: dispute.status,
        disputeAmountCents: dispute.amountCents,
        disputeFeeCents: dispute.feeCents,
        disputedAt: sale.disputedAt ?? now,
        disputeClosedAt: open ? null : (sale.disputeClosedAt ?? now),
      })
      .where(eq(sales.id, sale.id));
    return becameLost;
  });

  if (!endsLikeARefund) return;
  const refunded = await refundPayment(deps, paymentIntentId);
  await deps.db.transaction(async (tx) => {
    const sale = refunded ?? (await saleByPaymentIntent(tx, paymentIntentId))!;
    await writeAudit(tx, {
      actorUserId: null,
      action: "sale.dispute-lost",
      subject: `sale:${sale.id}`,
      detail: `${dispute.id}: ended like a refund`,
      at: now,
    });
    await alertAdmins(
      tx,
      "A dispute was lost",
      [
        `The dispute of ${describe(sale)} was lost: the money stays with the buyer.`,
        "What it paid for has ended, as for a refund.",
      ],
      now,
    );
  });
}

/**
 * An early fraud warning: by EARLY_FRAUD_WARNING, refund the charge at once (before it becomes a
 * dispute, with an idempotency key from the warning, so a redelivery never refunds twice) and end
 * what it paid for, or only tell the admins. Audited either way.
 */
export async function handleFraudWarning(deps: DisputeDeps, event: ProviderEvent): Promise<void> {
  const paymentIntentId =
    event.paymentIntentId ?? (event.chargeId ? await deps.payments.paymentIntentOfCharge(event.chargeId) : null);
  const sale = paymentIntentId ? await saleByPaymentIntent(deps.db, paymentIntentId) : undefined;
  if (!paymentIntentId || !sale) {
    log.warn(
      { warningId: event.objectId, paymentIntentId },
      "early fraud warning for a payment that is not one of our sales; nothing recorded",
    );
    return;
  }
  const policy = deps.config.earlyFraudWarning;
  const refundable = policy === "refund" && sale.status === "paid";
  if (refundable) {
    await deps.payments.refund({
      paymentIntentId,
      amountCents: sale.amountCents - sale.refundedCents,
      idempotencyKey: `efw-${event.objectId ?? event.id}`,
    });
    await refundPayment(deps, paymentIntentId);
  }
  const now = deps.clock.now();
  const done = refundable
    ? "It was refunded and what it paid for has ended."
    : policy === "refund"
      ? `It was not refunded: the sale is ${sale.status}.`
      : "Nothing was refunded (EARLY_FRAUD_WARNING=alert): decide in the Stripe Dashboard.";
  await deps.db.transaction(async (tx) => {
    await writeAudit(tx, {
      actorUserId: null,
      action: "sale.fraud-warning",
      subject: `sale:${sale.id}`,
      detail: `${event.objectId ?? event.id} (policy ${policy}): ${done}`,
      at: now,
    });
    await alertAdmins(
      tx,
      "Early fraud warning",
      [`The card issuer reported ${describe(sale)} as likely fraud.`, done],
      now,
    );
  });
}
