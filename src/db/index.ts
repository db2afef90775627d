import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import * as schema from "./schema";
import { embeddedMigrations } from "./migrations.macro" with { type: "macro" };
import { countChanges } from "./prepared";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };
/** What a transaction callback receives; service functions accept either. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies pending migrations. */
export function openDatabase(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.run("PRAGMA journal_mode = WAL");
  sqlite.run("PRAGMA busy_timeout = 5000");
  sqlite.run("PRAGMA foreign_keys = ON");
  sqlite.run("PRAGMA synchronous = NORMAL");
  // Drizzle prepares every query anew; bun:sqlite's query() compiles each SQL text once and reuses it,
  // which is most of the cost of a small query. Drizzle never finalizes statements, so sharing is safe.
  // Every statement that can change the database also moves the counter the hot-path rows are kept by.
  sqlite.prepare = countChanges(sqlite, (sql) => sqlite.query(sql)) as typeof sqlite.prepare;
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db);
  return db;
}

function migrate(db: Db) {
  // What drizzle's bun-sqlite migrate() does, fed with migrations embedded at bundle time.
  const internal = db as unknown as { dialect: { migrate: Function }; session: unknown };
  internal.dialect.migrate(embeddedMigrations(), internal.session, {});
}

/** Consistent online copy of the database (VACUUM INTO). */
export function backupDatabase(db: Db, file: string) {
  mkdirSync(dirname(file), { recursive: true });
  db.$client.run("VACUUM INTO ?", [file]);
}

export { schema };
