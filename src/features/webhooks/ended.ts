/**
 * `subscription.ended` has no request that causes it: time does. A round announces every subscription
 * whose end fell since the last round, through a cursor kept in the database (the time announced up to),
 * read for update in the transaction that records the events and moves it: of several instances' rounds,
 * each stretch of time is announced once. The first round starts the cursor at its own time (earlier ends
 * are history, not news). A subscription on hold for a dispute is not ending: its time stands still.
 *
 * A round looks only at ends at least SETTLE_MS old. An end can be written with a time a little before its
 * transaction commits (a refund ends access "now", then commits): a round that moved the cursor past that time
 * in between would never see it. Waiting a minute lets every such transaction land first.
 */
import { and, gt, isNull, lte, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate } from "../../db";
import { appSettings, subscriptions } from "../../db/schema";
import { announceSubscription } from "./events";
import { MINUTE } from "../../lib/clock";

const CURSOR_KEY = "webhooks_ended_through";
/** How old an end must be before it is announced: far longer than any transaction that writes one. */
export const SETTLE_MS = MINUTE;

/** Announces the subscriptions that ended since the last round; answers how many. */
export async function announceEndedSubscriptions(deps: Pick<AppDeps, "db" | "clock">): Promise<number> {
  const now = deps.clock.now();
  const through = now - SETTLE_MS;
  return deps.db.transaction(async (tx) => {
    const [cursor] = await forUpdate(tx.select().from(appSettings).where(eq(appSettings.key, CURSOR_KEY)).limit(1));
    if (!cursor) {
      await tx
        .insert(appSettings)
        .values({ key: CURSOR_KEY, value: String(through) })
        .onConflictDoNothing();
      return 0;
    }
    const from = Number(cursor.value);
    if (!(through > from)) return 0;
    const ended = await tx
      .select()
      .from(subscriptions)
      .where(
        and(gt(subscriptions.endDate, from), lte(subscriptions.endDate, through), isNull(subscriptions.suspendedAt)),
      )
      .orderBy(subscriptions.endDate, subscriptions.id);
    for (const sub of ended) await announceSubscription(tx, "subscription.ended", sub, now);
    await tx
      .update(appSettings)
      .set({ value: String(through) })
      .where(eq(appSettings.key, CURSOR_KEY));
    return ended.length;
  });
}
