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
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { renewalReminders, subscriptions, users } from "../../db/schema";
import { DAY, toIso } from "../../lib/clock";
import { PLANS, type PlanId } from "@shared/plans";
import type { ReminderKind } from "@shared/reminders";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";

/** An ended subscription is reminded only this soon after its end, never months later (say, when this feature first runs). */
const ENDED_REMINDER_WINDOW_MS = 3 * DAY;

export interface DueReminder {
  subscriptionId: number;
  userId: number;
  email: string;
  /** The account's language setting, which its reminders are written in. */
  language: string;
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
 * Reminders a round queues at most. However many are due (a server started after a long stop, a big
 * day of renewals), a round's work and the e-mails it hands the sender stay this size; the rest are
 * still due and go in the next rounds, soonest end first.
 */
export const REMINDER_BATCH = 10;

/**
 * What is due at `now` and not yet sent, soonest end first (at most `limit`): active subscriptions
 * with an end date (not lifetime, not on hold) whose owner has notifications on. A cancelled one gets
 * no reminder before its end (it was stopped on purpose), but does get the access-ended e-mail: its
 * access ran until then too. Every rule is in the query, so a limited read never fills up with rows
 * that are then left out (they would hold back the rest round after round).
 */
export async function dueReminders(
  db: DbOrTx,
  now: number,
  limit?: number,
  { lock = false } = {},
): Promise<DueReminder[]> {
  const query = db
    .select({
      subscriptionId: subscriptions.id,
      userId: users.id,
      email: users.email,
      language: users.language,
      plan: subscriptions.plan,
      periodEnd: subscriptions.endDate,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        or(
          eq(subscriptions.status, "active"),
          and(eq(subscriptions.status, "cancelled"), lte(subscriptions.endDate, now)),
        ),
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
      ),
    )
    .orderBy(asc(subscriptions.endDate), asc(subscriptions.id));
  const limited = limit === undefined ? query : query.limit(limit);
  // In the round's transaction the subscriptions are locked as read: a renewal being written meanwhile is
  // waited for and its new end read (PostgreSQL), so no reminder goes out for an end that no longer holds.
  const candidates = await (lock ? forUpdate(limited) : limited);
  return candidates.map((c) => ({ ...c, periodEnd: c.periodEnd!, kind: reminderDue(c.periodEnd!, now)! }));
}

/** Queues one reminder with its claim (in the caller's transaction); false when it was already claimed (another server). */
async function queueReminder(tx: DbOrTx, reminder: DueReminder, now: number): Promise<boolean> {
  const [claimed] = await tx
    .insert(renewalReminders)
    .values({
      subscriptionId: reminder.subscriptionId,
      periodEnd: reminder.periodEnd,
      kind: reminder.kind,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: renewalReminders.id });
  if (!claimed) return false;
  const planName = PLANS[reminder.plan].name;
  const endDate = toIso(reminder.periodEnd)!;
  const language = accountLanguage(reminder);
  // The end itself has its own e-mail (what stopped, and the way back); the two before it are reminders.
  if (reminder.kind === "ended")
    await queueEmail(
      tx,
      {
        to: reminder.email,
        userId: reminder.userId,
        template: "access-ended",
        payload: { planName, endDate, language },
      },
      now,
    );
  else
    await queueEmail(
      tx,
      {
        to: reminder.email,
        userId: reminder.userId,
        template: "renewal-reminder",
        payload: { kind: reminder.kind, planName, endDate, language },
      },
      now,
    );
  return true;
}

/**
 * One round: queues at most `limit` of the reminders due at `now`. Answers those this call sent
 * (another server's are not repeated) and whether more may be due (the batch was full). What is due is
 * read in the transaction that queues it, so a renewal can't land between and leave a reminder for an
 * end date that no longer holds.
 */
export async function sendReminderBatch(
  deps: Pick<AppDeps, "db">,
  now: number,
  limit = REMINDER_BATCH,
): Promise<{ sent: DueReminder[]; more: boolean }> {
  // A look on the reader first: an idle round, the usual one, takes no write lock.
  if (!(await dueReminders(deps.db, now, 1)).length) return { sent: [], more: false };
  return deps.db.transaction(async (tx) => {
    const due = await dueReminders(tx, now, limit, { lock: true });
    const sent: DueReminder[] = [];
    for (const reminder of due) if (await queueReminder(tx, reminder, now)) sent.push(reminder);
    return { sent, more: due.length === limit };
  });
}

/**
 * Queues every reminder due at `now`, a batch at a time (the command line); answers those this call
 * sent. Each batch leaves what it found no longer due (queued here or by another server), so it ends.
 */
export async function sendDueReminders(deps: Pick<AppDeps, "db">, now: number): Promise<DueReminder[]> {
  const sent: DueReminder[] = [];
  for (let more = true; more; ) {
    const batch = await sendReminderBatch(deps, now);
    sent.push(...batch.sent);
    more = batch.more;
  }
  return sent;
}
