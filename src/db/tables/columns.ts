/**
 * The column builders every table is written with (src/db/tables/*.ts), one set per engine. A table is
 * defined once, as a function of these builders, and built twice: with SQLite's (drizzle-orm/sqlite-core)
 * and with PostgreSQL's (drizzle-orm/pg-core). Where the engines differ, the difference lives here:
 *
 * - `id`: SQLite's autoincrement integer key; on PostgreSQL an identity column (the SQL-standard form).
 * - `ms` (milliseconds since the epoch) and `wide` (whole numbers that can pass 2^31, such as a backup's
 *   bytes or a day's money): SQLite's integer holds 64 bits, PostgreSQL's 32, so these are bigint there,
 *   read back as numbers.
 * - `bool`: SQLite has no boolean type and keeps 0/1; PostgreSQL has boolean.
 * - `json`: SQLite keeps JSON as text; PostgreSQL as jsonb, which its JSON operators can look into.
 *
 * Everything else (text, int, enum-checked text, defaults, keys, indexes, references) is written the same
 * way on both. The definitions are typed with SQLite's builders: both engines read and write the same
 * TypeScript values. PostgreSQL's builders are in src/db/postgres/columns.ts, loaded with PostgreSQL's schema
 * only.
 */
import * as sqlite from "drizzle-orm/sqlite-core";

/** SQLite's builders; their types are the types of every table definition. */
export const sqliteColumns = {
  table: sqlite.sqliteTable,
  id: (name: string) => sqlite.integer(name).primaryKey({ autoIncrement: true }),
  text: sqlite.text,
  int: (name: string) => sqlite.integer(name),
  wide: (name: string) => sqlite.integer(name),
  ms: (name: string) => sqlite.integer(name),
  bool: (name: string) => sqlite.integer(name, { mode: "boolean" }),
  json: <T>(name: string) => sqlite.text(name, { mode: "json" }).$type<T>(),
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  primaryKey: sqlite.primaryKey,
};

export type Columns = typeof sqliteColumns;

/** A table another table's foreign key points to (by its `id`). */
export type Referenced = { id: sqlite.SQLiteColumn };

/** The account a row belongs to (`user_id`, with either engine's builders); the row goes with the account. */
export const accountColumn = (b: Columns, users: Referenced) =>
  b
    .int("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
