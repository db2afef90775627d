/**
 * The database handle the site uses: Drizzle, asynchronous, over a SQLite file (src/db/sqlite/connection.ts:
 * a writer connection for every write and transaction, a reader for reads outside them), or over a
 * PostgreSQL pool when DATABASE_URL is set (src/db/postgres/connection.ts). Services see one type, the
 * SQLite handle's; the tables they import from ./schema are bound to the engine in use.
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
import { sqliteTables } from "./sqlite/schema";
import { useEngineTables, type Engine } from "./schema";
import type { Config } from "../config";
import type { PostgresTarget } from "../config/postgres";
import { checkDatabaseAccess, openFailure } from "./file-checks";
import { embeddedMigrations, embeddedPostgresMigrations } from "./migrations.macro" with { type: "macro" };
import { openSqliteConnections, sqliteDrizzle, type SqliteConnections } from "./sqlite/connection";
import { refuseRootQueryInTransaction } from "./transaction-scope";

export type { SqliteConnections };
export type Db = SqliteRemoteDatabase<typeof sqliteTables> & { $client: SqliteConnections };
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
  useEngineTables("sqlite");
  return sqliteDrizzle(connections, sqliteTables) as Db;
}

function migrate(writer: Database) {
  // What drizzle's bun-sqlite migrate() does, fed with migrations embedded at bundle time. It runs
  // before the handle exists, so nothing else can be writing. Its statements come from query(), whose
  // cache close() finalizes: a statement left from prepare() would keep the file locked after close.
  const prepare = writer.prepare;
  writer.prepare = ((sql: string) => writer.query(sql)) as typeof writer.prepare;
  try {
    const internal = bunSqliteDrizzle(writer) as unknown as {
      dialect: { migrate: (...args: unknown[]) => unknown };
      session: unknown;
    };
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
  const lockable = query as { for?: (strength: "update") => Query };
  // Only PostgreSQL's select builder has `.for()`.
  return typeof lockable.for === "function" ? lockable.for("update") : query;
}

/** What a PostgreSQL handle holds besides Drizzle: its pool, its change counter, where it points. */
export interface PostgresPool {
  client: import("bun").SQL;
  changes: { count: number };
  target: PostgresTarget;
}

const postgresPools = new WeakMap<object, PostgresPool>();

/** The pool under a PostgreSQL handle, or undefined on SQLite. */
export function postgresPoolOf(db: DbOrTx): PostgresPool | undefined {
  return postgresPools.get(db);
}

export function engineOf(db: DbOrTx): Engine {
  return postgresPools.has(db) ? "postgres" : "sqlite";
}

/** PostgreSQL's modules: loaded on first use, so a SQLite site never holds the client, the driver or the schema. */
let postgres:
  | {
      connection: typeof import("./postgres/connection");
      tables: typeof import("./postgres/schema")["postgresTables"];
      bunSql: typeof import("drizzle-orm/bun-sql");
    }
  | undefined;

/** Loads PostgreSQL's client, driver and schema (once); `postgresHandle` needs them loaded. */
export async function loadPostgres() {
  postgres ??= {
    connection: await import("./postgres/connection"),
    tables: (await import("./postgres/schema")).postgresTables,
    bunSql: await import("drizzle-orm/bun-sql"),
  };
  return postgres;
}

/**
 * The handle over a PostgreSQL pool, without touching the server (tests take an already migrated
 * database). Binds the tables to PostgreSQL's form: one engine per process. `await loadPostgres()` first.
 */
export function postgresHandle(target: PostgresTarget): Db {
  if (!postgres) throw new Error("PostgreSQL's modules are not loaded: await loadPostgres() first");
  const { db, client, changes } = postgres.connection.connectPostgres(target, postgres.tables);
  useEngineTables("postgres", postgres.tables);
  const pool: PostgresPool = { client, changes, target };
  postgresPools.set(db, pool);
  // A transaction's handle is made per transaction: it is registered on the way in.
  const transaction = db.transaction.bind(db);
  (db as { transaction: unknown }).transaction = <T>(body: (tx: unknown) => Promise<T>) =>
    transaction((tx: object) => {
      postgresPools.set(tx, pool);
      return body(tx);
    });
  return db as unknown as Db;
}

/** A key only this program's migrations take (pg_advisory_lock), so instances starting at once migrate once. */
const MIGRATION_LOCK = 7_358_213_004;

/**
 * Checks that the server answers, applies pending migrations (one instance at a time) and gives the
 * handle. A server that can't be reached is a DatabaseUnreachableError naming host and port.
 */
export async function openPostgresDatabase(target: PostgresTarget): Promise<Db> {
  const { connection: postgresConnection, tables: postgresTables, bunSql } = await loadPostgres();
  const checked = await postgresConnection.openPostgres(target, postgresTables);
  await checked.client.close();
  const db = postgresHandle(target);
  const { client } = postgresPoolOf(db)!;
  const connection = await client.reserve();
  try {
    await connection.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      const internal = bunSql.drizzle({ client: connection as never }) as unknown as {
        dialect: { migrate: (...args: unknown[]) => unknown };
        session: unknown;
      };
      await internal.dialect.migrate(embeddedPostgresMigrations(), internal.session, {});
    } finally {
      await connection.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } catch (error) {
    connection.release();
    await client.close();
    throw error;
  }
  connection.release();
  return db;
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export function openConfiguredDatabase(config: Pick<Config, "databasePath" | "databaseUrl">): Promise<Db> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : Promise.resolve(openDatabase(config.databasePath));
}

/** Closes either engine's handle: the SQLite connections, or the PostgreSQL pool. */
export async function closeDatabase(db: Db): Promise<void> {
  const pool = postgresPoolOf(db);
  if (pool) await pool.client.close();
  else db.$client.close();
}

/** Where the handle points, for logs and messages: the SQLite path, or PostgreSQL's host and port. */
export function databaseLabel(config: Pick<Config, "databasePath" | "databaseUrl">): string {
  return config.databaseUrl ? `PostgreSQL at ${config.databaseUrl.where}` : config.databasePath;
}
