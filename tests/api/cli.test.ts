import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db";
import { listProductKeys } from "../../src/features/product-keys/service";
import { findUserByEmail } from "../../src/features/users/service";
import { version as packageVersion } from "../../package.json";

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-cli-"));
const db = join(dir, "cli.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const child = Bun.spawnSync([process.execPath, "src/index.ts", ...args, "--db", db], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development" },
  });
  return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
}

describe("the command line", () => {
  test("migrate creates the database the other commands need", () => {
    expect(run("migrate").code).toBe(0);
  });

  test("keys generate prints one fresh 12-character key per line", () => {
    const { code, out } = run("keys", "generate", "--plan", "pro", "--count", "3");
    expect(code).toBe(0);
    const keys = out.trim().split("\n");
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(new Set(keys).size).toBe(3);
  });

  test("keys list shows them, --unused filters", () => {
    const { out } = run("keys", "list", "--plan", "pro", "--unused");
    expect(out.trim().split("\n").length).toBeGreaterThanOrEqual(3);
    expect(out).toContain("available");
  });

  test("a bad plan or count is a clear error and writes nothing", async () => {
    const before = (await listProductKeys(openDatabase(db))).length;
    const badPlan = run("keys", "generate", "--plan", "forever", "--count", "2");
    expect(badPlan.code).toBe(2);
    expect(badPlan.err).toContain("--plan must be one of month, pro, lifetime");
    const badCount = run("keys", "generate", "--plan", "pro", "--count", "500");
    expect(badCount.code).toBe(1);
    expect(badCount.err).toContain("Count must be a whole number from 1 to 100");
    expect((await listProductKeys(openDatabase(db))).length).toBe(before);
  });

  test("scripts/generate-keys.ts makes keys through the same function", async () => {
    const child = Bun.spawnSync(
      [process.execPath, "scripts/generate-keys.ts", "--plan", "lifetime", "--count", "2", "--db", db],
      { cwd: root },
    );
    expect(child.exitCode).toBe(0);
    expect(child.stdout.toString().trim().split("\n")).toHaveLength(2);
    expect(await listProductKeys(openDatabase(db), { plan: "lifetime" })).toHaveLength(2);
  });

  test("admin create makes an admin who can sign in, and promotes an existing account", async () => {
    const { code, out } = run("admin", "create", "--email", "Ops@Example.com", "--password", "ops password");
    expect(code).toBe(0);
    expect(out).toContain("Created admin ops@example.com");
    const database = openDatabase(db);
    expect((await findUserByEmail(database, "ops@example.com"))?.isAdmin).toBe(true);
    database.$client.close();
    const generated = run("admin", "create", "--email", "second@example.com");
    expect(generated.out).toMatch(/with password \S{16}/);
    expect(run("admin", "create", "--email", "ops@example.com").out).toContain("Promoted admin ops@example.com");
  });

  test("accounts invite-unconfirmed invites each unconfirmed account once, however often it runs", () => {
    const first = run("accounts", "invite-unconfirmed");
    expect(first.code).toBe(0);
    expect(first.out).toContain("Invited 2 unconfirmed accounts to confirm their addresses");
    const again = run("accounts", "invite-unconfirmed");
    expect(again.code).toBe(0);
    expect(again.out).toContain("No account to invite");
  });

  test("migrate and backup leave a usable copy", async () => {
    expect(run("migrate").code).toBe(0);
    const copy = join(dir, "backup.db");
    const backup = Bun.spawnSync([process.execPath, "src/index.ts", "backup", copy, "--db", db], { cwd: root });
    expect(backup.exitCode).toBe(0);
    expect(existsSync(copy)).toBe(true);
    expect((await listProductKeys(openDatabase(copy))).length).toBeGreaterThanOrEqual(5);
  });

  test("lease-keys list on a site with none says when the first one is made", () => {
    const { code, out } = run("lease-keys", "list");
    expect(code).toBe(0);
    expect(out.trim()).toBe(
      "No lease keys yet: the server makes the first one at the first plugin validation or request for its public keys (/.well-known/jwks.json).",
    );
  });

  test("an unknown command or option is its sentence and where to read more, not the whole usage", () => {
    const unknown = run("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.err.trim().split("\n")).toEqual([
      'Unknown command "frobnicate"',
      "Run `layerlift --help` for every command and its options.",
    ]);
    const badOption = run("keys", "list", "--colour");
    expect(badOption.code).toBe(2);
    expect(badOption.err.trim().split("\n")).toHaveLength(2);
    expect(badOption.err).toContain("--colour");
  });

  test("--version prints the release, and --help which commands need an existing database", () => {
    const version = run("--version");
    expect(version.code).toBe(0);
    expect(version.out).toBe(`layerlift ${packageVersion}\n`);
    const help = run("--help");
    expect(help.out).toContain(
      "keys, lease-keys, accounts, backup, reminders and books need an existing database (with DATABASE_URL, PostgreSQL's)",
    );
    expect(help.out).toContain("layerlift --version");
  });
});
