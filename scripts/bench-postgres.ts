/**
 * The bench's PostgreSQL: one throwaway cluster (scripts/postgres-cluster.ts: fsync off, defaults otherwise),
 * started on first use, a database per measured site, stopped when the bench ends. Null when PostgreSQL's
 * server binaries are not installed: the PostgreSQL runs are then left out, with a line saying so.
 */
import { SQL } from "bun";
import { POSTGRES_BIN_PLACES, postgresBinDir, startCluster, type Cluster } from "./postgres-cluster";

let cluster: Promise<{ cluster: Cluster; admin: SQL }> | undefined;
let made = 0;

export const postgresMissing = postgresBinDir()
  ? null
  : `PostgreSQL not found (looked for ${POSTGRES_BIN_PLACES}): no PostgreSQL runs`;

/** A new empty database on the bench's cluster; its URL is what DATABASE_URL would be. */
export async function benchPostgresDatabase(name: string): Promise<string> {
  cluster ??= startCluster().then((c) => ({ cluster: c, admin: new SQL(c.url, { max: 1 }) }));
  const { cluster: c, admin } = await cluster;
  const database = `bench_${name}_${++made}`;
  await admin.unsafe(`CREATE DATABASE ${database}`);
  return c.url.replace(/\/[^/]*$/, `/${database}`);
}

/** Stops the cluster, if one was started. */
export async function stopBenchPostgres() {
  if (!cluster) return;
  const { cluster: c, admin } = await cluster;
  cluster = undefined;
  await admin.close();
  await c.stop();
}
