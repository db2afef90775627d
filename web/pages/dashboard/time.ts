/** Time shown on the dashboard: a ticking clock, time remaining and the plan's progress bar (docs/architecture.md#subscriptions). */
import { useEffect, useState } from "react";
import type { PlanId } from "@shared/plans";
import type { SubscriptionView } from "@shared/api-types";

const DAY_MS = 86_400_000;

/** Re-renders every second with the current time. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Milliseconds left now, counted down from the server's figure at the moment it arrived, so a
 * wrong clock on the user's machine doesn't change it. null for lifetime access.
 */
export function remainingMs(subscription: SubscriptionView, receivedAt: number, now: number): number | null {
  if (!subscription.timeRemaining) return null;
  // On hold (a disputed payment), the time stands still.
  if (subscription.status === "suspended") return subscription.timeRemaining.total;
  return Math.max(0, subscription.timeRemaining.total - (now - receivedAt));
}

/** "12d 4h 3m 9s"; "Expired" at zero; "∞" for lifetime (null). */
export function formatRemaining(ms: number | null): string {
  if (ms === null) return "∞";
  if (ms <= 0) return "Expired";
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${days}d ${hours}h ${minutes}m ${seconds % 60}s`;
}

/** The progress bar's length: remaining time over 30 days (month) or 120 days (pro); lifetime is full. */
const PLAN_SPAN_DAYS: Record<PlanId, number | null> = { month: 30, pro: 120, lifetime: null };

export function progressPercent(plan: PlanId, ms: number | null): number {
  const span = PLAN_SPAN_DAYS[plan];
  if (span === null || ms === null) return 100;
  return Math.min(100, Math.max(0, (ms / (span * DAY_MS)) * 100));
}

export function formatDate(iso: string | null): string {
  if (!iso) return "Never";
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

export function formatClock(now: number): string {
  return new Date(now).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}
