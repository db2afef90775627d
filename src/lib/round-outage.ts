/**
 * For a background loop whose rounds read the database: while rounds fail (the database is down) the loop
 * backs off, and logs one line when that starts and one when it is over, not one a round.
 */
import type { Clock } from "./clock";
import { log } from "./logger";

/** After `failures` failed rounds in a row, the wait before the next: 1 s, 2, 4, 8, 16, then every 30 s. */
export function outageBackoffMs(failures: number): number {
  return Math.min(1000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/** Why a round failed, in one line: the driver's reason, not the query (Drizzle's message) or a stack. */
export function roundFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.split("\n")[0]!.slice(0, 300);
}

/** Tracks one loop's failing rounds; `what` names the loop in its two log lines ("e-mail sender"). */
export function roundOutage(what: string, clock: Clock) {
  let outage: { since: number; failedRounds: number; retryAt: number } | null = null;
  return {
    /** Whether the loop should skip this tick, waiting out its back-off. */
    backingOff: () => outage !== null && clock.now() < outage.retryAt,
    succeeded() {
      if (!outage) return;
      const { since, failedRounds } = outage;
      outage = null;
      log.info({ failedRounds, downSeconds: Math.round((clock.now() - since) / 1000) }, `${what} works again`);
    },
    failed(error: unknown) {
      const now = clock.now();
      if (!outage) {
        outage = { since: now, failedRounds: 0, retryAt: now };
        log.error(
          { reason: roundFailure(error) },
          `${what} round failed; retrying with back-off, and saying nothing more until it works`,
        );
      }
      outage.failedRounds++;
      outage.retryAt = now + outageBackoffMs(outage.failedRounds);
    },
  };
}
