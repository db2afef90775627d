/**
 * Passwords are hashed with argon2id at OWASP's cost (src/lib/passwords.ts). The test process hashes at the
 * smallest cost (tests/support/cheap-hashes.ts): this checks the site itself, in a process of its own, does not.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { hashPassword, verifyPassword } from "../../src/lib/passwords";

const root = join(import.meta.dir, "../..");

test("the site hashes a password with argon2id at 19 MiB and two passes, and checks any argon2id hash", () => {
  const cheap = Bun.password.hashSync("correct horse", { algorithm: "argon2id", memoryCost: 64, timeCost: 1 });
  const script = `
    import { hashPassword, verifyPassword } from "./src/lib/passwords";
    const hash = await hashPassword("correct horse");
    console.log(JSON.stringify({
      hash,
      right: await verifyPassword("correct horse", hash),
      wrong: await verifyPassword("wrong horse", hash),
      cheap: await verifyPassword("correct horse", ${JSON.stringify(cheap)}),
    }));`;
  const run = Bun.spawnSync([process.execPath, "-e", script], { cwd: root, env: { PATH: process.env.PATH ?? "" } });
  expect(run.stderr.toString()).toBe("");
  const printed = JSON.parse(run.stdout.toString());
  expect(printed.hash).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
  expect(printed).toMatchObject({ right: true, wrong: false, cheap: true });
});

test("in the test process a hash costs the least argon2id allows, and still verifies", async () => {
  const hash = await hashPassword("correct horse");
  expect(hash).toStartWith("$argon2id$v=19$m=64,t=1,p=1$");
  expect(await verifyPassword("correct horse", hash)).toBe(true);
  expect(await verifyPassword("wrong horse", hash)).toBe(false);
});
