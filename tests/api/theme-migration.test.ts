/**
 * Accounts from before the theme was marked chosen, on both engines: a theme other than the old default (dark) was
 * the user's choice and stays the account's; a dark one cannot be told from the default, so it is not the account's
 * and the browser keeps its own.
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

const BEFORE = `INSERT INTO users (id, email, password_hash, created_at, theme) VALUES
  (1, 'dark@example.com', 'x', 1, 'dark'), (2, 'light@example.com', 'x', 1, 'light'),
  (3, 'system@example.com', 'x', 1, 'system')`;
const AFTER = "SELECT id, theme, theme_chosen FROM users ORDER BY id";
const EXPECTED = [
  [1, "dark", false],
  [2, "light", true],
  [3, "system", true],
];

test("SQLite: a theme other than dark is marked chosen, a dark one is not", () => {
  const migrations = readMigrationFiles({ migrationsFolder: join(import.meta.dir, "../../drizzle") });
  const at = migrations.findIndex((m) => m.sql.some((s) => s.includes("`theme_chosen`")));
  expect(at).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), "layerlift-theme-"));
  made.push(() => rmSync(dir, { recursive: true, force: true }));
  const sqlite = new Database(join(dir, "before.db"), { create: true, strict: true });
  made.push(() => sqlite.close());
  const internal = drizzle(sqlite) as unknown as {
    dialect: { migrate: (migrations: unknown, session: unknown, config: object) => void };
    session: unknown;
  };
  internal.dialect.migrate(migrations.slice(0, at), internal.session, {});
  sqlite.run(BEFORE);
  internal.dialect.migrate(migrations, internal.session, {});
  const rows = sqlite.query(AFTER).values() as unknown[][];
  expect(rows.map(([id, theme, chosen]) => [id, theme, chosen === 1])).toEqual(EXPECTED);
});

describePostgres("PostgreSQL", () => {
  test("a theme other than dark is marked chosen, a dark one is not", async () => {
    const database = await freshPostgresDatabase({ empty: true });
    made.push(() => database.drop());
    const before = mkdtempSync(join(tmpdir(), "layerlift-theme-pg-"));
    made.push(() => rmSync(before, { recursive: true, force: true }));
    cpSync(POSTGRES_MIGRATIONS, before, { recursive: true });
    const journalPath = join(before, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8"));
    const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag.endsWith("_theme_chosen"));
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(database.db, { migrationsFolder: before });
    await database.client.unsafe(BEFORE);
    const later = await openTestDatabase(database.url);
    try {
      await migrate(later.db, { migrationsFolder: POSTGRES_MIGRATIONS });
    } finally {
      await later.client.close();
    }
    const rows = (await database.client.unsafe(AFTER)) as Record<string, unknown>[];
    expect(rows.map((row) => [row.id, row.theme, row.theme_chosen])).toEqual(EXPECTED);
  });
});
