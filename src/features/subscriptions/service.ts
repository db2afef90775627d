/**
 * The owner's side of a subscription (docs/architecture.md#subscriptions): the dashboard view, cancelling
 * (irreversible, access to the end of the period) and redeeming another product key.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { subscriptions, users, type Subscription } from "../../db/schema";
import { toIso } from "../../lib/clock";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import { AppError, conflict, notFound } from "../../lib/errors";
import { PLANS, type PlanId } from "@shared/plans";
import type { DashboardResponse } from "@shared/api/subscriptions";
import { assertKeyAvailable, claimProductKey } from "../product-keys/service";
import { getSubscription, subscriptionAtHand } from "../users/service";
import { NOT_AT_HAND } from "../../db/prepared";
import { effectiveStatus, planEndDate, subscriptionView } from "./view";
import { mayHaveEndedByRefund, refundEndedAt } from "./refunded";
import { announceSubscription } from "../webhooks/events";

const LIFETIME_CANCEL_MESSAGE = "Lifetime access has no renewal to cancel.";
export const ALREADY_LIFETIME_MESSAGE = "You already have lifetime access. Keep this key for someone else.";

export async function dashboard(deps: AppDeps, userId: number): Promise<DashboardResponse> {
  return { subscription: await ownerSubscriptionView(deps.db, userId, deps.clock.now()) };
}

/** The owner's view of their subscription, saying when a refund ended it. */
export async function ownerSubscriptionView(db: DbOrTx, userId: number, now: number) {
  const sub = await getSubscription(db, userId);
  return subscriptionView(sub, now, await refundEndedAt(db, userId, sub, now));
}

/**
 * The same view without waiting, when the row is at hand (src/db/prepared.ts) and no refund can have ended
 * it (a running subscription, or none); NOT_AT_HAND otherwise. `/api/auth/me`'s hot path.
 */
export function ownerSubscriptionViewAtHand(db: DbOrTx, userId: number, now: number) {
  const sub = subscriptionAtHand(db, userId);
  if (sub === NOT_AT_HAND || mayHaveEndedByRefund(sub, now)) return NOT_AT_HAND;
  return subscriptionView(sub, now, null);
}

/** The user's subscription row, read for update: what is written next is computed from it. */
async function subscriptionForUpdate(tx: DbOrTx, userId: number): Promise<Subscription | undefined> {
  const [sub] = await forUpdate(tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1));
  return sub;
}

/** Stops the subscription: status 'cancelled', access kept until endDate. A second cancel answers 409. */
export async function cancelSubscription(deps: AppDeps, userId: number): Promise<DashboardResponse> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const sub = await subscriptionForUpdate(tx, userId);
    if (!sub) throw notFound("You don't have a subscription to cancel.");
    if (sub.endDate === null) throw conflict("LIFETIME_NOT_CANCELLABLE", LIFETIME_CANCEL_MESSAGE);
    const status = effectiveStatus(sub, now);
    if (status === "cancelled") throw conflict("ALREADY_CANCELLED", "This subscription is already cancelled.");
    if (status === "expired") throw conflict("SUBSCRIPTION_EXPIRED", "This subscription has already ended.");
    const [cancelled] = await tx
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    await announceSubscription(tx, "subscription.cancelled", cancelled!, now);
    const [owner] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    await queueEmail(
      tx,
      {
        to: owner!.email,
        userId,
        template: "cancellation",
        payload: { planName: PLANS[sub.plan].name, endDate: toIso(sub.endDate)!, language: accountLanguage(owner!) },
      },
      now,
    );
    return { subscription: subscriptionView(cancelled, now) };
  });
}

const PLAN_RANK: Record<PlanId, number> = { month: 0, pro: 1, lifetime: 2 };

/** The plan a running subscription shows after adding a key: the larger one, so the progress bar stays meaningful. */
function planAfterRedeem(sub: Subscription, keyPlan: PlanId, running: boolean): PlanId {
  if (!running) return keyPlan;
  return PLAN_RANK[keyPlan] > PLAN_RANK[sub.plan] ? keyPlan : sub.plan;
}

/**
 * Applies another product key: its days are added to max(now, endDate), a lifetime key makes the
 * subscription lifetime, a cancelled subscription becomes active again, and an account without a
 * subscription (an admin) gets one. Claiming the key and changing the subscription are one transaction.
 */
export async function redeemProductKey(deps: AppDeps, userId: number, rawKey: string): Promise<DashboardResponse> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const sub = await applyProductKey(tx, userId, rawKey, now);
    return { subscription: subscriptionView(sub, now) };
  });
}

/**
 * The rules of redeem inside the caller's transaction (redeem, and a renewal paid from the dashboard).
 * Throws 400/409 for an unknown or used key and 409 ALREADY_LIFETIME; answers the subscription after.
 */
export async function applyProductKey(tx: DbOrTx, userId: number, rawKey: string, now: number): Promise<Subscription> {
  const key = await assertKeyAvailable(tx, rawKey);
  const sub = await subscriptionForUpdate(tx, userId);
  if (sub && sub.endDate === null) {
    throw new AppError(409, "ALREADY_LIFETIME", ALREADY_LIFETIME_MESSAGE);
  }
  await claimProductKey(tx, key.key, userId, now);
  const days = PLANS[key.plan].days;
  if (!sub) {
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId,
        plan: key.plan,
        status: "active",
        startDate: now,
        endDate: planEndDate(days, now),
      })
      .returning();
    return created;
  }
  const running = sub.endDate! > now;
  const [extended] = await tx
    .update(subscriptions)
    .set({
      plan: planAfterRedeem(sub, key.plan, running),
      status: "active",
      cancelledAt: null,
      startDate: running ? sub.startDate : now,
      endDate: planEndDate(days, Math.max(now, sub.endDate!)),
    })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await announceSubscription(tx, "subscription.renewed", extended!, now);
  return extended;
}
