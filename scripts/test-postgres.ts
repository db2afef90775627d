/**
 * The API and service tests again, on PostgreSQL: every tests/api file with TEST_DATABASE_URL set, so every test
 * app (tests/support/app.ts) gets a copy of a migrated template database instead of a SQLite file
 * (tests/support/postgres-pass.ts). `npm test` runs it beside its first pass, on the run's cluster;
 * `bun scripts/test-postgres.ts FILE…` runs files of your choice on a throwaway cluster of their own
 * (scripts/postgres-cluster.ts). Files about SQLite's own file (backups of it, its query plans) and files that
 * make their own PostgreSQL databases already in the first pass are left out of the default list:
 * FIRST_PASS_ONLY says why.
 *
 * Run alone, it prints bun's output and a last line "postgres: N passed, N failed"; the exit code is bun's.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { startCluster } from "./postgres-cluster";
import { makeTemplates, PASS_TEMPLATE } from "../tests/support/postgres-templates";
import { bunTest, parallelArgs, prepareRun, timingsArgs } from "./test-run";

/** Tests that run in the first pass only; the rest of tests/api runs on both engines. */
const FIRST_PASS_ONLY: Record<string, string> = {
  "backup.test.ts": "backs up and restores the SQLite file",
  "backup-cli.test.ts": "the SQLite file's backup commands",
  "backup-offsite.test.ts": "uploads the SQLite file",
  "backup-rules.test.ts": "the SQLite file's backup rules",
  "backup-schedule.test.ts": "schedules uploads of the SQLite file",
  "restore-safety.test.ts": "restores the SQLite file",
  "query-plans.test.ts": "SQLite's query planner",
  "support-migration.test.ts": "a SQLite migration on SQLite data",
  "ownership-migration.test.ts": "migrates SQLite data, and makes its own PostgreSQL database in the first pass",
  "cli.test.ts": "the commands on a SQLite file (cli-postgres.test.ts runs them with DATABASE_URL)",
  "cli-postgres.test.ts": "makes its own PostgreSQL database in the first pass",
  "copy-database.test.ts": "copies a SQLite file into its own PostgreSQL database in the first pass",
  "postgres-operations.test.ts": "makes its own PostgreSQL database in the first pass",
  "instances.test.ts": "starts its own servers on its own PostgreSQL database in the first pass",
  "instances-limits.test.ts": "starts its own servers on its own PostgreSQL database in the first pass",
  "rolling-upgrade.test.ts": "starts its own servers on its own PostgreSQL database in the first pass",
};

export function postgresTestFiles(): string[] {
  const dir = join(import.meta.dir, "../tests/api");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".test.ts") && !(f in FIRST_PASS_ONLY))
    .sort()
    .map((f) => join("tests/api", f));
}

/** The PostgreSQL pass's bun test on a cluster that has the templates (tests/support/postgres-templates.ts). */
export function runOnPostgres(
  clusterUrl: string,
  files: string[],
  options: { extraArgs?: string[]; env?: Record<string, string>; echo: boolean },
) {
  const parallel = files.length > 1 ? [...parallelArgs(), ...timingsArgs("timings-postgres")] : [];
  return bunTest(
    [...parallel, ...(options.extraArgs ?? []), ...files],
    {
      ...options.env,
      TEST_DATABASE_URL: clusterUrl,
      TEST_DATABASE_TEMPLATE: PASS_TEMPLATE,
    },
    options.echo,
  );
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith("-"));
  const cluster = await startCluster();
  const run = await prepareRun({ spa: false });
  try {
    await makeTemplates(cluster.url);
    const result = await runOnPostgres(cluster.url, files.length ? files : postgresTestFiles(), {
      extraArgs: args.filter((a) => a.startsWith("-")),
      env: run.env,
      echo: true,
    });
    console.log(`postgres: ${result.passed} passed, ${result.failed} failed`);
    process.exitCode = result.code;
  } finally {
    run.remove();
    await cluster.stop();
  }
}
