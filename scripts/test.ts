/**
 * `npm test`: every test, on both databases, in parallel, with one plain last line "N passed, N failed".
 *
 * 1. Once for the run: the SPA is built, a SQLite file migrated (test apps copy it), and a throwaway PostgreSQL
 *    cluster started with its migrated templates (scripts/test-run.ts, tests/support/postgres-templates.ts).
 * 2. Two bun test runs side by side, slowest files first (--timings), one worker more than the cores in the first:
 *    every test file on SQLite (API, services, browser, build, docs), whose output is shown as it comes; and the
 *    API and service tests again on PostgreSQL (scripts/test-postgres.ts), whose output is shown after.
 * 3. The time of each part, the total, the name of every test that failed (a CI log that shows only its tail
 *    still names them), and the counts over both.
 *
 * Without PostgreSQL's server binaries the second run is skipped with a line saying so; under REQUIRE_POSTGRES=1
 * (CI) that is a failure instead. Arguments (files, bun test flags) go to the first run only, and then the second
 * is left out: `npm test -- tests/api/foo.test.ts` stays quick.
 */
import { postgresBinDir, POSTGRES_BIN_PLACES, startCluster, type Cluster } from "./postgres-cluster";
import { postgresTestFiles, runOnPostgres } from "./test-postgres";
import { failureLines } from "./test-failures";
import {
  bunTest,
  parallelArgs,
  prepareRun,
  sqliteRunWorkers,
  timeByFolder,
  timingsArgs,
  workers,
  type BunTestResult,
} from "./test-run";
import { makeTemplates } from "../tests/support/postgres-templates";

const args = process.argv.slice(2);
const whole = args.length === 0;
const started = performance.now();
const seconds = (from: number) => (performance.now() - from) / 1000;
const parts: string[] = [];
const part = (name: string, secs: number, counts?: BunTestResult) =>
  parts.push(
    `  ${name.padEnd(44)} ${secs.toFixed(1).padStart(6)} s${counts ? `   ${counts.passed} passed, ${counts.failed} failed` : ""}`,
  );

const withPostgres = whole && postgresBinDir() !== null;
let cluster: Cluster | undefined;
const preparing = performance.now();
const [run] = await Promise.all([
  prepareRun({ spa: whole || args.some((arg) => arg.includes("e2e")) }),
  withPostgres &&
    (async () => {
      cluster = await startCluster();
      await makeTemplates(cluster.url);
    })(),
]);
part(withPostgres ? "preparing (SPA, templates, PostgreSQL)" : "preparing (SPA, template)", seconds(preparing));

let passed = 0;
let failed = 0;
let ok = true;
const runs: { name: string; result: BunTestResult }[] = [];
try {
  const env = { ...run.env, ...(cluster ? { TEST_POSTGRES_URL: cluster.url } : {}) };
  const firstWorkers = parallelArgs(sqliteRunWorkers());
  const firstArgs = whole ? [...firstWorkers, ...timingsArgs("timings")] : [...firstWorkers, ...args];
  const postgresPass = cluster
    ? runOnPostgres(cluster.url, postgresTestFiles(), { env: run.env, echo: false })
    : Promise.resolve(undefined);
  const first = await bunTest(firstArgs, env, true);
  runs.push({ name: "SQLite run", result: first });
  part("SQLite, browser, build and docs tests", first.seconds, first);
  passed += first.passed;
  failed += first.failed;
  ok &&= first.code === 0 && first.failed === 0;
  if (!first.ran) {
    failed += 1;
    ok = false;
    console.error("bun test ran no test");
  }

  const second = await postgresPass;
  if (second) {
    runs.push({ name: "PostgreSQL run", result: second });
    console.log("\nThe API and service tests again, on PostgreSQL (run beside the above):");
    process.stdout.write(second.stdout);
    process.stderr.write(second.captured);
    console.log(`on PostgreSQL: ${second.passed} passed, ${second.failed} failed`);
    part("API and service tests on PostgreSQL (beside)", second.seconds, second);
    passed += second.passed;
    failed += second.failed;
    if (!second.ran) failed += 1;
    ok &&= second.code === 0 && second.failed === 0 && second.ran;
  } else if (whole && process.env.REQUIRE_POSTGRES === "1") {
    console.log(`PostgreSQL not found (looked for ${POSTGRES_BIN_PLACES}), and REQUIRE_POSTGRES=1 requires it`);
    failed += 1;
    ok = false;
  } else if (whole) {
    console.log(
      `PostgreSQL not found (looked for ${POSTGRES_BIN_PLACES}): the PostgreSQL pass of the API tests is skipped`,
    );
  }
} finally {
  await cluster?.stop();
  run.remove();
}
part("total", seconds(started));
const workerCounts = withPostgres
  ? `${sqliteRunWorkers()} workers on SQLite, ${workers()} on PostgreSQL`
  : `${sqliteRunWorkers()} workers`;
console.log(`\nTimes (wall clock, ${workerCounts}):\n${parts.join("\n")}`);
if (whole) {
  console.log(`  worker time by folder, SQLite run: ${timeByFolder("timings", [])}`);
  if (withPostgres)
    console.log(`  worker time, PostgreSQL run: ${timeByFolder("timings-postgres", postgresTestFiles())}`);
}
for (const line of failureLines(runs)) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
