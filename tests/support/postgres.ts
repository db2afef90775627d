/**
 * PostgreSQL for the tests: under `npm test`, the run's one throwaway cluster (TEST_POSTGRES_URL, started by
 * scripts/test.ts and shared by every worker); a test file run on its own starts a cluster of its own
 * (scripts/postgres-cluster.ts) on first use, stopped after the last test file (tests/support/run-end.ts).
 * Every test gets a database of its own, copied from a template database the migrations were applied to once
 * (a copy takes a fraction of a migration's time).
 *
 * Without PostgreSQL's server binaries the PostgreSQL tests are skipped, with one line saying so; with
 * REQUIRE_POSTGRES=1 (CI) a missing PostgreSQL fails them instead.
 */
import { afterEach, beforeAll, beforeEach, describe, test } from "bun:test";
import { SQL } from "bun";
import { POSTGRES_BIN_PLACES, postgresBinDir, startCluster, type Cluster } from "../../scripts/postgres-cluster";
import { closeDatabase, loadPostgres, postgresHandle, type Db } from "../../src/db";
import { parsePostgresTarget } from "../../src/config/postgres";
import { databaseUrl, makeTemplate, openTestDatabase, POSTGRES_MIGRATIONS, TEMPLATE } from "./postgres-templates";
import { atRunEnd } from "./run-end";

export { openTestDatabase, POSTGRES_MIGRATIONS };
const STARTUP_TIMEOUT_MS = 120_000;
/** Set by `npm test`: the run's one cluster, with TEMPLATE already made (scripts/test.ts). */
const runCluster = process.env.TEST_POSTGRES_URL;

const binDir = postgresBinDir();
const required = process.env.REQUIRE_POSTGRES === "1";
/** Why the PostgreSQL tests can't run here, or null when they can. */
export const postgresMissing = binDir || runCluster ? null : `PostgreSQL not found (looked for ${POSTGRES_BIN_PLACES})`;

let announced = false;

/**
 * `describe` for tests that need PostgreSQL: the block as written when PostgreSQL is here; otherwise
 * skipped, after one line saying so; or, under REQUIRE_POSTGRES=1, one failing test in its place.
 */
export function describePostgres(name: string, body: () => void) {
  if (!postgresMissing) {
    return describe(name, () => {
      // The first file to ask starts the cluster and migrates the template: seconds, not a test's time.
      beforeAll(() => postgresServer(), { timeout: STARTUP_TIMEOUT_MS });
      body();
    });
  }
  if (required) {
    return describe(name, () => {
      test("PostgreSQL is installed (REQUIRE_POSTGRES=1)", () => {
        throw new Error(`${postgresMissing}, and REQUIRE_POSTGRES=1 requires it`);
      });
    });
  }
  if (!announced) {
    announced = true;
    console.log(`${postgresMissing}: the PostgreSQL tests are skipped`);
  }
  return describe.skip(name, body);
}

interface Server {
  cluster: Cluster;
  /** On the cluster's maintenance database: creates and drops the tests' databases. */
  admin: SQL;
}

let server: Promise<Server> | undefined;

/**
 * The cluster of this test process, with the migrated template database: the run's (TEST_POSTGRES_URL), or
 * one started on first call and stopped at the run's end.
 */
export function postgresServer(): Promise<Server> {
  server ??= (async () => {
    await loadPostgres();
    const cluster: Cluster = runCluster
      ? { url: runCluster, port: Number(new URL(runCluster).port), stop: async () => {} }
      : await startCluster();
    const admin = new SQL(cluster.url, { max: 2 });
    atRunEnd(async () => {
      server = undefined;
      await admin.close().catch(() => {});
      await cluster.stop();
    });
    if (!runCluster) await makeTemplate(admin, cluster.url);
    return { cluster, admin };
  })();
  return server;
}

const urlOf = (cluster: Cluster, database: string) => databaseUrl(cluster.url, database);

let made = 0;
// Unique across the run: a worker process loads this module afresh for every file it runs (isolation), so the
// process id and a counter alone would name a database an earlier file of the same worker already made.
const loadTag = Math.random().toString(36).slice(2, 8);

/**
 * A new database for one test: migrated (a copy of the template) unless `empty`, and dropped by `drop()`.
 * `url` is what DATABASE_URL would be.
 */
export async function freshPostgresDatabase({ empty = false } = {}) {
  const { cluster, admin } = await postgresServer();
  const name = `test_${process.pid}_${loadTag}_${++made}`;
  await admin.unsafe(empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  const url = urlOf(cluster, name);
  const opened = await openTestDatabase(url);
  return {
    url,
    ...opened,
    async drop() {
      await opened.client.close();
      // Not waited for: the next test needs its own database, not this one gone (the cluster goes after the run).
      admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

export type TestPostgres = Awaited<ReturnType<typeof freshPostgresDatabase>>;

/** A fresh migrated database for every test of the enclosing describe, dropped after it. */
export function eachTestPostgres(take: (database: TestPostgres) => void, options?: { empty?: boolean }) {
  let database: TestPostgres | undefined;
  beforeEach(async () => {
    database = await freshPostgresDatabase(options);
    take(database);
  });
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });
}

/**
 * Several instances of the site on one database: a fresh migrated database for every test of the enclosing
 * describe, and `instance()` opens another handle on it (its own pool, as another process's would be). Every
 * handle is closed and the database dropped after the test.
 */
export function instancesOnOnePostgres() {
  let database: TestPostgres;
  const handles: Db[] = [];
  eachTestPostgres((fresh) => {
    database = fresh;
  });
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((db) => closeDatabase(db)));
  });
  return {
    /** A handle as an instance opens one, with `env` as its variables (DATABASE_POOL_MAX, say). */
    instance(env: Record<string, string> = {}): Db {
      const db = postgresHandle(parsePostgresTarget(database.url, (name) => env[name], [])!);
      handles.push(db);
      return db;
    },
  };
}
