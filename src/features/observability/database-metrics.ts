/**
 * The database in /metrics: which engine (database_info), and on PostgreSQL the pool's size and the
 * server's connections to this database by state. Bun's SQL pool doesn't tell how many of its own
 * connections are busy, so the server's view (pg_stat_activity, one cheap query per scrape) stands in:
 * it counts every instance's connections, which is what "is the server running out of connections?" needs.
 */
import type { Registry } from "prom-client";
import type { AppDeps } from "../../deps";
import { engineOf, postgresPoolOf } from "../../db";
import type { FromDatabase, PromClient } from "./collectors";

export function registerDatabaseMetrics(
  registry: Registry,
  prom: PromClient,
  deps: Pick<AppDeps, "db">,
  fromDatabase: FromDatabase,
) {
  const engine = engineOf(deps.db);
  new prom.Gauge({
    name: "database_info",
    help: "The database engine in use (sqlite or postgres); always 1",
    labelNames: ["engine"] as const,
    registers: [registry],
  }).set({ engine }, 1);

  const pool = postgresPoolOf(deps.db);
  if (!pool) return;
  new prom.Gauge({
    name: "database_pool_max",
    help: "The most connections this instance's PostgreSQL pool opens (DATABASE_POOL_MAX)",
    registers: [registry],
  }).set(pool.target.poolMax);
  new prom.Gauge({
    name: "site_database_connections",
    help: "Connections to this database on the PostgreSQL server, from every instance and client, by state (pg_stat_activity's client backends)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect: fromDatabase(async function (this: InstanceType<typeof prom.Gauge>) {
      // A connection whose state this role may not see (another role's) counts as "unknown".
      const rows = (await pool.client.unsafe(
        "select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' group by 1",
      )) as { state: string; n: number }[];
      this.reset();
      // The usual states are always there (0 when none), so a graph or an alert doesn't see a series vanish.
      for (const state of ["active", "idle", "idle in transaction"]) this.set({ state }, 0);
      for (const { state, n } of rows) this.set({ state }, n);
    }),
  });
}
