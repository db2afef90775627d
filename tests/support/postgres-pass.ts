/**
 * The PostgreSQL pass of the API tests (scripts/test-postgres.ts sets TEST_DATABASE_URL): each test app gets
 * a database of its own, copied from the migrated template. The copy is made synchronously (psql), so the
 * test helpers stay synchronous on both engines.
 */
import { join } from "node:path";
import { closeDatabase, loadPostgres, postgresHandle } from "../../src/db";
import { parsePostgresTarget } from "../../src/db/postgres/target";
import { postgresBinDir } from "../../scripts/postgres-cluster";

const clusterUrl = process.env.TEST_DATABASE_URL;
const template = process.env.TEST_DATABASE_TEMPLATE ?? "layerlift_template";
let made = 0;

/** True in the PostgreSQL pass. */
export const onPostgres = Boolean(clusterUrl);
// The site loads PostgreSQL's modules when it opens such a database; the tests' handles are made synchronously.
if (onPostgres) await loadPostgres();

function psql(sql: string) {
  const psqlPath = Bun.which("psql") ?? join(postgresBinDir() ?? "/usr/bin", "psql");
  const result = Bun.spawnSync([psqlPath, clusterUrl!, "-qXc", sql]);
  if (result.exitCode !== 0) throw new Error(`psql failed: ${result.stderr.toString().trim()}`);
}

/** In the PostgreSQL pass, a fresh migrated database and its handle; otherwise null. */
export function testPostgresDatabase() {
  if (!clusterUrl) return null;
  const name = `test_${process.pid}_${++made}`;
  psql(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const problems: string[] = [];
  const target = parsePostgresTarget(
    clusterUrl.replace(/\/[^/]*$/, `/${name}`),
    (variable) => (variable === "DATABASE_POOL_MAX" ? "4" : undefined),
    problems,
  )!;
  const db = postgresHandle(target);
  return {
    db,
    target,
    /** Closes the pool, then drops the database (not waited for: the next test needs its own, not this one gone). */
    drop() {
      void closeDatabase(db)
        .catch(() => {})
        .then(() => {
          const admin = new Bun.SQL(clusterUrl, { max: 1 });
          return admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.close());
        })
        .catch(() => {});
    },
  };
}
