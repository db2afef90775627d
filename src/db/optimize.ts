/**
 * Query-planner statistics kept fresh as SQLite recommends for a long-lived connection: `PRAGMA
 * optimize=0x10002` when the server starts (analysing only what needs it, each table's sample capped
 * by analysis_limit so the cost doesn't grow with the data), then `PRAGMA optimize` every few hours.
 * tests/api/query-plans.test.ts holds every hot and admin query's plan to using its index with these
 * statistics and without them.
 */
import { engineOf, withWriter, type Db } from "./index";
import { HOUR, systemClock } from "../lib/clock";
import { startJob } from "../lib/jobs";
import { log } from "../lib/logger";

export const OPTIMIZE_EVERY_MS = 4 * HOUR;
const ANALYSIS_LIMIT = 1000;

/**
 * On the writer, under the gate; then the reader is opened anew, since a connection reads the
 * statistics only when it loads the schema, and SQLite has the reader load it once.
 */
async function optimize(db: Db, pragma: string) {
  try {
    await withWriter(db, (writer) => {
      writer.run(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`);
      writer.run(pragma);
    });
    db.$client.reopenReader();
  } catch (error) {
    log.warn({ err: error }, "PRAGMA optimize failed; the query plans keep their current statistics");
  }
}

/** Starts the periodic optimize; `ready` settles once the first one (at start) is done. */
export function startOptimizer(db: Db, intervalMs = OPTIMIZE_EVERY_MS) {
  // PostgreSQL keeps its statistics itself (autovacuum's analyze).
  if (engineOf(db) === "postgres") return { ready: Promise.resolve(), stop: async () => {} };
  let first = true;
  const job = startJob({
    name: "SQLite optimize",
    clock: systemClock,
    everyMs: intervalMs,
    startNow: false,
    unref: true,
    round: async () => {
      const pragma = first ? "PRAGMA optimize = 0x10002" : "PRAGMA optimize";
      first = false;
      await optimize(db, pragma);
    },
  });
  return { ready: job.runNow(), stop: () => job.stop() };
}
