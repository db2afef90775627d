/**
 * Running the site on PostgreSQL, as an operator does: the backup commands (which copy a SQLite file) say
 * what backs PostgreSQL up instead, exit 1 and touch nothing; the pg_dump and pg_restore commands they name
 * work as written; BACKUP_URL beside DATABASE_URL stops the start; and the server's start line, health and
 * metrics name the database, with health saying so when the server goes away.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import { PG_DUMP_COMMAND, PG_RESTORE_COMMAND } from "../../src/features/backups/postgres";
import { describePostgres, freshPostgresDatabase, postgresServer, type TestPostgres } from "../support/postgres";
import { freePort } from "../support/ports";
import { VERSION } from "../../src/version";
import { pollHealth } from "../support/health";

// Each command is a process of its own.
setDefaultTimeout(120_000);

const root = join(import.meta.dir, "../..");
const PASSWORD = "Very-s3cret";
const METRICS_TOKEN = "metrics-token-0123456789";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "layerlift-pg-ops-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The URL with a password in it (the test cluster trusts loopback, so any password connects). */
const withPassword = (url: string) => url.replace("postgres://postgres@", `postgres://postgres:${PASSWORD}@`);

function run(args: string[], env: Record<string, string>) {
  const child = Bun.spawnSync([process.execPath, join(root, "src/index.ts"), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: "development", ...env },
  });
  return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
}

/** Starts `serve` and waits for its start line; `stop()` sends SIGTERM and gives what it printed. */
async function serve(env: Record<string, string>) {
  const port = freePort();
  const server = Bun.spawn([process.execPath, join(root, "src/index.ts"), "serve"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "development",
      SEED_DEV_ADMIN: "0",
      LOG_FORMAT: "json",
      PORT: String(port),
      METRICS_TOKEN,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  // Any answer: a server whose database is down is up, and says so on /api/health.
  const up = Boolean(await pollHealth(url, { process: server, accept: () => true }));
  const stop = async () => {
    server.kill("SIGTERM");
    await server.exited;
    const lines = (await new Response(server.stdout).text()).trim().split("\n");
    return lines.filter(Boolean).map((line) => JSON.parse(line) as { msg: string; database?: string });
  };
  if (!up) {
    await stop();
    throw new Error(`the server did not start: ${await new Response(server.stderr).text()}`);
  }
  const get = (path: string) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return { url, get, stop };
}

test("the start line names the SQLite file the site runs on", async () => {
  const path = join(dir, "start-line.db");
  const server = await serve({ DATABASE_PATH: path });
  const lines = await server.stop();
  expect(lines.map((line) => line.msg)).toContain(
    `Layerlift ${VERSION} listening on ${server.url.replace("127.0.0.1", "localhost")} (database: ${path})`,
  );
});

/** Nothing listens there: these refuse before they would connect. */
const UNREACHABLE = `postgres://shop:${PASSWORD}@127.0.0.1:1/shop`;

test("a URL carrying Layerlift's own ?max= and ?statement_timeout= is told to drop them for pg_dump", () => {
  const answer = run(["backup", join(dir, "copy.db")], {
    DATABASE_URL: `${UNREACHABLE}?max=5&statement_timeout=2000`,
  });
  expect(answer.code).toBe(1);
  expect(answer.err).toContain(
    '"$DATABASE_URL"`, once ?max= and ?statement_timeout= are taken out of the URL (only Layerlift reads them))',
  );
  expect(answer.err).not.toContain(PASSWORD);
});

test("BACKUP_URL beside DATABASE_URL is a configuration problem naming both, before anything runs", () => {
  const answer = run(["keys", "list"], {
    DATABASE_URL: UNREACHABLE,
    BACKUP_URL: "s3://my-backups/layerlift",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  });
  expect(answer.code).toBe(1);
  expect(answer.err).toContain(
    "BACKUP_URL backs up the SQLite file, but DATABASE_URL runs the site on PostgreSQL: unset BACKUP_URL and back PostgreSQL up with pg_dump",
  );
  expect(answer.err).not.toContain(PASSWORD);
});

describePostgres("operations with DATABASE_URL", () => {
  let database: TestPostgres;
  let url: string;
  let where: string;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    url = withPassword(database.url);
    where = new URL(database.url).host;
  });
  afterAll(() => database?.drop());

  /** Every table's row count: what "nothing was written" means for the database. */
  async function rowCounts() {
    const rows = (await database.client.unsafe(
      "select relname, n_live_tup::int as n from pg_stat_user_tables order by relname",
    )) as { relname: string; n: number }[];
    const [keys] = await database.db.select({ n: count() }).from(pg.productKeys);
    const [settings] = await database.db.select({ n: count() }).from(pg.appSettings);
    return { tables: rows.map((row) => row.relname), keys: keys.n, settings: settings.n };
  }

  test("backup, restore and backups print one sentence naming pg_dump and pg_restore, exit 1 and change nothing", async () => {
    const sqlitePath = join(dir, "site.db");
    writeFileSync(sqlitePath, "the SQLite file left from before the move");
    const backupFile = join(dir, "from-before.db");
    writeFileSync(backupFile, "a SQLite backup");
    const before = await rowCounts();
    const filesBefore = readdirSync(dir).sort();
    const env = { DATABASE_URL: url, DATABASE_PATH: sqlitePath };
    const intro =
      `This site's database is PostgreSQL (at ${where}): back it up with pg_dump ` +
      '(e.g. `pg_dump --format=custom --file=layerlift.dump "$DATABASE_URL"`) and your host\'s point-in-time recovery, ' +
      "and restore it with pg_restore " +
      '(e.g. `pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" layerlift.dump`, with the site stopped); ';
    const cases: [string[], string][] = [
      [["backup", join(dir, "copy.db")], "`layerlift backup` copies only a SQLite file."],
      [["backup", "--to", "s3://my-backups/layerlift"], "`layerlift backup` copies only a SQLite file."],
      [["restore", backupFile], "`layerlift restore` replaces only a SQLite file."],
      [["restore", "--from", "s3://my-backups/layerlift/latest"], "`layerlift restore` replaces only a SQLite file."],
      [
        ["backups", "list", "s3://my-backups/layerlift"],
        "`layerlift backups` lists and drills only the SQLite backups `layerlift backup --to` made (unset DATABASE_URL to look at those).",
      ],
      [
        ["backups", "verify", "s3://my-backups/layerlift"],
        "`layerlift backups` lists and drills only the SQLite backups `layerlift backup --to` made (unset DATABASE_URL to look at those).",
      ],
    ];
    for (const [args, tail] of cases) {
      const answer = run(args, env);
      expect({ args, ...answer }).toEqual({ args, code: 1, out: "", err: `${intro}${tail}\n` });
      expect(answer.err).not.toContain(PASSWORD);
    }
    expect(readdirSync(dir).sort()).toEqual(filesBefore);
    expect(readFileSync(sqlitePath, "utf8")).toBe("the SQLite file left from before the move");
    expect(await rowCounts()).toEqual(before);
  });

  test("the pg_dump and pg_restore commands the sentence names take a copy and put it back", async () => {
    const env = { DATABASE_URL: database.url, PATH: process.env.PATH ?? "/usr/bin:/bin" };
    expect(run(["keys", "generate", "--plan", "pro", "--count", "2"], { DATABASE_URL: url }).code).toBe(0);
    const dump = Bun.spawnSync(["sh", "-c", PG_DUMP_COMMAND], { cwd: dir, env });
    expect(dump.stderr.toString()).toBe("");
    expect(dump.exitCode).toBe(0);
    expect(existsSync(join(dir, "layerlift.dump"))).toBe(true);
    // Sold after the copy: the restore takes the database back to the copy.
    expect(run(["keys", "generate", "--plan", "pro", "--count", "3"], { DATABASE_URL: url }).code).toBe(0);
    expect(await database.db.select({ n: count() }).from(pg.productKeys)).toEqual([{ n: 5 }]);
    const restore = Bun.spawnSync(["sh", "-c", PG_RESTORE_COMMAND], { cwd: dir, env });
    expect(restore.stderr.toString()).toBe("");
    expect(restore.exitCode).toBe(0);
    rmSync(join(dir, "layerlift.dump"));
    const listed = run(["keys", "list"], { DATABASE_URL: url });
    expect(listed.code).toBe(0);
    expect(listed.out.trim().split("\n")).toHaveLength(2);
  });

  test("serve names PostgreSQL in its start line, health and metrics; health says when the server is gone", async () => {
    const own = await freshPostgresDatabase();
    const ownWhere = new URL(own.url).host;
    const name = new URL(own.url).pathname.slice(1);
    await own.client.close();
    const server = await serve({ DATABASE_URL: withPassword(own.url), DATABASE_PATH: join(dir, "unused.db") });
    let lines: { msg: string; database?: string }[] = [];
    try {
      const health = (await (await server.get("/api/health")).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ ok: true, database: { engine: "postgres" } });
      const metrics = await (await server.get("/metrics")).text();
      expect(metrics).toContain('database_info{engine="postgres",app="layerlift"} 1');
      expect(metrics).toContain('database_pool_max{app="layerlift"} 10');
      expect(metrics).toContain('\ndatabase_up{app="layerlift"} 1');
      expect(metrics).toMatch(/^site_database_connections\{state="active",app="layerlift"\} [1-9]/m);

      const { admin } = await postgresServer();
      await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
      const gone = await server.get("/api/health?strict=1");
      expect(gone.status).toBe(503);
      const report = (await gone.json()) as { reasons: string[]; email: unknown };
      expect(report.reasons).toEqual([
        `the database can't be reached: PostgreSQL at ${ownWhere}: database "${name}" does not exist`,
      ]);
      expect(report.email).toBeNull();

      // The scrape that matters most still answers: the database's series are left out and database_up says why.
      const scrape = await server.get("/metrics");
      expect(scrape.status).toBe(200);
      const down = await scrape.text();
      expect(down).toContain('\ndatabase_up{app="layerlift"} 0');
      expect(down).toContain('\nhttp_requests_total{method="GET",route="/api/health"');
      expect(down).toContain("\nprocess_resident_memory_bytes");
      expect(down).not.toMatch(
        /^site_(sales|sales_revenue_cents|email_outbox|database_connections|webhook_deliveries)\{/m,
      );
      // A series without labels is left out too, not shown as 0.
      expect(down).not.toMatch(/^site_webhook_endpoints_disabled[{ ]/m);
    } finally {
      lines = await server.stop();
    }
    const start = lines.find((line) => line.msg.includes("listening on"));
    expect(start?.msg).toBe(
      `Layerlift ${VERSION} listening on ${server.url.replace("127.0.0.1", "localhost")} (database: PostgreSQL at ${ownWhere})`,
    );
    expect(start?.database).toBe(`PostgreSQL at ${ownWhere}`);
    expect(JSON.stringify(lines)).not.toContain(PASSWORD);
  });
});
