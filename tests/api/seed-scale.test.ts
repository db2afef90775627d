/**
 * `layerlift seed-scale`: refused in production and on a database with accounts; otherwise every kind
 * of row the site keeps, in every state, with books that match the sales.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { runCli } from "../../src/cli";
import { openDatabase } from "../../src/db";
import { seedScale } from "../../src/db/seed-scale";
import { checkBooks } from "../../src/features/books/service";
import { makeTestDeps } from "../support/app";

let made: ReturnType<typeof makeTestDeps>;
beforeEach(() => { made = makeTestDeps(); });
afterEach(() => made.cleanup());

const distinct = (sql: string) => (made.deps.db.$client.query(sql).all() as { v: unknown }[]).map((r) => r.v).sort();

describe("seed-scale", () => {
  test("fills an empty database with accounts, subscriptions in every state, sales with refunds, disputes and fees, keys, e-mails and audit rows", async () => {
    const result = await seedScale(made.deps.db.$client, { users: 400, sales: 4000, env: "test", now: made.clock.now() });
    expect(result.rows).toMatchObject({ users: 400, sales: 4000, emails: 4000, audit_log: 400 });
    expect(result.rows.product_keys).toBe(4040);
    expect(distinct("SELECT DISTINCT status AS v FROM sales")).toEqual(["disputed", "paid", "refunded"]);
    expect(distinct("SELECT DISTINCT status AS v FROM subscriptions")).toEqual(["active", "cancelled", "expired"]);
    expect(distinct("SELECT DISTINCT end_date IS NULL AS v FROM subscriptions")).toEqual([0, 1]);
    expect(distinct("SELECT DISTINCT refunded_cents > 0 AS v FROM sales WHERE status = 'paid'")).toEqual([0, 1]);
    expect(distinct("SELECT DISTINCT dispute_status AS v FROM sales WHERE dispute_status IS NOT NULL")).toEqual(["lost", "needs_response", "won"]);
    expect(distinct("SELECT DISTINCT fee_cents > 0 AS v FROM sales")).toEqual([1]);
    expect(distinct("SELECT DISTINCT is_used AS v FROM product_keys")).toEqual([0, 1]);
    expect(distinct("SELECT DISTINCT source AS v FROM product_keys")).toEqual(["admin", "cli", "purchase"]);
    expect(distinct("SELECT DISTINCT status AS v FROM emails")).toContain("sent");
    expect(distinct("SELECT DISTINCT figma_key IS NULL AS v FROM users")).toEqual([0, 1]);
    expect(distinct("SELECT count(*) AS v FROM users WHERE is_admin = 1")).toEqual([1]);
    // Promotion codes on a tenth of the sales, an invoice number for each, a credit note for each refund.
    expect(distinct("SELECT DISTINCT promotion_code AS v FROM sales WHERE promotion_code IS NOT NULL")).toEqual(["FRIEND10", "LAUNCH20", "SAVE5"]);
    expect(distinct("SELECT count(DISTINCT invoice_number) AS v FROM sales")).toEqual([4000]);
    expect(distinct("SELECT count(*) = (SELECT count(*) FROM sales WHERE status = 'refunded' OR refunded_cents > 0) AS v FROM credit_notes")).toEqual([1]);
    expect(checkBooks(made.deps.db.$client).matched).toBe(true);
  });

  test("refuses production and a database that already has accounts, from the command line too", async () => {
    await expect(seedScale(made.deps.db.$client, { users: 10, sales: 10, env: "production" })).rejects.toThrow("never runs in production");
    await seedScale(made.deps.db.$client, { users: 5, sales: 5, env: "test", now: made.clock.now() });
    await expect(seedScale(made.deps.db.$client, { users: 5, sales: 5, env: "test" })).rejects.toThrow("This database already has 5 accounts");
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
    expect(reopened.$client.query("SELECT count(*) AS n FROM sales").get()).toEqual({ n: 5 });
    reopened.$client.close();
  });
});
