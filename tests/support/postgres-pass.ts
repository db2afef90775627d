/**
 * The PostgreSQL pass of the API tests (scripts/test-postgres.ts sets TEST_DATABASE_URL): each test app gets
 * a database of its own, copied from the migrated template. The test helpers are synchronous on both engines,
 * so the copies are made ahead, over a connection, while the tests run (hooks below keep two ready); a test app
 * that finds none ready (several apps in one test, say) makes its copy at once through psql.
 */
import { join } from "node:path";
import { closeDatabase, loadPostgres, postgresHandle } from "../../src/db";
import { parsePostgresTarget } from "../../src/config/postgres";
import { postgresBinDir } from "../../scripts/postgres-cluster";
import { PASS_TEMPLATE } from "./template-names";
import { atRunEnd, beforeEveryTest } from "./run-end";

const clusterUrl = process.env.TEST_DATABASE_URL;
const template = process.env.TEST_DATABASE_TEMPLATE ?? PASS_TEMPLATE;
const READY_AHEAD = 2;
let made = 0;

/** True in the PostgreSQL pass. */
export const onPostgres = Boolean(clusterUrl);
// The site loads PostgreSQL's modules when it opens such a database; the tests' handles are made synchronously.
if (onPostgres) await loadPostgres();

// Unique across the run: a worker process loads this module afresh for every file it runs (isolation), so the
// process id and a counter alone would name a database an earlier file of the same worker already made.
const loadTag = Math.random().toString(36).slice(2, 8);
const nextName = () => `test_${process.pid}_${loadTag}_${++made}`;

let admin: Bun.SQL | undefined;
const adminConnection = () => (admin ??= new Bun.SQL(clusterUrl!, { max: 2 }));

/** Copies of the template made ahead, not yet given to a test app. */
const ready: string[] = [];
let makingAhead: Promise<void> | undefined;

function makeAhead(): Promise<void> {
  makingAhead ??= (async () => {
    while (ready.length < READY_AHEAD) {
      const name = nextName();
      await adminConnection().unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      ready.push(name);
    }
  })()
    // A copy that failed here is made again through psql when a test app asks; it says why there.
    .catch(() => {})
    .finally(() => {
      makingAhead = undefined;
    });
  return makingAhead;
}

if (onPostgres) {
  // Waits only when nothing is ready; otherwise the copies are made while the test runs.
  beforeEveryTest(async () => {
    const making = makeAhead();
    if (ready.length === 0) await making;
  });
  atRunEnd(async () => {
    await makingAhead;
    for (const name of ready.splice(0))
      await adminConnection()
        .unsafe(`DROP DATABASE IF EXISTS ${name}`)
        .catch(() => {});
    await admin?.close().catch(() => {});
    admin = undefined;
  });
}

function psql(sql: string) {
  const psqlPath = Bun.which("psql") ?? join(postgresBinDir() ?? "/usr/bin", "psql");
  const result = Bun.spawnSync([psqlPath, clusterUrl!, "-qXc", sql]);
  if (result.exitCode !== 0) throw new Error(`psql failed: ${result.stderr.toString().trim()}`);
}

/** A copy of the template for one test app: one made ahead, or one made now. */
function takeDatabase(): string {
  const name = ready.shift();
  if (name) {
    void makeAhead();
    return name;
  }
  const now = nextName();
  psql(`CREATE DATABASE ${now} TEMPLATE ${template}`);
  return now;
}

/** In the PostgreSQL pass, a fresh migrated database and its handle; otherwise null. */
export function testPostgresDatabase() {
  if (!clusterUrl) return null;
  const name = takeDatabase();
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
        .then(() => adminConnection().unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
        .catch(() => {});
    },
  };
}
