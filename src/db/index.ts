/**
 * The database handle the site uses: Drizzle, asynchronous, over a SQLite file (src/db/sqlite/connection.ts:
 * a writer connection for every write and transaction, a reader for reads outside them).
 *
 * The raw bun:sqlite connections: `db.$client` is the file's `SqliteConnections` — `writer`, `reader`
 * (replaced by `reopenReader()`, so read it where it is used), `gate`, `changes` and `close()`. Only src/db, backups, the books check, the bulk seed and tests
 * reach for them. Anything raw that writes, or that must not see half a write (VACUUM INTO, serialize,
 * a repair), goes through `withWriter(db, …)`: the writer, under the gate, so no transaction is half
 * done while it runs. `db.$client.close()` closes both connections. Raw statements come from `query()`,
 * never `prepare()`: close() finalizes the first, while one left from the second keeps the file locked.
 */
import type { Database } from "bun:sqlite";
import { drizzle as bunSqliteDrizzle } from "drizzle-orm/bun-sqlite";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import * as schema from "./schema";
import { checkDatabaseAccess, openFailure } from "./file-checks";
import { embeddedMigrations } from "./migrations.macro" with { type: "macro" };
import { openSqliteConnections, sqliteDrizzle, type SqliteConnections } from "./sqlite/connection";
import { refuseRootQueryInTransaction } from "./transaction-scope";

export type { SqliteConnections };
export type Db = SqliteRemoteDatabase<typeof schema> & { $client: SqliteConnections };
/** What a transaction callback receives; service functions accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Opens (creating if needed) the SQLite file, sets the pragmas and applies pending migrations. A
 * folder or file that can't be used is a DatabaseFileError naming the path and the likely cause.
 */
export function openDatabase(path: string): Db {
  checkDatabaseAccess(path);
  let connections: SqliteConnections;
  try {
    connections = openSqliteConnections(path);
  } catch (error) {
    throw openFailure(path, error);
  }
  try {
    migrate(connections.writer);
  } catch (error) {
    connections.close();
    throw error;
  }
  return sqliteDrizzle(connections, schema) as Db;
}

function migrate(writer: Database) {
  // What drizzle's bun-sqlite migrate() does, fed with migrations embedded at bundle time. It runs
  // before the handle exists, so nothing else can be writing. Its statements come from query(), whose
  // cache close() finalizes: a statement left from prepare() would keep the file locked after close.
  const prepare = writer.prepare;
  writer.prepare = ((sql: string) => writer.query(sql)) as typeof writer.prepare;
  try {
    const internal = bunSqliteDrizzle(writer) as unknown as { dialect: { migrate: Function }; session: unknown };
    internal.dialect.migrate(embeddedMigrations(), internal.session, {});
  } finally {
    writer.prepare = prepare;
  }
}

/**
 * Runs `body` on the raw writer connection with the gate held: no transaction of this process is
 * half done meanwhile, and what it writes counts as a change (kept rows are read again).
 */
export function withWriter<T>(db: Db, body: (writer: Database) => T | Promise<T>): Promise<T> {
  refuseRootQueryInTransaction();
  const { gate, writer, changes } = db.$client;
  return gate.run(async () => {
    try {
      return await body(writer);
    } finally {
      changes.count++;
    }
  });
}

/** SQLite's and PostgreSQL's "unique constraint violated", wherever it sits in the `.cause` chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at && depth < 10; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    const errno = (at as { errno?: unknown }).errno;
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
    // PostgreSQL's SQLSTATE: Bun's PostgresError carries it as `errno`, other clients as `code`.
    if (code === "23505" || errno === "23505") return true;
  }
  return false;
}

/**
 * Marks a read that decides a write inside a transaction. SQLite needs nothing more (the transaction
 * began IMMEDIATE and holds the only write lock); PostgreSQL adds `.for("update")` to lock the rows.
 */
export function forUpdate<Query>(query: Query): Query {
  return query;
}

export { schema };
