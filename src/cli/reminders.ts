/** `layerlift reminders`: the renewal reminders due now or at a given moment, sent or only listed. */
import { systemClock } from "../lib/clock";
import { flagOption, textOption, UsageError, type Command } from "./command";

export const remindersCommand: Command = {
  usage: `  layerlift reminders [--at ISO-DATE] [--dry-run]     send the renewal reminders due now (or at that
                                                      moment); --dry-run lists them and sends nothing`,
  options: { at: { type: "string" }, "dry-run": { type: "boolean" } },
  database: "existing",
  async run({ config, values }) {
    const given = textOption(values, "at");
    const at = given === undefined ? systemClock.now() : Date.parse(given);
    if (!Number.isFinite(at)) throw new UsageError("--at must be a date and time, e.g. 2026-12-01T09:00:00Z");
    const dryRun = flagOption(values, "dry-run");
    const { openConfiguredDatabase } = await import("../db");
    const { dueReminders, sendDueReminders } = await import("../features/reminders/service");
    const db = await openConfiguredDatabase(config);
    const reminders = dryRun ? await dueReminders(db, at) : await sendDueReminders({ db }, at);
    const verb = dryRun ? "due" : "queued";
    console.log(
      `${reminders.length} renewal ${reminders.length === 1 ? "reminder" : "reminders"} ${verb} at ${new Date(at).toISOString()}${reminders.length ? ":" : "."}`,
    );
    for (const r of reminders)
      console.log(`  ${r.email}\t${r.kind}\t${r.plan}\tends ${new Date(r.periodEnd).toISOString()}`);
    return 0;
  },
};
