/**
 * `layerlift seed-scale`: refused in production and on a database with accounts; otherwise every kind
 * of row the site keeps, in every state, with books that match the sales.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { runCli } from "../../src/cli";
import { openDatabase, withWriter } from "../../src/db";
import { seedScale } from "../../src/features/seed/scale";
import { withoutIndexesAndTriggers } from "../../src/features/seed/bulk-load";
import { bookTotals, checkBooks } from "../../src/features/books/service";
import { makeTestDeps } from "../support/app";

let made: ReturnType<typeof makeTestDeps>;
beforeEach(() => {
  made = makeTestDeps();
});
afterEach(() => made.cleanup());

/** Raw reads of the test's database, on the writer: it sees what a transaction open on it has done too. */
const raw = () => made.deps.db.$client.writer;
/** Seeds the test's database on its writer, as the command does. */
const seed = (options: Parameters<typeof seedScale>[1]) =>
  withWriter(made.deps.db, (writer) => seedScale(writer, options));

/** Every index and trigger, by name, with its SQL. */
const schemaObjects = () =>
  raw().query("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name").all();
const distinct = (sql: string) => (raw().query(sql).all() as { v: unknown }[]).map((r) => r.v).sort();

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
    expect(distinct("SELECT DISTINCT status AS v FROM sales")).toEqual(["disputed", "paid", "refunded"]);
    expect(distinct("SELECT DISTINCT status AS v FROM subscriptions")).toEqual(["active", "cancelled", "expired"]);
    expect(distinct("SELECT DISTINCT end_date IS NULL AS v FROM subscriptions")).toEqual([0, 1]);
    expect(distinct("SELECT DISTINCT refunded_cents > 0 AS v FROM sales WHERE status = 'paid'")).toEqual([0, 1]);
    expect(distinct("SELECT DISTINCT dispute_status AS v FROM sales WHERE dispute_status IS NOT NULL")).toEqual([
      "lost",
      "needs_response",
      "won",
    ]);
    expect(distinct("SELECT DISTINCT fee_cents > 0 AS v FROM sales")).toEqual([1]);
    expect(distinct("SELECT DISTINCT is_used AS v FROM product_keys")).toEqual([0, 1]);
    expect(distinct("SELECT DISTINCT source AS v FROM product_keys")).toEqual(["admin", "cli", "purchase"]);
    expect(distinct("SELECT DISTINCT status AS v FROM emails")).toContain("sent");
    expect(distinct("SELECT DISTINCT figma_key IS NULL AS v FROM users")).toEqual([0, 1]);
    expect(distinct("SELECT count(*) AS v FROM users WHERE is_admin = 1")).toEqual([1]);
    // Promotion codes on a tenth of the sales, an invoice number for each, a credit note for each refund.
    expect(distinct("SELECT DISTINCT promotion_code AS v FROM sales WHERE promotion_code IS NOT NULL")).toEqual([
      "FRIEND10",
      "LAUNCH20",
      "SAVE5",
    ]);
    expect(distinct("SELECT count(DISTINCT invoice_number) AS v FROM sales")).toEqual([4000]);
    expect(
      distinct(
        "SELECT count(*) = (SELECT count(*) FROM sales WHERE status = 'refunded' OR refunded_cents > 0) AS v FROM credit_notes",
      ),
    ).toEqual([1]);
    expect((await checkBooks(made.deps.db)).matched).toBe(true);
  });

  test("loads with the indexes and summary triggers off, then leaves every one as the migrations made it, keeping the books and the user search", async () => {
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
  });

  test("a bulk load that fails puts every index and trigger back", () => {
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

  test("refuses production and a database that already has accounts, from the command line too", async () => {
    await expect(seed({ users: 10, sales: 10, env: "production" })).rejects.toThrow("never runs in production");
    await seed({ users: 5, sales: 5, env: "test", now: made.clock.now() });
    await expect(seed({ users: 5, sales: 5, env: "test" })).rejects.toThrow("This database already has 5 accounts");
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      const env = { NODE_ENV: "test", DATABASE_PATH: made.deps.config.databasePath };
      expect(await runCli(["seed-scale", "--users", "5", "--sales", "5"], env)).toBe(1);
      expect(errors.at(-1)).toContain("This database already has 5 accounts");
    } finally {
      console.error = original;
    }
    const reopened = openDatabase(made.deps.config.databasePath);
    expect(reopened.$client.reader.query("SELECT count(*) AS n FROM sales").get()).toEqual({ n: 5 });
    reopened.$client.close();
  });
});
