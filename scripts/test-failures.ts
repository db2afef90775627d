/**
 * What failed in a bun test run, read for the closing lines of `npm test`: the names from bun's console lines
 * (every "(fail)" line under its file's header, and every error caught outside a test), and why from its JUnit
 * report. In a parallel run the workers' error texts reach the console apart from their "(fail)" lines, often
 * under another file's header, so only the report ties an error to its test.
 */
import { join, resolve } from "node:path";
import type { BunTestResult } from "./test-run";

/** Where bun test runs: the console names files from here, the report by their whole path. */
const ROOT = join(import.meta.dir, "..");

/** One failure a run names, with the first lines of its error. */
interface Failure {
  name: string;
  why: string[];
}

/** The lines that say why: "error: …" and what follows it, without the code excerpt or the stack. */
function errorLines(block: string[]): string[] {
  const start = block.findIndex((line) => /^(error|\w*Error)\b/.test(line.trim()));
  if (start < 0) return [];
  return block
    .slice(start)
    .filter((line) => line.trim() && !/^\s*at /.test(line) && !/^-{5,}$/.test(line.trim()))
    .slice(0, 8);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const xmlText = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? whole),
  );
const attribute = (attributes: string, name: string) =>
  xmlText(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? "");

interface ReportedFailure {
  file: string;
  test: string;
  /** The describe blocks around the test, in any order (bun lists them innermost first). */
  groups: string[];
  why: string[];
}

/** Every failed test case of a JUnit report, with its error's lines in the console's form ("error: …"). */
function reportedFailures(junit: string): ReportedFailure[] {
  const found: ReportedFailure[] = [];
  for (const [, attributes = "", body = ""] of junit.matchAll(/<testcase\s([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const failure = /<failure\s([^>]*)>/.exec(body);
    if (!failure) continue;
    const type = attribute(failure[1] ?? "", "type");
    const message = attribute(failure[1] ?? "", "message").split("\n");
    const first = `${type === "AssertionError" || !type ? "error" : type}: ${message[0] ?? ""}`;
    found.push({
      file: attribute(attributes, "file"),
      test: attribute(attributes, "name"),
      groups: attribute(attributes, "classname").split(" > ").filter(Boolean),
      why: errorLines([first, ...message.slice(1)]),
    });
  }
  return found;
}

/** The report's lines for the console's "(fail) a > b > name" under `file`. */
function whyFromReport(reported: ReportedFailure[], file: string, name: string): string[] | undefined {
  const sameFile = (path: string) => resolve(ROOT, path) === resolve(ROOT, file);
  return reported.find(
    (entry) =>
      sameFile(entry.file) &&
      (name === entry.test || name.endsWith(` > ${entry.test}`)) &&
      entry.groups.every((group) => name.includes(`${group} > `)),
  )?.why;
}

/** The test file an error outside any test was thrown from, by its stack: bun's header above it can be another's. */
function thrownFrom(block: string[]): string | undefined {
  for (const line of block) {
    const file = /^\s*at .*?([^\s(]+\.(?:test|spec)\.[cm]?[jt]sx?):\d+/.exec(line)?.[1];
    if (file) return file;
  }
  return undefined;
}

function failures(captured: string, junit = ""): Failure[] {
  const reported = reportedFailures(junit);
  let file = "";
  let block: string[] = [];
  let outside: string[] | undefined;
  const found: Failure[] = [];
  const outsideFailure = (lines: string[]): Failure => {
    const where = thrownFrom(lines) ?? file;
    return {
      name: where ? `${where} > (an error outside any test)` : "(an error outside any test)",
      why: errorLines(lines),
    };
  };
  // Without the colours bun prints when told to (FORCE_COLOR).
  for (const line of captured.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "").split("\n")) {
    // bun's recap of the failures above, without their files ("2 tests failed:"): already counted.
    if (/^\d+ tests? failed:$/.test(line)) break;
    if (outside) {
      // An error between tests sits between two rules of dashes; the second one closes it.
      if (/^-{5,}$/.test(line.trim()) && outside.length > 0) {
        found.push(outsideFailure(outside));
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
    if (failure)
      found.push({
        name: file ? `${file} > ${failure}` : failure,
        // The console's lines above serve a run on one worker, whose output stays in order, or one with no report.
        why: whyFromReport(reported, file, failure) ?? errorLines(block),
      });
    if (/^\((pass|fail|skip|todo)\) /.test(line)) block = [];
    else block.push(line);
  }
  if (outside) found.push(outsideFailure(outside));
  return found;
}

/**
 * What a run's tail says failed: every test bun marked "(fail)", and every error it caught outside a test, each
 * after its file ("tests/api/foo.test.ts > group > name"). A CI log that shows only its last lines still names them.
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
    const failed = failures(result.captured, result.junit);
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
