/**
 * `layerlift copy-database`: a SQLite site with rows made through the app, copied into an empty PostgreSQL
 * database: the same rows (flags, JSON and times as they were), ids that go on after the highest, books that
 * match; a target holding data, a missing source and a server that can't be reached are refused in one
 * sentence and change nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { asc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { runCli } from "../../src/cli";
import { REBUILT_TABLES, siteTableNames } from "../../src/cli/copy-tables";
import { postgresTables } from "../../src/db/postgres/schema";
import { useEngineTables } from "../../src/db/schema";
import { sqliteTables } from "../../src/db/sqlite/schema";
import { checkBooks } from "../../src/features/daily-ledger/service";
import { api, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { describePostgres, freshPostgresDatabase, type TestPostgres } from "../support/postgres";
import { paidWithDemoCard } from "../support/purchase";
import { closeDatabase, postgresHandle } from "../../src/db";
import { parsePostgresTarget } from "../../src/db/postgres/connection";

/** Runs the command as `layerlift …` would, with what it printed. */
async function copyDatabase(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (line: string) => out.push(line);
  console.error = (line: string) => err.push(line);
  try {
    const code = await runCli(["copy-database", ...args], { ...process.env, NODE_ENV: "production" });
    return { code, out, err };
  } finally {
    console.log = log;
    console.error = error;
  }
}

/** The site as a stopped server leaves it: every kind of row, made through the app where the app makes it. */
async function makeSite(ctx: TestContext) {
  const admin = (await signInAdmin(ctx)).token;
  const adminApi = api(ctx.app, admin).api;
  expect(
    (await adminApi.admin["promotion-codes"].post({ code: "LAUNCH20", percentOff: 20, plans: ["pro", "lifetime"] }))
      .status,
  ).toBe(200);
  const hook = await adminApi.admin.webhooks.post({
    url: "http://127.0.0.1:9/hooks",
    events: ["sale.completed", "sale.refunded"],
  });
  expect(hook.status).toBe(201);
  const user = await signUpUser(ctx, "pro");
  expect((await api(ctx.app, user.token).api.user.settings.put({ notifications: false })).status).toBe(200);
  expect((await api(ctx.app, user.token).api.reviews.post({ rating: 5, comment: "Saved me hours." })).status).toBe(200);
  // A licence of three seats (an admin's goodwill), so the seats table has rows to copy.
  expect((await adminApi.admin.users({ id: user.user.id }).seats.put({ seats: 3 })).status).toBe(200);
  await paidWithDemoCard(ctx, "month", "buyer@example.com");
  await paidWithDemoCard(ctx, "pro", "promo@example.com", undefined, "LAUNCH20");
  const refunded = await paidWithDemoCard(ctx, "lifetime", "refund@example.com");
  expect((await adminApi.admin.sales({ id: (await refunded.sale()).id }).refund.post({})).status).toBe(200);
  const ticket = await api(ctx.app).api.support.tickets.post({ email: "asks@example.com", message: "How do I sync?" });
  expect(ticket.status).toBe(200);
  expect((await api(ctx.app).api.auth["forgot-password"].post({ email: user.email })).status).toBe(200);
  // Rows no request makes in a short test (a server's start, a backup, a reminder run), written as those make them.
  const db = ctx.deps.db;
  const now = ctx.clock.now();
  const [sale] = await db.select().from(sqliteTables.sales).limit(1);
  const [subscription] = await db.select().from(sqliteTables.subscriptions).limit(1);
  const [asked] = await db.select().from(sqliteTables.supportTickets).limit(1);
  await db.insert(sqliteTables.backupRuns).values([
    { kind: "backup", startedAt: now - 5_000, finishedAt: now, ok: true, objectName: "b1", bytes: 5_000_000_000 },
    { kind: "drill", startedAt: now, finishedAt: now, ok: false, rowCounts: { users: 2, sales: 3 }, problem: "x" },
  ]);
  await db.insert(sqliteTables.processedEvents).values({ id: "evt_1", type: "charge.refunded", createdAt: now });
  await db.insert(sqliteTables.appSettings).values({ key: "example", value: "kept" });
  // A scheduled backup's run in progress when the server stopped: the stopped server's, not the site's.
  await db.insert(sqliteTables.appSettings).values([
    { key: "backup_lease", value: JSON.stringify({ owner: "stopped-server", until: now + 300_000 }) },
    { key: "backup_alerts", value: JSON.stringify(["stale"]) },
  ]);
  await db.insert(sqliteTables.leaseKeys).values({ kid: "k1", generation: 1, publicJwk: "{}", createdAt: now });
  await db.insert(sqliteTables.renewalReminders).values({
    subscriptionId: subscription!.id,
    periodEnd: now + 7 * 86_400_000,
    kind: "7-days",
    createdAt: now,
  });
  await db.insert(sqliteTables.emailChanges).values({
    userId: user.user.id,
    newEmail: "new@example.com",
    tokenHash: "hash",
    expiresAt: now + 3_600_000,
    createdAt: now,
  });
  await db.insert(sqliteTables.buyerRefunds).values({ saleId: sale!.id, status: "declined", createdAt: now });
  await db
    .insert(sqliteTables.supportMessages)
    .values({ ticketId: asked!.id, author: "buyer", body: "Still stuck.", createdAt: now });
}

const sqliteCounts = (path: string) => {
  const source = new Database(path, { readonly: true });
  try {
    return Object.fromEntries(
      siteTableNames().map((name) => [
        name,
        (source.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
      ]),
    );
  } finally {
    source.close();
  }
};

async function postgresCounts(target: TestPostgres) {
  const counts: Record<string, number> = {};
  for (const name of siteTableNames())
    counts[name] = Number((await target.client.unsafe(`SELECT count(*) AS n FROM "${name}"`))[0].n);
  return counts;
}

// The source is a SQLite file, so this file stays out of the PostgreSQL pass (scripts/test-postgres.ts).
describePostgres("layerlift copy-database", () => {
  let ctx: TestContext;
  let target: TestPostgres;
  let path: string;

  beforeAll(async () => {
    ctx = makeTestApp();
    path = ctx.deps.config.databasePath;
    await makeSite(ctx);
    ctx.deps.db.$client.close();
    target = await freshPostgresDatabase({ empty: true });
  });
  afterAll(async () => {
    await target?.drop();
    ctx?.cleanup();
    // The command bound the tables to PostgreSQL's; the files after this one open SQLite.
    useEngineTables("sqlite");
  });

  test("a source a running server has open is refused, and nothing is copied", async () => {
    const server = new Database(path);
    try {
      server.run("PRAGMA journal_mode = WAL");
      server.query("SELECT count(*) FROM users").get();
      const { code, err } = await copyDatabase("--to", target.url, "--db", path);
      expect(code).toBe(1);
      expect(err).toEqual([
        `Another process (a running Layerlift server?) has ${path} open. Stop it first, then copy it.`,
      ]);
    } finally {
      server.close();
    }
    // Refused before the target was touched: not even migrated.
    const [tables] = await target.client.unsafe(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(Number(tables.n)).toBe(0);
  });

  test("copies every row, prints a line per table and a total, and the books match on the target", async () => {
    const before = sqliteCounts(path);
    // Every table has rows to copy.
    expect(Object.entries(before).filter(([, rows]) => rows === 0)).toEqual([]);

    const { code, out, err } = await copyDatabase("--to", target.url, "--db", path);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toBe(
      `Copying ${path} to PostgreSQL at ${parsePostgresTarget(target.url, () => undefined, [])!.where}:`,
    );
    // The summary tables are rebuilt from the copied rows: a plan whose keys all went keeps no zero row.
    const after = await postgresCounts(target);
    for (const [name, rows] of Object.entries(after)) expect(out).toContain(`  ${name.padEnd(24)} ${rows}`);
    const total = Object.values(after).reduce((sum, n) => sum + n, 0);
    expect(out.at(-2)).toMatch(
      new RegExp(
        `^Copied ${total} rows in ${siteTableNames().length} tables in \\d+\\.\\d s\\. The row counts match table by table, and the books match the sales \\(\\d+ day-and-plan rows\\)\\.$`,
      ),
    );
    const copied = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([name]) => !REBUILT_TABLES.includes(name)));
    // Everything but the stopped server's run state (its backup lease and told alerts).
    expect(copied(after)).toEqual({ ...copied(before), app_settings: before.app_settings! - 2 });
    const settings = await target.client.unsafe("SELECT key FROM app_settings ORDER BY key");
    expect(settings.map((row: { key: string }) => row.key)).not.toContain("backup_lease");
    expect(settings.map((row: { key: string }) => row.key)).not.toContain("backup_alerts");
    expect(sqliteCounts(path)).toEqual(before);
  });

  test("the rows read back the same through each engine's tables: flags, JSON and times", async () => {
    const source = drizzle(new Database(path, { readonly: true }));
    try {
      const pg = target.db;
      const pairs = [
        [sqliteTables.users, postgresTables.users],
        [sqliteTables.sales, postgresTables.sales],
        [sqliteTables.promotionCodes, postgresTables.promotionCodes],
        [sqliteTables.emails, postgresTables.emails],
        [sqliteTables.backupRuns, postgresTables.backupRuns],
        [sqliteTables.productKeys, postgresTables.productKeys],
        [sqliteTables.refundRequests, postgresTables.refundRequests],
        [sqliteTables.reviews, postgresTables.reviews],
        [sqliteTables.supportMessages, postgresTables.supportMessages],
        [sqliteTables.webhookEndpoints, postgresTables.webhookEndpoints],
        [sqliteTables.webhookDeliveries, postgresTables.webhookDeliveries],
      ] as const;
      for (const [sqliteTable, postgresTable] of pairs) {
        const fromSqlite = await source.select().from(sqliteTable).orderBy(asc(sqliteTable.id));
        const fromPostgres = await pg.select().from(postgresTable).orderBy(asc(postgresTable.id));
        expect(fromSqlite.length).toBeGreaterThan(0);
        expect(fromPostgres).toEqual(fromSqlite as never);
      }
      const [settings] = await pg
        .select()
        .from(postgresTables.users)
        .where(sql`${postgresTables.users.notifications} = false`);
      expect(settings?.notifications).toBe(false);
      const [code] = await pg.select().from(postgresTables.promotionCodes);
      expect(code!.plans).toEqual(["pro", "lifetime"]);
      const [drill] = await pg
        .select()
        .from(postgresTables.backupRuns)
        .where(sql`${postgresTables.backupRuns.kind} = 'drill'`);
      expect(drill).toMatchObject({ ok: false, rowCounts: { users: 2, sales: 3 } });
    } finally {
      source.$client.close();
    }
  });

  test("new rows take ids past the copied ones, and the books stay kept by the triggers", async () => {
    const db = postgresHandle(parsePostgresTarget(target.url, () => undefined, [])!);
    try {
      const [highest] = await target.client.unsafe("SELECT max(id) AS id FROM users");
      const [made] = await target.db
        .insert(postgresTables.users)
        .values({ email: "after@example.com", passwordHash: "x", createdAt: Date.now() })
        .returning();
      expect(made!.id).toBe(Number(highest.id) + 1);
      const [sale] = await target.client.unsafe("SELECT max(id) AS id FROM sales");
      await target.client.unsafe(
        "INSERT INTO sales (payment_intent_id, email, plan, amount_cents, created_at) VALUES ('pi_after', 'after@example.com', 'pro', 2499, $1) RETURNING id",
        [Date.now()],
      );
      expect(Number((await target.client.unsafe("SELECT max(id) AS id FROM sales"))[0].id)).toBe(Number(sale.id) + 1);
      expect((await checkBooks(db)).differences).toEqual([]);
    } finally {
      await closeDatabase(db);
    }
  });

  test("a target that already holds data is refused in one sentence, and nothing changes", async () => {
    const before = await postgresCounts(target);
    const { code, out, err } = await copyDatabase("--to", target.url, "--db", path);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^PostgreSQL at 127\.0\.0\.1:\d+ already holds data \(in [a-z_, ]+\), so nothing was copied: copy-database only fills an empty database\.$/,
    );
    expect(out).toHaveLength(1);
    expect(await postgresCounts(target)).toEqual(before);
  });

  test("a missing source and a server that can't be reached are one sentence, never the password", async () => {
    const missing = await copyDatabase("--to", target.url, "--db", `${path}.nowhere`);
    expect(missing.code).toBe(1);
    expect(missing.err).toEqual([
      `No SQLite database at ${path}.nowhere to copy: pass --db PATH (or set DATABASE_PATH) to the stopped site's database.`,
    ]);

    const port = (() => {
      const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
      const free = server.port;
      server.stop(true);
      return free;
    })();
    const unreachable = await copyDatabase(
      "--to",
      `postgres://layerlift:s3cret-word@127.0.0.1:${port}/site`,
      "--db",
      path,
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toHaveLength(1);
    expect(unreachable.err[0]).toStartWith(`Can't reach PostgreSQL at 127.0.0.1:${port} (`);
    // The address came from --to: the sentence says so, not DATABASE_URL.
    expect(unreachable.err[0]).toEndWith("Check --to and that the server is running.");
    expect(unreachable.err.join("\n")).not.toContain("s3cret-word");
    expect(unreachable.out.join("\n")).not.toContain("s3cret-word");
  });
});
