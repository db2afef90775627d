/** How a subscription row is shown to its owner: the dashboard's answer (docs/architecture.md#subscriptions). */
import type { Subscription } from "../../db/schema";
import type { SubscriptionStatus, SubscriptionView, TimeRemaining } from "@shared/api/subscriptions";
import { PLANS } from "@shared/plans";
import { toIso } from "../../lib/clock";

/**
 * 'expired' is derived: a stored active or cancelled subscription whose end has passed. A suspended one
 * (a disputed payment) is 'suspended' whatever its dates: its time stands still until the dispute ends.
 */
export function effectiveStatus(
  sub: Pick<Subscription, "status" | "endDate" | "suspendedAt">,
  now: number,
): SubscriptionStatus {
  if (sub.suspendedAt !== null) return "suspended";
  if (sub.endDate !== null && sub.endDate <= now) return "expired";
  return sub.status;
}

export function timeRemaining(endDate: number | null, now: number): TimeRemaining | null {
  if (endDate === null) return null;
  const total = Math.max(0, endDate - now);
  const seconds = Math.floor(total / 1000);
  return {
    total,
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

/** `refundedAt`: when a full refund of its purchase ended the access (refunded.ts); null otherwise. */
export function subscriptionView(
  sub: Subscription | undefined | null,
  now: number,
  refundedAt: number | null = null,
): SubscriptionView | null {
  if (!sub) return null;
  return {
    plan: sub.plan,
    planName: PLANS[sub.plan].name,
    status: effectiveStatus(sub, now),
    startDate: toIso(sub.startDate)!,
    endDate: toIso(sub.endDate),
    cancelledAt: toIso(sub.cancelledAt),
    refundedAt: toIso(refundedAt),
    // While suspended the clock stands at the moment of suspension.
    timeRemaining: timeRemaining(sub.endDate, sub.suspendedAt ?? now),
  };
}

/** The end date a plan bought now (or added on top of `from`) gives; null = lifetime. */
export function planEndDate(planDays: number | null, from: number): number | null {
  return planDays === null ? null : from + planDays * 86_400_000;
}
