/**
 * Query-planner statistics kept fresh as SQLite recommends for a long-lived connection: `PRAGMA
 * optimize=0x10002` when the server starts (analysing only what needs it, each table's sample capped
 * by analysis_limit so the cost doesn't grow with the data), then `PRAGMA optimize` every few hours.
 * tests/api/query-plans.test.ts holds every hot and admin query's plan to using its index with these
 * statistics and without them.
 */
import type { Database } from "bun:sqlite";
import { HOUR } from "../lib/clock";
import { log } from "../lib/logger";

export const OPTIMIZE_EVERY_MS = 4 * HOUR;
const ANALYSIS_LIMIT = 1000;

function optimize(client: Database, pragma: string) {
  try {
    client.run(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`);
    client.run(pragma);
  } catch (error) {
    log.warn({ err: error }, "PRAGMA optimize failed; the query plans keep their current statistics");
  }
}

export function startOptimizer(client: Database, intervalMs = OPTIMIZE_EVERY_MS) {
  optimize(client, "PRAGMA optimize = 0x10002");
  const timer = setInterval(() => optimize(client, "PRAGMA optimize"), intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
