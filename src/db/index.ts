import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import * as schema from "./schema";
import { checkDatabaseAccess, openFailure } from "./file-checks";
import { embeddedMigrations } from "./migrations.macro" with { type: "macro" };
import { countChanges } from "./prepared";

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };
/** What a transaction callback receives; service functions accept either. */
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Opens (creating if needed) the SQLite file, sets the pragmas and applies pending migrations. A
 * folder or file that can't be used is a DatabaseFileError naming the path and the likely cause.
 */
export function openDatabase(path: string): Db {
  checkDatabaseAccess(path);
  let sqlite: Database;
  try {
    sqlite = new Database(path, { create: true, strict: true });
    sqlite.run("PRAGMA journal_mode = WAL");
  } catch (error) {
    throw openFailure(path, error);
  }
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

export { schema };
