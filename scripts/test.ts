/**
 * `npm test`: runs every bun test (API, services, browser) on SQLite, then the API and service tests again
 * on PostgreSQL (scripts/test-postgres.ts, on a throwaway cluster), and ends with one plain line
 * "N passed, N failed" over both. bun prints its own summary on stderr, so this wraps and reads it.
 *
 * Without PostgreSQL's server binaries the second pass is skipped with a line saying so; under
 * REQUIRE_POSTGRES=1 (CI) that is a failure instead. Arguments (files, bun test flags) go to the first
 * pass only, and then the second one is left out: `npm test -- tests/api/foo.test.ts` stays quick.
 */
import { postgresBinDir, POSTGRES_BIN_PLACES } from "./postgres-cluster";
import { postgresTestFiles, runOnPostgres } from "./test-postgres";

const args = process.argv.slice(2);

const count = (captured: string, word: string) =>
  Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(captured)?.[1] ?? 0);

// --no-env-file: a developer's .env (production keys, another database) must never reach the tests.
const child = Bun.spawn([process.execPath, "--no-env-file", "test", "--timeout", "60000", ...args], {
  stdout: "inherit",
  stderr: "pipe",
  env: { ...process.env, NODE_ENV: "test" },
});

let captured = "";
const decoder = new TextDecoder();
for await (const chunk of child.stderr) {
  process.stderr.write(chunk);
  captured += decoder.decode(chunk, { stream: true });
}
const code = await child.exited;

let passed = count(captured, "pass");
let failed = count(captured, "fail");
const ran = /Ran (\d+) tests?/.exec(captured)?.[1];
if (!ran && code === 0) {
  console.log("0 passed, 1 failed");
  console.error("bun test ran no test");
  process.exit(1);
}
let ok = code === 0 && failed === 0;

if (args.length === 0) {
  if (postgresBinDir()) {
    console.log("\nThe API and service tests again, on PostgreSQL:");
    const second = await runOnPostgres(postgresTestFiles());
    const secondPassed = count(second.captured, "pass");
    const secondFailed = count(second.captured, "fail");
    console.log(`on PostgreSQL: ${secondPassed} passed, ${secondFailed} failed`);
    passed += secondPassed;
    failed += secondFailed;
    if (!/Ran (\d+) tests?/.test(second.captured)) failed += 1;
    ok &&= second.code === 0 && secondFailed === 0;
  } else if (process.env.REQUIRE_POSTGRES === "1") {
    console.log(`PostgreSQL not found (looked for ${POSTGRES_BIN_PLACES}), and REQUIRE_POSTGRES=1 requires it`);
    failed += 1;
    ok = false;
  } else {
    console.log(
      `PostgreSQL not found (looked for ${POSTGRES_BIN_PLACES}): the PostgreSQL pass of the API tests is skipped`,
    );
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
