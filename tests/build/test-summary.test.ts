/**
 * The end of `npm test`'s output names every test that failed, with its file, so a CI log that shows only its
 * tail still says what to look at; a run that ended badly without naming one gets a line of its own.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failedTests, failureLines } from "../../scripts/test-failures";
import { bunTest, type BunTestResult } from "../../scripts/test-run";

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

// What two workers printed on a loaded machine: the first file's error came after its "(fail)" line, under the
// second file's header, and the third file's header never came.
const INTERLEAVED = [
  "one.test.ts:",
  "(pass) adds [0.06ms]",
  "(fail) group > subtracts [0.22ms]",
  "",
  "two.test.ts:",
  "error: expect(received).toBe(expected)",
  "",
  "Expected: 0",
  "Received: 1",
  "",
  "error: expect(received).toBe(expected)",
  "",
  "Expected: 5",
  "Received: 4",
  "",
  "(fail) multiplies [0.14ms]",
  "(pass) divides [0.04ms]",
  "",
  "# Unhandled error between tests",
  "-------------------------------",
  '2 | throw new Error("broken at load");',
  "error: broken at load",
  "      at /tmp/run/three.test.ts:2:11",
  "-------------------------------",
  "",
  " 2 pass",
  " 3 fail",
].join("\n");
const INTERLEAVED_REPORT = `<testsuites>
  <testsuite name="one.test.ts" file="one.test.ts">
    <testcase name="adds" classname="" file="one.test.ts" line="2" />
    <testsuite name="group" file="one.test.ts">
      <testcase name="subtracts" classname="group" file="one.test.ts" line="3">
        <failure type="AssertionError" message="expect(received).toBe(expected)&#10;&#10;Expected: 0&#10;Received: 1&#10;">…</failure>
      </testcase>
    </testsuite>
  </testsuite>
  <testsuite name="two.test.ts" file="two.test.ts">
    <testcase name="multiplies" classname="" file="two.test.ts" line="2">
      <failure type="AssertionError" message="expect(received).toBe(expected)&#10;&#10;Expected: 5&#10;Received: 4&#10;">…</failure>
    </testcase>
  </testsuite>
</testsuites>`;

test("each failure keeps its own error when the workers' lines came interleaved", () => {
  const lines = failureLines([
    { name: "SQLite run", result: run({ code: 1, failed: 3, captured: INTERLEAVED, junit: INTERLEAVED_REPORT }) },
  ]);
  expect(lines).toEqual([
    "",
    "Failed:",
    "  SQLite run: one.test.ts > group > subtracts",
    "      error: expect(received).toBe(expected)",
    "      Expected: 0",
    "      Received: 1",
    "  SQLite run: two.test.ts > multiplies",
    "      error: expect(received).toBe(expected)",
    "      Expected: 5",
    "      Received: 4",
    "  SQLite run: /tmp/run/three.test.ts > (an error outside any test)",
    "      error: broken at load",
  ]);
});

test("a failure inside nested groups finds its error in the report, whose groups run innermost first", () => {
  const captured = ["four.test.ts:", '(fail) outer > in & <x> > deep "q" [0.26ms]', " 1 fail"].join("\n");
  const junit = `<testcase name="deep &quot;q&quot;" classname="in &amp; &lt;x&gt; &gt; outer" file="four.test.ts">
    <failure type="TypeError" message="bad&#10;line two">TypeError: bad</failure></testcase>`;
  expect(failureLines([{ name: "SQLite run", result: run({ code: 1, failed: 1, captured, junit }) }])).toEqual([
    "",
    "Failed:",
    '  SQLite run: four.test.ts > outer > in & <x> > deep "q"',
    "      TypeError: bad",
    "      line two",
  ]);
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
