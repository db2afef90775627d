/**
 * The end of `npm test`'s output names every test that failed, with its file, so a CI log that shows only its
 * tail still says what to look at; a run that ended badly without naming one gets a line of its own.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunTest, failedTests, failureLines, type BunTestResult } from "../../scripts/test-run";

const dir = mkdtempSync(join(tmpdir(), "layerlift-summary-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, `import { describe, expect, test } from "bun:test";\n${text}\n`);
  return path;
};

test("every failed test of a parallel run is named after its file, and an error outside any test too", async () => {
  const files = [
    file(
      "one.test.ts",
      `test("adds", () => expect(1 + 1).toBe(2));\ndescribe("group", () => { test("subtracts", () => expect(2 - 1).toBe(0)); });`,
    ),
    file(
      "two.test.ts",
      `test("multiplies", () => expect(2 * 2).toBe(5));\ntest("divides", () => expect(4 / 2).toBe(2));`,
    ),
    file("three.test.ts", `throw new Error("broken at load");`),
  ];
  const result = await bunTest(["--parallel=2", ...files], {}, false);

  expect(result.failed).toBe(3);
  const failed = failedTests(result.captured).map((line) => line.replace(/^.*\//, ""));
  expect(failed.sort()).toEqual([
    "one.test.ts > group > subtracts",
    "three.test.ts > (an error outside any test)",
    "two.test.ts > multiplies",
  ]);
  // Each one with the first lines of its error, so a log cut to its tail still says why.
  const closing = failureLines([{ name: "SQLite run", result }]).join("\n");
  expect(closing).toContain("      error: expect(received).toBe(expected)\n      Expected: 0\n      Received: 1");
  expect(closing).toContain("Expected: 5");
  expect(closing).toContain("error: broken at load");
});

const run = (over: Partial<BunTestResult>): BunTestResult => ({
  code: 0,
  captured: "",
  passed: 1,
  failed: 0,
  ran: true,
  seconds: 1,
  ...over,
});

test("the closing lines list the failures of each run, and a run that crashed without naming one", () => {
  const lines = failureLines([
    {
      name: "SQLite run",
      result: run({ code: 1, failed: 1, captured: "\ntests/api/a.test.ts:\n(fail) refuses a bad key [1.20ms]\n" }),
    },
    { name: "PostgreSQL run", result: run({ code: 134 }) },
  ]);
  expect(lines).toEqual([
    "",
    "Failed:",
    "  SQLite run: tests/api/a.test.ts > refuses a bad key",
    "  PostgreSQL run: bun test exited with code 134 without naming a failed test",
  ]);
});

test("bun's recap of the failures at the end of a long run is not counted again", () => {
  const captured = [
    "tests/e2e/theme.test.ts:",
    "(fail) signed-in users > keeps the theme [29371.17ms]",
    "tests/e2e/legal-pages.test.ts:",
    "(pass) screens > the legal pages [24343.08ms]",
    "1 tests failed:",
    "(fail) signed-in users > keeps the theme [29371.17ms]",
    "",
    " 1 pass",
    " 1 fail",
  ].join("\n");
  expect(failedTests(captured)).toEqual(["tests/e2e/theme.test.ts > signed-in users > keeps the theme"]);
});

test("a run where everything passed adds no lines", () => {
  expect(failureLines([{ name: "SQLite run", result: run({}) }])).toEqual([]);
});
