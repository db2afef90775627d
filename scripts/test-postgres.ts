/**
 * The API and service tests again, on PostgreSQL: starts a throwaway cluster (scripts/postgres-cluster.ts),
 * migrates a template database through the site's own migrations, and runs bun test with
 * TEST_DATABASE_URL set, so every test app (tests/support/app.ts) gets a copy of the template instead of a
 * SQLite file. `npm test` runs this after the first pass; `bun scripts/test-postgres.ts FILE…` runs files of
 * your choice. Files about SQLite's own file (backups of it, its query plans) and files that make their own
 * PostgreSQL databases already in the first pass are left out of the default list: FIRST_PASS_ONLY says why.
 *
 * Prints bun's output and a last line "postgres: N passed, N failed"; the exit code is bun's.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { startCluster } from "./postgres-cluster";
import { openPostgresDatabase, closeDatabase } from "../src/db";
import { parsePostgresTarget } from "../src/db/postgres/connection";

export const TEST_TEMPLATE = "layerlift_template";

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

/** Runs `files` on a fresh cluster; resolves to bun's exit code and its captured stderr. */
export async function runOnPostgres(files: string[], extraArgs: string[] = []) {
  const cluster = await startCluster();
  try {
    const admin = new Bun.SQL(cluster.url, { max: 1 });
    await admin.unsafe(`CREATE DATABASE ${TEST_TEMPLATE}`);
    await admin.close();
    const problems: string[] = [];
    const target = parsePostgresTarget(cluster.url.replace(/\/[^/]*$/, `/${TEST_TEMPLATE}`), () => undefined, problems);
    await closeDatabase(await openPostgresDatabase(target!));
    const child = Bun.spawn([process.execPath, "--no-env-file", "test", "--timeout", "60000", ...extraArgs, ...files], {
      stdout: "inherit",
      stderr: "pipe",
      env: { ...process.env, NODE_ENV: "test", TEST_DATABASE_URL: cluster.url, TEST_DATABASE_TEMPLATE: TEST_TEMPLATE },
    });
    let captured = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stderr) {
      process.stderr.write(chunk);
      captured += decoder.decode(chunk, { stream: true });
    }
    return { code: await child.exited, captured };
  } finally {
    await cluster.stop();
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !a.startsWith("-"));
  const { code, captured } = await runOnPostgres(
    files.length ? files : postgresTestFiles(),
    args.filter((a) => a.startsWith("-")),
  );
  const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(captured)?.[1] ?? 0);
  console.log(`postgres: ${count("pass")} passed, ${count("fail")} failed`);
  process.exit(code);
}
