/**
 * `npm test`: runs every bun test (API, services, browser) and ends with one plain line
 * "N passed, N failed". bun prints its own summary on stderr, so this wraps and reads it.
 */
const args = process.argv.slice(2);
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

const count = (word: string) => Number(new RegExp(`^\\s*(\\d+) ${word}$`, "m").exec(captured)?.[1] ?? 0);
const passed = count("pass");
const failed = count("fail");
const ran = /Ran (\d+) tests?/.exec(captured)?.[1];
if (!ran && code === 0) {
  console.log("0 passed, 1 failed");
  console.error("bun test ran no test");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(code === 0 && failed === 0 ? 0 : 1);
