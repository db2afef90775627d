/**
 * `layerlift restore` can't lose the live database, through the real command line: the live file
 * itself (by path, symlink or hard link) is refused, a backup is checked and migrated on a copy
 * before anything moves, every failure leaves the database as it was with one sentence, and a
 * production start that finds only a file kept aside by a restore refuses to serve an empty site.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, linkSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db";
import { listProductKeys } from "../../src/features/product-keys/service";
import { PRODUCTION_ENV } from "../support/production-env";
import { freePort } from "../support/ports";
import { pollHealth } from "../support/health";

// Each test starts the command-line program several times: seconds each on a busy machine.
setDefaultTimeout(120_000);

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-restore-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawnSync([process.execPath, join(root, "src/index.ts"), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "development", SEED_DEV_ADMIN: "0", ...env },
    // A server that starts when it should have refused would never return.
    timeout: 60_000,
  });
  return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
}

function seeded(name: string, keys: number) {
  const folder = mkdtempSync(join(dir, `${name}-`));
  const database = join(folder, name);
  expect(run(["migrate", "--db", database]).code).toBe(0);
  expect(run(["keys", "generate", "--plan", "pro", "--count", String(keys), "--db", database]).code).toBe(0);
  return { folder, database };
}

const keyCount = async (database: string) => {
  const db = openDatabase(database);
  try {
    return (await listProductKeys(db)).length;
  } finally {
    db.$client.close();
  }
};

/** One sentence on stderr, exit 1, no stack trace. */
function expectRefusal(result: ReturnType<typeof run>, contains: string) {
  expect(result.code).toBe(1);
  const message = result.err.trim();
  expect(message).toContain(contains);
  expect(message.split("\n")).toHaveLength(1);
  expect(message).not.toMatch(/\bat .*:\d+:\d+|Error:/);
}

/** Nothing of a restore left beside the database. */
const leftovers = (folder: string) =>
  readdirSync(folder).filter((name) => name.includes(".before-restore-") || name.includes(".restoring-"));

describe("the live database itself", () => {
  test("is refused by path, through a symlink and through a hard link; the database stays", async () => {
    const { folder, database } = seeded("live.db", 3);
    const symlink = join(folder, "link-to-live.db");
    symlinkSync(database, symlink);
    const hardLink = join(dir, "hard-link-to-live.db");
    linkSync(database, hardLink);
    for (const source of [database, symlink, hardLink]) {
      expectRefusal(run(["restore", source, "--db", database]), "is the database itself");
      expect(existsSync(database)).toBe(true);
      expect(await keyCount(database)).toBe(3);
      expect(leftovers(folder)).toEqual([]);
    }
  });
});

describe("a backup that can't become the current schema", () => {
  test("a file with only a migrations table and users is refused before anything moves", async () => {
    const { folder, database } = seeded("checked.db", 2);
    const impostor = join(dir, "impostor.db");
    const fake = new Database(impostor);
    fake.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
    fake.run("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)");
    fake.close();
    const result = run(["restore", impostor, "--db", database]);
    expectRefusal(result, `${impostor} can't be brought up to the current schema`);
    expect(await keyCount(database)).toBe(2);
    expect(leftovers(folder)).toEqual([]);
    // The server still starts on it: nothing was moved.
    expect(run(["keys", "list", "--db", database]).code).toBe(0);
  });

  test("a file whose migrations table claims the current schema but lacks its tables is refused too", async () => {
    const { folder, database } = seeded("claims.db", 1);
    const claims = join(dir, "claims-backup.db");
    const fake = new Database(claims);
    const real = new Database(database, { readonly: true });
    fake.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY, hash TEXT NOT NULL, created_at NUMERIC)");
    for (const row of real
      .query<{ hash: string; created_at: number }, []>("SELECT hash, created_at FROM __drizzle_migrations")
      .all()) {
      fake.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [row.hash, row.created_at]);
    }
    real.close();
    fake.run("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)");
    fake.close();
    expectRefusal(run(["restore", claims, "--db", database]), "does not match the current schema");
    expect(await keyCount(database)).toBe(1);
    expect(leftovers(folder)).toEqual([]);
  });
});

describe("a good backup", () => {
  test("is swapped in, says where the old database was kept, and leaves no working copy behind", async () => {
    const { folder, database } = seeded("good.db", 2);
    const backup = join(dir, "good-backup.db");
    expect(run(["backup", backup, "--db", database]).code).toBe(0);
    expect(run(["keys", "generate", "--plan", "month", "--count", "4", "--db", database]).code).toBe(0);
    const result = run(["restore", backup, "--db", database]);
    expect(result.code).toBe(0);
    const kept = readdirSync(folder).find((name) => name.startsWith("good.db.before-restore-"))!;
    expect(result.out).toContain(`The database it replaced is kept as ${join(folder, kept)}.`);
    expect(await keyCount(database)).toBe(2);
    expect(await keyCount(join(folder, kept))).toBe(6);
    expect(readdirSync(folder).filter((name) => name.includes(".restoring-"))).toEqual([]);
  });
});

describe("a production start", () => {
  const production = (database: string, port: number) => ({
    ...PRODUCTION_ENV,
    DATABASE_PATH: database,
    PORT: String(port),
  });

  test("with no database but one kept aside by a restore refuses to start and names the file to put back", () => {
    const { folder, database } = seeded("lost.db", 1);
    const kept = `${database}.before-restore-2026-11-25T10-00-00-000Z`;
    renameSync(database, kept);
    const result = run(["serve"], production(database, 48_500 + Math.floor(Math.random() * 400)));
    expectRefusal(result, `No database at ${database}, but ${kept} was kept beside it by a restore`);
    expect(existsSync(database)).toBe(false);
    expect(readdirSync(folder)).toEqual(["lost.db.before-restore-2026-11-25T10-00-00-000Z"]);
  });

  test("a brand-new site still starts on a fresh database", async () => {
    const folder = mkdtempSync(join(dir, "new-site-"));
    const database = join(folder, "layerlift.db");
    const port = freePort();
    const server = Bun.spawn([process.execPath, "src/index.ts", "serve"], {
      cwd: root,
      stdout: "ignore",
      stderr: "ignore",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", SEED_DEV_ADMIN: "0", ...production(database, port) },
    });
    try {
      const health = await pollHealth(`http://127.0.0.1:${port}`, { process: server });
      expect(health?.status).toBe(200);
      expect(existsSync(database)).toBe(true);
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
  });
});
