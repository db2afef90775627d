/**
 * Sends due renewal reminders beside the e-mail sender, for as long as the server runs: a round every
 * minute, each queuing at most a batch (REMINDER_BATCH). While a round finds a full batch (a backlog,
 * say after a long stop) the next one comes after a short pause instead, so the backlog goes out in
 * small steps between other work rather than all at once at start.
 */
import type { AppDeps } from "../../deps";
import { MINUTE } from "../../lib/clock";
import { log } from "../../lib/logger";
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    let more = false;
    try {
      const batch = await sendReminderBatch(deps, deps.clock.now());
      more = batch.more;
      if (batch.sent.length) log.info({ reminders: batch.sent.length, more }, "renewal reminders queued");
    } catch (error) {
      log.error({ err: error }, "renewal reminder round failed");
    }
    if (!stopped) timer = setTimeout(() => (running = round()), more ? catchUpMs : intervalMs);
  };
  running = round();
  return {
    /** Ends the timer and waits for a round in flight, so the database is not closed under it. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
