/** Time shown on the dashboard: a ticking clock, time remaining and the plan's progress bar (docs/architecture.md#subscriptions). */
import { useEffect, useMemo, useState } from "react";
import { DEFAULT_LANGUAGE, languageInfo } from "@shared/languages";
import { useLanguage, useT } from "../../lib/language";
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

/** The progress bar's length: remaining time over 30 days (month) or 120 days (pro); lifetime is full. */
const PLAN_SPAN_DAYS: Record<PlanId, number | null> = { month: 30, pro: 120, lifetime: null };

export function progressPercent(plan: PlanId, ms: number | null): number {
  const span = PLAN_SPAN_DAYS[plan];
  if (span === null || ms === null) return 100;
  return Math.min(100, Math.max(0, (ms / (span * DAY_MS)) * 100));
}

/** The page language's locale for Intl ("en-US" for English, as the site's English pages always were). */
export function useLocale(): string {
  const language = useLanguage();
  return language === DEFAULT_LANGUAGE ? "en-US" : languageInfo(language).tag;
}

/**
 * The dashboard's dates and times in the page's language: a date ("March 3, 2026", "3. März 2026"), a date with its
 * time, the ticking clock, and time remaining ("12d 4h 3m 9s"; "Expired" at zero; "∞" for lifetime, null).
 */
export function useFormats() {
  const locale = useLocale();
  const t = useT();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric" });
    const dayTime = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
    });
    const clock = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    return {
      date: (iso: string | null) => (iso ? day.format(new Date(iso)) : t("dashboard.never")),
      dateTime: (iso: string) => dayTime.format(new Date(iso)),
      clock: (now: number) => clock.format(new Date(now)),
      remaining(ms: number | null): string {
        if (ms === null) return "∞";
        if (ms <= 0) return t("dashboard.remaining.expired");
        const seconds = Math.floor(ms / 1000);
        return t("dashboard.remaining.time", {
          days: Math.floor(seconds / 86_400),
          hours: Math.floor((seconds % 86_400) / 3600),
          minutes: Math.floor((seconds % 3600) / 60),
          seconds: seconds % 60,
        });
      },
    };
  }, [locale, t]);
}
