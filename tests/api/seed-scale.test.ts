/**
 * `layerlift seed-scale`: refused in production and on a database with accounts; otherwise every kind
 * of row the site keeps, in every state, with books that match the sales.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { runCli } from "../../src/cli";
import { count } from "drizzle-orm";
import { closeDatabase, openDatabase, postgresHandle, postgresPoolOf } from "../../src/db";
import { sales as salesTable } from "../../src/db/schema";
import { seedScale } from "../../src/features/seed/scale";
import { seedRows, type SeedRow } from "../../src/features/seed/rows";
import { writePostgresSeed } from "../../src/features/seed/postgres-writer";
import { withoutIndexesAndTriggers } from "../../src/features/seed/bulk-load";
import { bookTotals, checkBooks } from "../../src/features/daily-ledger/service";
import { makeTestDeps } from "../support/app";
import { onPostgres } from "../support/postgres-pass";

let made: ReturnType<typeof makeTestDeps>;
beforeEach(() => {
  made = makeTestDeps();
});
afterEach(() => made.cleanup());

/** Raw reads of the test's database (on SQLite its writer, which sees what a transaction open on it has done too). */
async function rows(text: string): Promise<Record<string, unknown>[]> {
  const pool = postgresPoolOf(made.deps.db);
  return pool ? [...(await pool.client.unsafe(text))] : (made.deps.db.$client.writer.query(text).all() as never);
}
/** Seeds the test's database, as the command does. */
const seed = (options: Parameters<typeof seedScale>[1]) => seedScale(made.deps.db, options);

/** Every index and trigger, by name, with its SQL (SQLite). */
const schemaObjects = () =>
  made.deps.db.$client.writer
    .query("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name")
    .all();
/** Every index, constraint and trigger of the seeded tables, with its definition and whether it is on (PostgreSQL). */
const postgresSchemaObjects = () =>
  rows(`SELECT 'index' AS type, c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid WHERE t.relnamespace = current_schema()::regnamespace
    UNION ALL SELECT 'constraint', conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'trigger', tgname, tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    ORDER BY 1, 2`);
/** The values of column v, distinct and sorted; flags and comparisons are written as CASE so both engines give 0 or 1. */
const distinct = async (text: string) =>
  (await rows(text)).map((r) => (Number.isNaN(Number(r.v)) ? r.v : Number(r.v))).sort();
const flag = (condition: string) => `(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

describe("seed-scale", () => {
  test("fills an empty database with accounts, subscriptions in every state, sales with refunds, disputes and fees, keys, e-mails and audit rows", async () => {
    const result = await seed({
      users: 400,
      sales: 4000,
      env: "test",
      now: made.clock.now(),
    });
    expect(result.rows).toMatchObject({ users: 400, sales: 4000, emails: 4000, audit_log: 400 });
    expect(result.rows.product_keys).toBe(4040);
    expect(await distinct("SELECT DISTINCT status AS v FROM sales")).toEqual(["disputed", "paid", "refunded"]);
    expect(await distinct("SELECT DISTINCT status AS v FROM subscriptions")).toEqual([
      "active",
      "cancelled",
      "expired",
    ]);
    expect(await distinct(`SELECT DISTINCT ${flag("end_date IS NULL")} AS v FROM subscriptions`)).toEqual([0, 1]);
    expect(
      await distinct(`SELECT DISTINCT ${flag("refunded_cents > 0")} AS v FROM sales WHERE status = 'paid'`),
    ).toEqual([0, 1]);
    expect(await distinct("SELECT DISTINCT dispute_status AS v FROM sales WHERE dispute_status IS NOT NULL")).toEqual([
      "lost",
      "needs_response",
      "won",
    ]);
    expect(await distinct(`SELECT DISTINCT ${flag("fee_cents > 0")} AS v FROM sales`)).toEqual([1]);
    expect(await distinct(`SELECT DISTINCT ${flag("is_used")} AS v FROM product_keys`)).toEqual([0, 1]);
    expect(await distinct("SELECT DISTINCT source AS v FROM product_keys")).toEqual(["admin", "cli", "purchase"]);
    expect(await distinct("SELECT DISTINCT status AS v FROM emails")).toContain("sent");
    expect(await distinct(`SELECT DISTINCT ${flag("figma_key IS NULL")} AS v FROM users`)).toEqual([0, 1]);
    expect(await distinct("SELECT count(*) AS v FROM users WHERE is_admin")).toEqual([1]);
    // Promotion codes on a tenth of the sales, an invoice number for each, a credit note for each refund.
    expect(await distinct("SELECT DISTINCT promotion_code AS v FROM sales WHERE promotion_code IS NOT NULL")).toEqual([
      "FRIEND10",
      "LAUNCH20",
      "SAVE5",
    ]);
    expect(await distinct("SELECT count(DISTINCT invoice_number) AS v FROM sales")).toEqual([4000]);
    expect(
      await distinct(
        "SELECT count(*) - (SELECT count(*) FROM sales WHERE status = 'refunded' OR refunded_cents > 0) AS v FROM credit_notes",
      ),
    ).toEqual([0]);
    // The e-mails' payloads are JSON on both engines (jsonb objects on PostgreSQL, not JSON strings).
    const [payload] = await rows("SELECT payload AS v FROM emails ORDER BY id LIMIT 1");
    const parsed = typeof payload!.v === "string" ? JSON.parse(payload!.v) : payload!.v;
    expect(parsed).toMatchObject({ key: expect.any(String), planName: expect.any(String) });
    expect((await checkBooks(made.deps.db)).matched).toBe(true);
  });

  test.skipIf(onPostgres)(
    "SQLite: loads with the indexes and summary triggers off, then leaves every one as the migrations made it, keeping the books and the user search",
    async () => {
      const client = made.deps.db.$client.writer;
      const before = schemaObjects();
      expect(before.filter((o: any) => o.type === "trigger").length).toBeGreaterThanOrEqual(9);
      await seed({ users: 200, sales: 1000, env: "test", now: made.clock.now() });
      expect(schemaObjects()).toEqual(before);
      expect(client.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      // The summaries were rebuilt from the rows: the books and key counts match, the search finds a seeded address.
      expect((await checkBooks(made.deps.db)).matched).toBe(true);
      const search = (piece: string) =>
        (
          client
            .query("SELECT rowid AS id FROM users_email_search WHERE users_email_search MATCH ?")
            .all(`"${piece}"`) as { id: number }[]
        ).map((r) => r.id);
      expect(search("buyer199@")).toEqual([200]);
      // And the triggers are live again: a sale and an account written after the seed are kept as they go.
      const { sales } = await bookTotals(made.deps.db);
      client.run(
        "INSERT INTO sales (payment_intent_id, email, plan, amount_cents, fee_cents, created_at) VALUES ('pi_after_seed', 'late@example.com', 'pro', 2499, 102, ?)",
        [made.clock.now()],
      );
      client.run("INSERT INTO users (email, password_hash, created_at) VALUES ('late.arrival@example.com', 'x', ?)", [
        made.clock.now(),
      ]);
      expect((await bookTotals(made.deps.db)).sales).toBe(sales + 1);
      expect((await checkBooks(made.deps.db)).matched).toBe(true);
      expect(search("late.arrival")).toHaveLength(1);
    },
  );

  test.if(onPostgres)(
    "PostgreSQL: loads with indexes, constraints and summary triggers set aside, then leaves every one as the migrations made it, with the counters past the seeded ids",
    async () => {
      const before = await postgresSchemaObjects();
      expect(before.filter((o) => o.type === "trigger").length).toBeGreaterThanOrEqual(3);
      await seed({ users: 200, sales: 1000, env: "test", now: made.clock.now() });
      expect(await postgresSchemaObjects()).toEqual(before);
      expect((await checkBooks(made.deps.db)).matched).toBe(true);
      // The trigram index is back and finds a seeded address by a piece of it.
      expect(await rows("SELECT id FROM users WHERE email LIKE '%buyer199@%'")).toEqual([{ id: 200 }]);
      // The identity counters are past the seeded ids, and the triggers keep the books again.
      const { sales } = await bookTotals(made.deps.db);
      const [sale] = await rows(`INSERT INTO sales (payment_intent_id, email, plan, amount_cents, fee_cents, created_at)
        VALUES ('pi_after_seed', 'late@example.com', 'pro', 2499, 102, ${made.clock.now()}) RETURNING id`);
      const [user] = await rows(
        `INSERT INTO users (email, password_hash, created_at) VALUES ('late.arrival@example.com', 'x', ${made.clock.now()}) RETURNING id`,
      );
      const [key] = await rows(
        `INSERT INTO product_keys (key, plan, source, created_at) VALUES ('LATEKEY', 'pro', 'cli', ${made.clock.now()}) RETURNING id`,
      );
      expect([sale!.id, user!.id, key!.id]).toEqual([1001, 201, 1011]);
      expect((await bookTotals(made.deps.db)).sales).toBe(sales + 1);
      expect((await checkBooks(made.deps.db)).matched).toBe(true);
      // The statistics are there for the planner.
      expect(await distinct("SELECT count(*) AS v FROM pg_stats WHERE tablename = 'sales'")).not.toEqual([0]);
    },
  );

  test.skipIf(onPostgres)("SQLite: a bulk load that fails puts every index and trigger back", () => {
    const client = made.deps.db.$client.writer;
    const before = schemaObjects();
    const plan = { tables: ["users", "sales"], triggers: /^(books_sale_|users_email_search_)/, rebuild: () => {} };
    expect(() => withoutIndexesAndTriggers(client, plan, () => 0)).toThrow("inside a transaction");
    expect(() =>
      client.transaction(() =>
        withoutIndexesAndTriggers(client, plan, () => {
          expect(schemaObjects().length).toBeLessThan(before.length);
          throw new Error("the load broke");
        }),
      )(),
    ).toThrow("the load broke");
    expect(schemaObjects()).toEqual(before);
  });

  test.if(onPostgres)(
    "PostgreSQL: a load that fails leaves no row and puts every index, constraint and trigger back",
    async () => {
      const before = await postgresSchemaObjects();
      const passwordHash = "not a real hash";
      function* breaking(): Generator<SeedRow> {
        let n = 0;
        for (const row of seedRows({ users: 50, sales: 300, now: made.clock.now() }, passwordHash)) {
          if (++n === 400) throw new Error("the load broke");
          yield row;
        }
      }
      await expect(writePostgresSeed(postgresPoolOf(made.deps.db)!.client, breaking())).rejects.toThrow(
        "the load broke",
      );
      expect(await postgresSchemaObjects()).toEqual(before);
      expect(await distinct("SELECT count(*) AS v FROM users")).toEqual([0]);
      expect(await distinct("SELECT count(*) AS v FROM sales")).toEqual([0]);
    },
  );

  test("refuses production and a database that already has accounts, from the command line too", async () => {
    await expect(seed({ users: 10, sales: 10, env: "production" })).rejects.toThrow("never runs in production");
    await seed({ users: 5, sales: 5, env: "test", now: made.clock.now() });
    await expect(seed({ users: 5, sales: 5, env: "test" })).rejects.toThrow("This database already has 5 accounts");
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const { databaseUrl, databasePath } = made.deps.config;
      const env = databaseUrl
        ? { NODE_ENV: "test", DATABASE_URL: databaseUrl.url }
        : { NODE_ENV: "test", DATABASE_PATH: databasePath };
      expect(await runCli(["seed-scale", "--users", "5", "--sales", "5"], env)).toBe(1);
      expect(errors.at(-1)).toContain("This database already has 5 accounts");
    } finally {
      console.error = original;
    }
    // Refused means untouched, as another connection sees it.
    const { databaseUrl, databasePath } = made.deps.config;
    const reopened = databaseUrl ? postgresHandle(databaseUrl) : openDatabase(databasePath);
    try {
      expect(await reopened.select({ n: count() }).from(salesTable)).toEqual([{ n: 5 }]);
    } finally {
      await closeDatabase(reopened);
    }
  });
});
