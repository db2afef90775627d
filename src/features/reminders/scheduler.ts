/**
 * Sends due renewal reminders beside the e-mail sender, for as long as the server runs: a round every
 * minute, each queuing at most a batch (REMINDER_BATCH). While a round finds a full batch (a backlog,
 * say after a long stop) the next one comes after a short pause instead, so the backlog goes out in
 * small steps between other work rather than all at once at start.
 */
import type { AppDeps } from "../../deps";
import { MINUTE } from "../../lib/clock";
import { log } from "../../lib/logger";
import { startJob } from "../../lib/jobs";
import { sendReminderBatch } from "./service";

export interface ReminderSchedule {
  /** Between rounds once nothing more is due. */
  intervalMs?: number;
  /** Between rounds while a backlog remains. */
  catchUpMs?: number;
}

export function startReminderScheduler(
  deps: Pick<AppDeps, "db" | "clock">,
  { intervalMs = MINUTE, catchUpMs = 10_000 }: ReminderSchedule = {},
) {
  // stop() ends the timer and waits for a round in flight, so the database is not closed under it.
  return startJob({
    name: "renewal reminder",
    clock: deps.clock,
    async round() {
      const batch = await sendReminderBatch(deps, deps.clock.now());
      if (batch.sent.length) log.info({ reminders: batch.sent.length, more: batch.more }, "renewal reminders queued");
      return batch.more;
    },
    nextInMs: (more) => (more ? catchUpMs : intervalMs),
  });
}
