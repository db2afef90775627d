/**
 * SQLite through Drizzle, asynchronous like PostgreSQL, so one data layer serves both engines.
 *
 * Drizzle's bun:sqlite driver is synchronous, and its transaction does not roll back a callback that
 * awaits. So the queries go through Drizzle's "proxy" driver instead, to two bun:sqlite connections:
 * - the writer: every write and every transaction, one at a time (WriteGate); a transaction is
 *   BEGIN IMMEDIATE … COMMIT on it, or ROLLBACK when its callback throws;
 * - the reader: every read outside a transaction. Under WAL it sees only committed data, never the
 *   half-done work of a transaction that is waiting on an await.
 * bun:sqlite's query() compiles each SQL text once and keeps it, which is most of a small query's cost.
 */
import { Database, type SQLQueryBindings, type Statement } from "bun:sqlite";
import { drizzle, type SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";
import { inTransactionScope, refuseRootQueryInTransaction } from "../transaction-scope";
import { WriteGate } from "./write-gate";

type Method = "run" | "all" | "values" | "get";
type Params = SQLQueryBindings[];

/** A plain select, or a `with … select` (a `with` in front of a write is a write). */
const isRead = (sql: string) =>
  /^\s*select\b/i.test(sql) || (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|replace)\b/i.test(sql));

export interface SqliteConnections {
  writer: Database;
  reader: Database;
  gate: WriteGate;
  /** Moves with every statement of this process that can change the database. */
  changes: { count: number };
  /**
   * Replaces the reader by a fresh connection. SQLite loads the planner's statistics when a connection
   * reads the schema, and a connection that did not run ANALYZE never reads them again: after the
   * writer refreshes them (src/db/optimize.ts) the reader is opened anew to plan with them.
   */
  reopenReader(): void;
  /** Closes both connections (the reader first, so the writer's close can tidy the WAL files). */
  close(): void;
}

function execute(connection: Database, sql: string, params: Params, method: Method) {
  const statement: Statement = connection.query(sql);
  if (method === "run") {
    statement.run(...params);
    return { rows: [] };
  }
  if (method === "get") return { rows: statement.values(...params)[0] };
  return { rows: statement.values(...params) };
}

export class NestedTransactionError extends Error {
  constructor() {
    super("Transactions do not nest: do the work inside the transaction already open.");
  }
}

/**
 * The Drizzle handle over the two connections. `transaction(fn)` takes the gate, begins, runs `fn`
 * with a handle bound to the writer, and commits, or rolls back when `fn` throws.
 */
export function sqliteDrizzle<Schema extends Record<string, unknown>>(connections: SqliteConnections, schema: Schema) {
  // The reader is read at each call: reopenReader() replaces it.
  const { writer, gate, changes } = connections;

  const root = drizzle<Schema>(
    async (sql, params, method) => {
      refuseRootQueryInTransaction();
      if (isRead(sql)) return execute(connections.reader, sql, params, method);
      return gate.run(() => {
        changes.count++;
        return execute(writer, sql, params, method);
      });
    },
    { schema },
  );

  const inside = drizzle<Schema>(
    async (sql, params, method) => {
      if (!isRead(sql)) changes.count++;
      return execute(writer, sql, params, method);
    },
    { schema },
  );
  (inside as { transaction: unknown }).transaction = () => Promise.reject(new NestedTransactionError());
  // Both handles name their connections, for what reads them raw (src/db/prepared.ts, backups).
  Object.assign(root, { $client: connections });
  Object.assign(inside, { $client: connections });

  (root as { transaction: unknown }).transaction = <T>(body: (tx: SqliteRemoteDatabase<Schema>) => Promise<T>) => {
    refuseRootQueryInTransaction();
    return gate.run(() =>
      inTransactionScope(async () => {
        writer.run("BEGIN IMMEDIATE");
        try {
          const result = await body(inside);
          writer.run("COMMIT");
          return result;
        } catch (error) {
          if (writer.inTransaction) writer.run("ROLLBACK");
          throw error;
        } finally {
          changes.count++;
        }
      }),
    );
  };
  return root;
}

/** The writer and reader connections of a database file, with the pragmas the site relies on. */
export function openSqliteConnections(path: string): SqliteConnections {
  const writer = new Database(path, { create: true, strict: true });
  try {
    writer.run("PRAGMA journal_mode = WAL");
    writer.run("PRAGMA busy_timeout = 5000");
    writer.run("PRAGMA foreign_keys = ON");
    writer.run("PRAGMA synchronous = NORMAL");
  } catch (error) {
    writer.close();
    throw error;
  }
  // An in-memory database exists only on its own connection: there the writer reads too.
  const openReader = () => {
    if (path === ":memory:") return writer;
    const reader = new Database(path, { readonly: true, strict: true });
    reader.run("PRAGMA busy_timeout = 5000");
    return reader;
  };
  const connections: SqliteConnections = {
    writer,
    reader: openReader(),
    gate: new WriteGate(),
    changes: { count: 0 },
    reopenReader() {
      if (connections.reader === writer) return;
      // Every read is one synchronous call, so none is under way on the old reader now.
      const old = connections.reader;
      connections.reader = openReader();
      old.close();
    },
    close() {
      if (connections.reader !== writer) connections.reader.close();
      writer.close();
    },
  };
  return connections;
}
