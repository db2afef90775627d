import { expect, test } from "bun:test";
import { join } from "node:path";

test("the whole project typechecks (server, SPA, scripts and tests)", () => {
  const root = join(import.meta.dir, "../..");
  const tsc = Bun.spawnSync([join(root, "node_modules/.bin/tsc"), "--noEmit", "-p", "."], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = tsc.stdout.toString() + tsc.stderr.toString();
  if (tsc.exitCode !== 0) console.error(output);
  expect(tsc.exitCode).toBe(0);
  // tsc takes ~40 s alone, and several times that beside the other test workers on a busy machine.
}, 300_000);
