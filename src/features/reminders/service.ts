/**
 * Renewal reminders (issue: "a buyer who never needs a support ticket"): a subscription with an end
 * date gets an e-mail 7 days before it, 1 day before it, and one when access has ended. Each goes
 * once per period, a period being the subscription's end date: redeeming or renewing moves the end,
 * so the new period's reminders come again. The (subscription, end, kind) row and its e-mail are
 * written in one transaction under a unique index, so restarts and two servers never send twice.
 *
 * Only the reminder for where the subscription is now is due (the windows don't overlap): a server
 * that was down through the 7-day mark and starts 12 hours before the end sends only the 1-day one.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { renewalReminders, subscriptions, users } from "../../db/schema";
import { DAY, toIso } from "../../lib/clock";
import { PLANS, type PlanId } from "../../shared/plans";
import type { ReminderKind } from "../../shared/reminders";
import { queueEmail } from "../email/outbox";

/** An ended subscription is reminded only this soon after its end, never months later (say, when this feature first runs). */
const ENDED_REMINDER_WINDOW_MS = 3 * DAY;

export interface DueReminder {
  subscriptionId: number;
  email: string;
  plan: PlanId;
  kind: ReminderKind;
  /** The end of access (ms), which also names the period. */
  periodEnd: number;
}

/** Which reminder a subscription ending at `end` is due at `now`, or null. */
export function reminderDue(end: number, now: number): ReminderKind | null {
  if (end <= now) return now - end < ENDED_REMINDER_WINDOW_MS ? "ended" : null;
  if (end - now <= DAY) return "1-day";
  if (end - now <= 7 * DAY) return "7-days";
  return null;
}

/**
 * What is due at `now` and not yet sent: active subscriptions with an end date (not lifetime, not on
 * hold) whose owner has notifications on. A cancelled one gets no reminder before its end (it was
 * stopped on purpose), but does get the access-ended e-mail: its access ran until then too.
 */
export function dueReminders(db: DbOrTx, now: number): DueReminder[] {
  const candidates = db.select({
    subscriptionId: subscriptions.id, email: users.email, plan: subscriptions.plan, periodEnd: subscriptions.endDate, status: subscriptions.status,
  })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(
      inArray(subscriptions.status, ["active", "cancelled"]),
      isNull(subscriptions.suspendedAt), // on hold (a disputed payment): its end is not where it will be
      isNotNull(subscriptions.endDate),
      gt(subscriptions.endDate, now - ENDED_REMINDER_WINDOW_MS),
      lte(subscriptions.endDate, now + 7 * DAY),
      eq(users.notifications, true),
      // Already reminded for where it is now: left in SQLite, so a pass every minute over a large site
      // reads only what is due, not every subscription in the window (the same rule as reminderDue).
      sql`not exists (select 1 from ${renewalReminders} where ${renewalReminders.subscriptionId} = ${subscriptions.id}
        and ${renewalReminders.periodEnd} = ${subscriptions.endDate}
        and ${renewalReminders.kind} = case when ${subscriptions.endDate} <= ${now} then 'ended'
          when ${subscriptions.endDate} - ${now} <= ${DAY} then '1-day' else '7-days' end)`,
    ))
    .all();
  const due: DueReminder[] = [];
  for (const { status, ...c } of candidates) {
    const kind = reminderDue(c.periodEnd!, now);
    if (!kind || (status === "cancelled" && kind !== "ended")) continue;
    due.push({ ...c, periodEnd: c.periodEnd!, kind });
  }
  return due;
}

/** Queues every reminder due at `now`; answers those this call sent (another server's are not repeated). */
export function sendDueReminders(deps: Pick<AppDeps, "db">, now: number): DueReminder[] {
  const sent: DueReminder[] = [];
  for (const reminder of dueReminders(deps.db, now)) {
    const queued = deps.db.transaction((tx) => {
      const claimed = tx.insert(renewalReminders)
        .values({ subscriptionId: reminder.subscriptionId, periodEnd: reminder.periodEnd, kind: reminder.kind, createdAt: now })
        .onConflictDoNothing().returning().get();
      if (!claimed) return false;
      const planName = PLANS[reminder.plan].name;
      const endDate = toIso(reminder.periodEnd)!;
      // The end itself has its own e-mail (what stopped, and the way back); the two before it are reminders.
      if (reminder.kind === "ended") queueEmail(tx, { to: reminder.email, template: "access-ended", payload: { planName, endDate } }, now);
      else queueEmail(tx, { to: reminder.email, template: "renewal-reminder", payload: { kind: reminder.kind, planName, endDate } }, now);
      return true;
    }, { behavior: "immediate" });
    if (queued) sent.push(reminder);
  }
  return sent;
}
