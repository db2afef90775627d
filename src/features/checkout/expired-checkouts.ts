/**
 * Payments started with a promotion code and left unpaid past their hold (checkout/holds.ts,
 * CHECKOUT_HOLD_MS): each intent is cancelled at the provider, so it can no longer be paid, and its
 * use is released. One the buyer paid meanwhile is fulfilled instead (a started payment is always
 * honoured); one still processing is left for its webhook. Runs every minute beside the server.
 */
import type { AppDeps } from "../../deps";
import { MINUTE } from "../../lib/clock";
import { log } from "../../lib/logger";
import { oneInstanceAtATime } from "../../db/job-lock";
import { startJob } from "../../lib/jobs";
import { expiredReservations } from "./holds";
import { settleCheckout } from "./open-checkouts";

export async function settleExpiredCheckouts(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config">,
): Promise<{ released: number; fulfilled: number }> {
  let released = 0;
  let fulfilled = 0;
  for (const checkout of await expiredReservations(deps.db, deps.clock.now())) {
    const settled = await settleCheckout(deps, checkout);
    if (settled === "paid") fulfilled++;
    else if (settled === "released") released++;
  }
  return { released, fulfilled };
}
export function startExpiredCheckoutSweeper(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config">,
  intervalMs = MINUTE,
) {
  return startJob({
    name: "expired checkout",
    clock: deps.clock,
    everyMs: intervalMs,
    // One instance at a time: the others' rounds would only cancel the same intents again.
    alone: oneInstanceAtATime(deps.db, "expired-checkouts"),
    async round() {
      const done = await settleExpiredCheckouts(deps);
      if (done.released || done.fulfilled) log.info(done, "expired checkouts settled");
    },
  });
}
