/** Sends due renewal reminders every minute, beside the e-mail sender, for as long as the server runs. */
import type { AppDeps } from "../../deps";
import { MINUTE } from "../../lib/clock";
import { log } from "../../lib/logger";
import { sendDueReminders } from "./service";

export function startReminderScheduler(deps: Pick<AppDeps, "db" | "clock">, intervalMs = MINUTE) {
  const round = () => {
    try {
      const sent = sendDueReminders(deps, deps.clock.now());
      if (sent.length) log.info({ reminders: sent.length }, "renewal reminders queued");
    } catch (error) {
      log.error({ err: error }, "renewal reminder round failed");
    }
  };
  const timer = setInterval(round, intervalMs);
  round();
  return {
    /** A round is one synchronous pass over the database, so stopping only has to end the timer. */
    stop() { clearInterval(timer); },
  };
}
