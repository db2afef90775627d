/**
 * Backups an operator can trust, through the real command line: commands refuse a database that
 * does not exist, a backup never overwrites, is readable by its owner only and is checked, a
 * restore checks its file and refuses while a server has the database open, and a path that can't
 * be used is one sentence.
 */
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db";
import { listProductKeys } from "../../src/features/product-keys/service";
import { freePort } from "../support/ports";
import { waitHealthy } from "../support/health";

// Each test starts the command-line program several times: seconds each on a busy machine.
setDefaultTimeout(120_000);

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const child = Bun.spawnSync([process.execPath, join(root, "src/index.ts"), ...args], {
    cwd: options.cwd ?? root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "development", SEED_DEV_ADMIN: "0", ...options.env },
  });
  return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
}

/** A database with some keys in it, made the way an operator would. */
function seeded(name: string, keys = 3) {
  const database = join(dir, name);
  expect(run(["keys", "generate", "--plan", "pro", "--count", String(keys), "--db", database], { env: {} }).code).toBe(
    1,
  ); // no database yet
  expect(run(["migrate", "--db", database]).code).toBe(0);
  expect(run(["keys", "generate", "--plan", "pro", "--count", String(keys), "--db", database]).code).toBe(0);
  return database;
}

describe("a database that does not exist", () => {
  test("backup without --db or DATABASE_PATH names the path it looked for, creates nothing and exits 1", () => {
    const empty = mkdtempSync(join(dir, "empty-"));
    const result = run(["backup", join(empty, "copy.db")], { cwd: empty });
    expect(result.code).toBe(1);
    expect(result.err.trim()).toBe(
      `No database at ${join(empty, "data/layerlift.db")}. Pass --db PATH or set DATABASE_PATH to the server's database (\`layerlift migrate\` creates a new one).`,
    );
    expect(readdirSync(empty)).toEqual([]);
  });

  test("keys list and keys generate refuse it too; migrate creates it", () => {
    const database = join(dir, "later.db");
    for (const args of [
      ["keys", "list"],
      ["keys", "generate", "--plan", "pro"],
    ]) {
      const result = run([...args, "--db", database]);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`No database at ${database}.`);
    }
    expect(existsSync(database)).toBe(false);
    expect(run(["migrate", "--db", database]).code).toBe(0);
    expect(existsSync(database)).toBe(true);
  });
});

describe("backup", () => {
  test("writes a checked copy readable by its owner only, and prints its size and row counts", async () => {
    const database = seeded("live.db", 3);
    const target = join(dir, "backups/live-1.db");
    const result = run(["backup", target, "--db", database]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /Backed up .*live\.db to .*live-1\.db: [0-9.]+ KB, integrity check ok, readable by its owner only\./,
    );
    expect(result.out).toMatch(/product_keys\s+3\n/);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(await listProductKeys(openDatabase(target))).toHaveLength(3);
  });

  test("never overwrites: a second backup to the same file is one sentence, and the first copy is untouched", () => {
    const database = seeded("twice.db", 2);
    const target = join(dir, "twice-backup.db");
    expect(run(["backup", target, "--db", database]).code).toBe(0);
    const before = statSync(target);
    const again = run(["backup", target, "--db", database]);
    expect(again.code).toBe(1);
    expect(again.err.trim()).toBe(`${target} already exists; a backup never overwrites a file. Choose a new name.`);
    expect(statSync(target).mtimeMs).toBe(before.mtimeMs);
  });
});

describe("restore", () => {
  test("replaces the database with the backup, keeps the replaced file aside, and applies migrations", async () => {
    const database = seeded("restore-live.db", 2);
    const backup = join(dir, "restore-backup.db");
    expect(run(["backup", backup, "--db", database]).code).toBe(0);
    expect(run(["keys", "generate", "--plan", "month", "--count", "5", "--db", database]).code).toBe(0);
    const result = run(["restore", backup, "--db", database]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `Restored ${database} from ${backup}. The database it replaced is kept as ${database}.before-restore-`,
    );
    expect(await listProductKeys(openDatabase(database))).toHaveLength(2);
    const kept = readdirSync(dir).find((name) => name.startsWith("restore-live.db.before-restore-"))!;
    expect(await listProductKeys(openDatabase(join(dir, kept)))).toHaveLength(7);
  });

  test("leaves the backed-up server's run state behind: its backup lease and the alerts it had sent", async () => {
    const database = seeded("run-state-live.db", 1);
    // What a backup taken during a scheduled run holds: that run's lease, and the alerts that server had told.
    const source = new Database(database);
    source.run(
      `INSERT INTO app_settings (key, value) VALUES ('backup_lease', '{"owner":"dead-server","until":${Date.now() + 300_000}}'), ('backup_alerts', '["stale"]'), ('kept', 'yes')`,
    );
    source.close();
    const backup = join(dir, "run-state-backup.db");
    expect(run(["backup", backup, "--db", database]).code).toBe(0);
    const fresh = join(dir, "run-state-fresh.db");
    expect(run(["restore", backup, "--db", fresh]).code).toBe(0);
    const restored = new Database(fresh, { readonly: true });
    const keys = restored.query("SELECT key FROM app_settings ORDER BY key").all() as { key: string }[];
    restored.close();
    expect(keys.map((row) => row.key)).toContain("kept");
    expect(keys.map((row) => row.key)).not.toContain("backup_lease");
    expect(keys.map((row) => row.key)).not.toContain("backup_alerts");
  });

  test("refuses while a server has the database open, and changes nothing", async () => {
    const database = seeded("served.db", 1);
    const backup = join(dir, "served-backup.db");
    expect(run(["backup", backup, "--db", database]).code).toBe(0);
    const port = freePort();
    const server = Bun.spawn([process.execPath, "src/index.ts"], {
      cwd: root,
      stdout: "ignore",
      stderr: "ignore",
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        NODE_ENV: "development",
        SEED_DEV_ADMIN: "0",
        PORT: String(port),
        DATABASE_PATH: database,
      },
    });
    try {
      await waitHealthy(`http://127.0.0.1:${port}`, { process: server });
      const result = run(["restore", backup, "--db", database]);
      expect(result.code).toBe(1);
      expect(result.err.trim()).toBe(
        `Another process (a running Layerlift server?) has ${database} open. Stop it first, then restore.`,
      );
      expect(readdirSync(dir).some((name) => name.startsWith("served.db.before-restore-"))).toBe(false);
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
    expect(run(["restore", backup, "--db", database]).code).toBe(0);
  });

  test("checks the file first: a missing, damaged or foreign file is refused and the database is untouched", async () => {
    const database = seeded("checked.db", 1);
    const notThere = run(["restore", join(dir, "nope.db"), "--db", database]);
    expect(notThere.err.trim()).toBe(`No backup at ${join(dir, "nope.db")}.`);
    const garbage = join(dir, "garbage.db");
    writeFileSync(garbage, "this is not a database at all, just some text that goes on for a while ".repeat(100));
    expect(run(["restore", garbage, "--db", database]).err).toContain(`${garbage} is not a readable SQLite database`);
    const foreign = join(dir, "foreign.db");
    const other = new (require("bun:sqlite").Database)(foreign);
    other.run("create table notes (text)");
    other.close();
    expect(run(["restore", foreign, "--db", database]).err.trim()).toBe(
      `${foreign} is a SQLite database, but not a Layerlift one.`,
    );
    expect(await listProductKeys(openDatabase(database))).toHaveLength(1);
  });
});

describe("a path that can't be used", () => {
  test("is one sentence with the path and the likely cause, for the server and for commands", () => {
    const blocker = join(dir, "a-file");
    writeFileSync(blocker, "");
    const database = join(blocker, "layerlift.db");
    for (const args of [["migrate"], ["serve"]]) {
      const result = run([...args, "--db", database]);
      expect(result.code).toBe(1);
      expect(result.err.trim()).toBe(
        `Can't create the database folder ${blocker}: a part of the path is a file, not a folder.`,
      );
    }
    mkdirSync(join(dir, "plain"), { recursive: true });
    writeFileSync(join(dir, "plain/layerlift.db"), "not sqlite ".repeat(500));
    const broken = run(["keys", "list", "--db", join(dir, "plain/layerlift.db")]);
    expect(broken.code).toBe(1);
    expect(broken.err.trim().split("\n")).toHaveLength(1);
    expect(broken.err).toContain(`Can't open the database ${join(dir, "plain/layerlift.db")}`);
  });
});
