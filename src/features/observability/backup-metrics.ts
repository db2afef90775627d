/**
 * The backups in /metrics: when the newest good backup was taken and how old it is, and the last
 * drill's result and time. Read from the database at each scrape (two indexed look-ups).
 */
import type { Registry } from "prom-client";
import type { FromDatabase, PromClient } from "./collectors";
import type { AppDeps } from "../../deps";
import { backupStatus } from "../backups/state";

export function registerBackupMetrics(
  registry: Registry,
  prom: PromClient,
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  fromDatabase: FromDatabase,
) {
  type Gauge = InstanceType<typeof prom.Gauge>;
  const status = () =>
    backupStatus(deps.db, deps.config.backups.url !== null, deps.config.backups.everyMs, deps.clock.now());
  new prom.Gauge({
    name: "backup_last_success_timestamp_seconds",
    help: "When the newest good scheduled backup was taken (0: none yet)",
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      this.set(Math.round(((await status()).lastGood?.at ?? 0) / 1000));
    }),
  });
  new prom.Gauge({
    name: "backup_age_seconds",
    help: "Age of the newest good scheduled backup (-1: none yet)",
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      this.set((await status()).lastGood?.ageSeconds ?? -1);
    }),
  });
  new prom.Gauge({
    name: "backup_last_run_ok",
    help: "Whether the newest scheduled backup succeeded (1) or failed (0); -1 before the first",
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      const current = await status();
      this.set(current.lastFailure ? 0 : current.lastGood ? 1 : -1);
    }),
  });
  new prom.Gauge({
    name: "backup_drill_ok",
    help: "Whether the last restore drill passed (1) or failed (0); -1 before the first",
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      const { drill } = await status();
      this.set(drill ? Number(drill.ok) : -1);
    }),
  });
  new prom.Gauge({
    name: "backup_drill_timestamp_seconds",
    help: "When the last restore drill ran (0: never)",
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      this.set(Math.round(((await status()).drill?.at ?? 0) / 1000));
    }),
  });
}
