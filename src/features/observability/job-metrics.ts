/**
 * The background jobs in /metrics (src/lib/jobs.ts): each job's rounds by outcome and when one last worked.
 * Counted by the runner in plain numbers, per process; read at each scrape, no database involved.
 */
import type { Registry } from "prom-client";
import { jobCounts } from "../../lib/jobs";
import type { PromClient } from "./collectors";

const OUTCOMES = ["ok", "failed", "skipped"] as const;

export function registerJobMetrics(registry: Registry, prom: PromClient) {
  new prom.Counter({
    name: "job_rounds_total",
    help: "Background job rounds by job and outcome: ok, failed, or skipped (one still running, a back-off, another instance holding the job)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, counts] of jobCounts())
        for (const outcome of OUTCOMES) this.inc({ job, outcome }, counts[outcome]);
    },
  });
  new prom.Gauge({
    name: "job_last_success_timestamp_seconds",
    help: "When a background job's round last ended well, in seconds since the epoch (0: not yet)",
    labelNames: ["job"] as const,
    registers: [registry],
    collect() {
      for (const [job, counts] of jobCounts()) this.set({ job }, Math.round(counts.lastSuccessAt / 1000));
    },
  });
}
