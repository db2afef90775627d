/**
 * What `npm test` (scripts/test.ts) and the PostgreSQL pass (scripts/test-postgres.ts) share: how bun test is
 * started, what every run prepares once for all its workers, and how bun's summary is read.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db";
import { buildSpaForTests } from "./test-spa";

export const root = join(import.meta.dir, "..");

/** bun test's worker processes: TEST_WORKERS, else one per core. */
export const workers = () => Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism());

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
  const child = Bun.spawn([process.execPath, "--no-env-file", "test", "--timeout", "60000", ...args], {
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
  const result: BunTestResult & { stdout: string } = {
    code,
    captured,
    stdout: await stdout,
    passed: count(captured, "pass"),
    failed: count(captured, "fail"),
    ran: /Ran (\d+) tests?/.test(captured),
    seconds: (performance.now() - started) / 1000,
  };
  return result;
}

/** One failure a run's output names, with the lines of its error bun printed above it. */
interface Failure {
  name: string;
  why: string[];
}

/** The lines that say why: bun's "error: …" and what follows it, without the code excerpt or the stack. */
function errorLines(block: string[]): string[] {
  const start = block.findIndex((line) => /^(error|\w*Error)\b/.test(line.trim()));
  if (start < 0) return [];
  return block
    .slice(start)
    .filter((line) => line.trim() && !/^\s*at /.test(line) && !/^-{5,}$/.test(line.trim()))
    .slice(0, 8);
}

function failures(captured: string): Failure[] {
  let file = "";
  let block: string[] = [];
  let outside: string[] | undefined;
  const found: Failure[] = [];
  // Without the colours bun prints when told to (FORCE_COLOR).
  for (const line of captured.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "").split("\n")) {
    // bun's recap of the failures above, without their files ("2 tests failed:"): already counted.
    if (/^\d+ tests? failed:$/.test(line)) break;
    if (outside) {
      // An error between tests sits between two rules of dashes; the second one closes it.
      if (/^-{5,}$/.test(line.trim()) && outside.length > 0) {
        found.push({
          name: file ? `${file} > (an error outside any test)` : "(an error outside any test)",
          why: errorLines(outside),
        });
        outside = undefined;
      } else if (!/^-{5,}$/.test(line.trim())) outside.push(line);
      continue;
    }
    const header = /^(\S.*\.(?:test|spec)\.[cm]?[jt]sx?):$/.exec(line);
    if (header) {
      file = header[1] ?? "";
      block = [];
      continue;
    }
    if (line.startsWith("# Unhandled error between tests")) {
      outside = [];
      continue;
    }
    const failure = /^\(fail\) (.*?)(?: \[[\d.]+m?s\])?$/.exec(line)?.[1];
    if (failure) found.push({ name: file ? `${file} > ${failure}` : failure, why: errorLines(block) });
    if (/^\((pass|fail|skip|todo)\) /.test(line)) block = [];
    else block.push(line);
  }
  if (outside)
    found.push({
      name: file ? `${file} > (an error outside any test)` : "(an error outside any test)",
      why: errorLines(outside),
    });
  return found;
}

/**
 * What a run's tail says failed: every test bun marked "(fail)", and every error it caught outside a test, each
 * after the file bun named above it ("tests/api/foo.test.ts > group > name"). A CI log that shows only its last
 * lines still names them.
 */
export function failedTests(captured: string): string[] {
  return failures(captured).map((failure) => failure.name);
}

/** How many failures the closing lines explain with their error; the rest are named only. */
const EXPLAINED = 12;

/**
 * The lines that close a run's output before its counts: what failed in each of its bun test runs, each with
 * the first lines of its error (so a log that keeps only its tail still says why), and a run that ended badly
 * without naming a failed test (it crashed, or stopped before its summary).
 */
export function failureLines(runs: { name: string; result: BunTestResult }[]): string[] {
  const lines: string[] = [];
  let explained = 0;
  for (const { name, result } of runs) {
    const failed = failures(result.captured);
    for (const failure of failed) {
      lines.push(`  ${name}: ${failure.name}`);
      if (explained++ < EXPLAINED) lines.push(...failure.why.map((line) => `      ${line.trim()}`));
    }
    if (!failed.length && (result.code !== 0 || result.failed > 0))
      lines.push(`  ${name}: bun test exited with code ${result.code} without naming a failed test`);
    else if (!result.ran) lines.push(`  ${name}: bun test ran no test`);
  }
  return lines.length ? ["", "Failed:", ...lines] : [];
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
