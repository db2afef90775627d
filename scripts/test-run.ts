/**
 * What `npm test` (scripts/test.ts) and the PostgreSQL pass (scripts/test-postgres.ts) share: how bun test is
 * started, what every run prepares once for all its workers, and how bun's summary is read.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openDatabase } from "../src/db";
import { buildSpaForTests } from "./test-spa";

export const root = join(import.meta.dir, "..");

/** bun test's worker processes on PostgreSQL: TEST_WORKERS, else one per core. */
export const workers = () => Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism());

/**
 * The SQLite run's workers: TEST_WORKERS, else one more than the cores. Its browser tests wait on Chromium and
 * the test server part of the time: once the PostgreSQL pass beside it had ended, a worker per core left about a
 * quarter of the machine idle, and a whole run took 692 s where one more worker keeps it busy and takes 544 s.
 */
export const sqliteRunWorkers = () => Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism() + 1);

/**
 * bun test's arguments for a run in worker processes. Each worker keeps its modules from one file to the next
 * (`--no-isolate`): loading the site's modules afresh for every file cost about two seconds of CPU a file, a
 * sixth of a whole run. So what a file starts it stops, and a support module registers its per-test hooks with
 * tests/support/run-end.ts rather than at its top level.
 */
export const parallelArgs = (count = workers()) => [`--parallel=${count}`, "--no-isolate"];

/**
 * Per-file durations: bun starts the slowest files first with them. The committed file seeds a fresh checkout;
 * each run writes what it measured to the local one (node_modules/.cache), which is read first.
 */
export function timingsArgs(name: string): string[] {
  const local = join(root, "node_modules/.cache/layerlift");
  mkdirSync(local, { recursive: true });
  return [
    `--timings=${join(local, `${name}.json`)}`,
    `--timings=${join(root, "tests", `${name}.json`)}`,
    "--update-timings",
  ];
}

const localTimings = (name: string) => join(root, "node_modules/.cache/layerlift", `${name}.json`);

/**
 * The time the workers spent on each folder of tests/ in the run that just ended (bun's per-file durations,
 * written by --update-timings), most first: "e2e 412 s, api 151 s, …".
 */
export function timeByFolder(name: string, files: string[]): string {
  const file = localTimings(name);
  if (!existsSync(file)) return "";
  const durations = (JSON.parse(readFileSync(file, "utf8")) as { files: Record<string, number> }).files;
  const ran = new Set(files.map((path) => path.replace(/^\.\//, "")));
  const byFolder = new Map<string, number>();
  for (const [path, ms] of Object.entries(durations)) {
    if (ran.size && !ran.has(path)) continue;
    const folder = path.split("/")[1] ?? path;
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + ms);
  }
  return [...byFolder]
    .sort((a, b) => b[1] - a[1])
    .map(([folder, ms]) => `${folder} ${(ms / 1000).toFixed(0)} s`)
    .join(", ");
}

export interface BunTestResult {
  code: number;
  /** bun's stderr: the per-test lines and its summary. */
  captured: string;
  /** bun's JUnit report of the run ("" when it wrote none). */
  junit?: string;
  passed: number;
  failed: number;
  /** Whether bun said it ran any test at all. */
  ran: boolean;
  seconds: number;
}

const count = (captured: string, word: string) =>
  Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(captured)?.[1] ?? 0);

/**
 * Runs `bun test ARGS` with NODE_ENV=test and without any .env file (a developer's production keys or another
 * database must never reach the tests). `echo`: its output goes to the terminal as it comes; otherwise it is
 * kept, and `printKept` prints it later.
 */
export async function bunTest(args: string[], env: Record<string, string>, echo: boolean) {
  const started = performance.now();
  // Besides the console's lines, a JUnit report: in a parallel run the console's error texts come apart from the
  // "(fail)" lines they belong to, the report keeps each failure with its test.
  const report = join(mkdtempSync(join(tmpdir(), "layerlift-junit-")), "report.xml");
  const reporter = ["--reporter=junit", `--reporter-outfile=${report}`];
  const child = Bun.spawn([process.execPath, "--no-env-file", "test", "--timeout", "60000", ...reporter, ...args], {
    cwd: root,
    stdout: echo ? "inherit" : "pipe",
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: "test", ...env },
  });
  let captured = "";
  const decoder = new TextDecoder();
  const stdout = echo ? Promise.resolve("") : new Response(child.stdout as ReadableStream).text();
  for await (const chunk of child.stderr) {
    if (echo) process.stderr.write(chunk);
    captured += decoder.decode(chunk, { stream: true });
  }
  const code = await child.exited;
  const junit = existsSync(report) ? readFileSync(report, "utf8") : "";
  rmSync(dirname(report), { recursive: true, force: true });
  const result: BunTestResult & { stdout: string } = {
    code,
    captured,
    junit,
    stdout: await stdout,
    passed: count(captured, "pass"),
    failed: count(captured, "fail"),
    ran: /Ran (\d+) tests?/.test(captured),
    seconds: (performance.now() - started) / 1000,
  };
  return result;
}

/** What a run makes once and hands to every worker: a migrated SQLite file and the built SPA. */
export async function prepareRun(options: { spa: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-test-run-"));
  const sqliteTemplate = join(dir, "template.db");
  // Closed at once: the last connection's close folds the WAL into the file, so the file alone is a copy.
  openDatabase(sqliteTemplate).$client.close();
  const env: Record<string, string> = { TEST_SQLITE_TEMPLATE: sqliteTemplate };
  if (options.spa) {
    const spa = join(dir, "spa");
    await buildSpaForTests(spa);
    env.TEST_SPA_DIR = spa;
  }
  return { env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
