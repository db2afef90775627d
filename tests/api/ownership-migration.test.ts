/**
 * A database from before ownership was recorded gets its record filled from the rule that was computed on
 * every read until then, on both engines: a database is built by the migrations before the record, holding
 * that release's data; the rest of the migrations are applied; the backfilled record is checked row by row.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { describePostgres, freshPostgresDatabase, openTestDatabase, POSTGRES_MIGRATIONS } from "../support/postgres";

const made: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of made.splice(0)) await cleanup();
});

/**
 * Before: c@ confirmed, u@ not, r@ not. c@ bought s1 (never redeemed); u@ bought s2 and redeemed it, and s3
 * (unused); g@ bought s4 and r@ redeemed it (a gift); s5 is u@'s renewal. Tickets, checkouts and e-mails of
 * both addresses, among them another buyer's refund answer to u@'s address.
 */
const BEFORE = [
  `INSERT INTO users (id, email, password_hash, created_at, email_confirmed_at) VALUES
    (1, 'c@example.com', 'x', 1, 5), (2, 'u@example.com', 'x', 1, NULL), (3, 'r@example.com', 'x', 1, NULL)`,
  `INSERT INTO sales (id, payment_intent_id, email, plan, amount_cents, created_at, renewal_user_id) VALUES
    (1, 'pi_1', 'c@example.com', 'pro', 2499, 10, NULL), (2, 'pi_2', 'u@example.com', 'month', 699, 11, NULL),
    (3, 'pi_3', 'u@example.com', 'month', 699, 12, NULL), (4, 'pi_4', 'g@example.com', 'pro', 2499, 13, NULL),
    (5, 'pi_5', 'u@example.com', 'month', 699, 14, 2)`,
  `INSERT INTO product_keys (id, key, plan, is_used, used_by_user_id, used_at, source, sale_id, created_at) VALUES
    (1, 'KEYAAAAAAAA1', 'pro', false, NULL, NULL, 'purchase', 1, 10),
    (2, 'KEYAAAAAAAA2', 'month', true, 2, 20, 'purchase', 2, 11),
    (3, 'KEYAAAAAAAA3', 'month', false, NULL, NULL, 'purchase', 3, 12),
    (4, 'KEYAAAAAAAA4', 'pro', true, 3, 21, 'purchase', 4, 13),
    (5, 'KEYAAAAAAAA5', 'month', true, 2, 22, 'purchase', 5, 14)`,
  `INSERT INTO support_tickets (id, email, message, created_at) VALUES
    (1, 'c@example.com', 'from c', 30), (2, 'u@example.com', 'from u', 31)`,
  `INSERT INTO checkouts (id, plan, email, account_id, list_price_cents, subtotal_cents, total_cents, created_at, expires_at) VALUES
    (1, 'pro', 'c@example.com', NULL, 2499, 2499, 2499, 40, 41), (2, 'month', 'u@example.com', 2, 699, 699, 699, 42, 43),
    (3, 'month', 'u@example.com', NULL, 699, 699, 699, 44, 45)`,
  `INSERT INTO emails (id, "to", template, subject, payload, created_at) VALUES
    (1, 'c@example.com', 'lost-keys', 's', '{}', 50), (2, 'u@example.com', 'welcome', 's', '{}', 51),
    (3, 'u@example.com', 'product-key', 's', '{"key":"KEYAAAAAAAA2"}', 52),
    (4, 'u@example.com', 'product-key', 's', '{"key":"KEYAAAAAAAA3"}', 53),
    (5, 'u@example.com', 'refund-update', 's', '{}', 54), (6, 'g@example.com', 'product-key', 's', '{"key":"KEYAAAAAAAA4"}', 55)`,
];

/** [kind, record, account, reason, paid], as the rule before the record said. */
const EXPECTED = [
  ["checkout", 1, 1, "address", false],
  ["checkout", 2, 2, "renewal", false],
  ["email", 1, 1, "address", false],
  ["email", 2, 2, "account", false],
  ["email", 3, 2, "sale", false],
  ["sale", 1, 1, "address", true],
  ["sale", 2, 2, "key", true],
  ["sale", 4, 3, "key", false],
  ["sale", 5, 2, "renewal", true],
  ["ticket", 1, 1, "address", false],
];
const RECORDS = "SELECT kind, record_id, user_id, reason, paid FROM account_records ORDER BY kind, record_id";
const SALE_IDS = "SELECT id, sale_id FROM emails ORDER BY id";
const EXPECTED_SALE_IDS = [
  [1, null],
  [2, null],
  [3, 2],
  [4, 3],
  [5, null],
  [6, 4],
];

test("SQLite: the record is filled from the rule before it", () => {
  const migrations = readMigrationFiles({ migrationsFolder: join(import.meta.dir, "../../drizzle") });
  const at = migrations.findIndex((m) => m.sql.some((s) => s.includes("CREATE TABLE `account_records`")));
  expect(at).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), "layerlift-ownership-"));
  made.push(() => rmSync(dir, { recursive: true, force: true }));
  const sqlite = new Database(join(dir, "before.db"), { create: true, strict: true });
  made.push(() => sqlite.close());
  const internal = drizzle(sqlite) as unknown as {
    dialect: { migrate: (...args: unknown[]) => unknown };
    session: unknown;
  };
  internal.dialect.migrate(migrations.slice(0, at), internal.session, {});
  for (const statement of BEFORE) sqlite.run(statement);
  internal.dialect.migrate(migrations, internal.session, {});

  const rows = sqlite.query(RECORDS).values() as unknown[][];
  expect(rows.map(([kind, id, user, reason, paid]) => [kind, id, user, reason, paid === 1])).toEqual(EXPECTED);
  expect(sqlite.query(SALE_IDS).values()).toEqual(EXPECTED_SALE_IDS);
});

describePostgres("PostgreSQL", () => {
  test("the record is filled from the rule before it", async () => {
    const database = await freshPostgresDatabase({ empty: true });
    made.push(() => database.drop());
    const before = mkdtempSync(join(tmpdir(), "layerlift-ownership-pg-"));
    made.push(() => rmSync(before, { recursive: true, force: true }));
    cpSync(POSTGRES_MIGRATIONS, before, { recursive: true });
    const journalPath = join(before, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8"));
    const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag.endsWith("_account_records"));
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(database.db, { migrationsFolder: before });
    for (const statement of BEFORE) await database.client.unsafe(statement);
    // A later start migrates it with this release's migrations, on a connection of its own.
    const later = await openTestDatabase(database.url);
    try {
      await migrate(later.db, { migrationsFolder: POSTGRES_MIGRATIONS });
    } finally {
      await later.client.close();
    }
    const rows = (await database.client.unsafe(RECORDS)) as Record<string, unknown>[];
    expect(rows.map((row) => [row.kind, row.record_id, row.user_id, row.reason, row.paid])).toEqual(EXPECTED);
    const saleIds = (await database.client.unsafe(SALE_IDS)) as Record<string, unknown>[];
    expect(saleIds.map((row) => [row.id, row.sale_id])).toEqual(EXPECTED_SALE_IDS);
  });
});
