/**
 * Reads on the hot path (every authenticated call, every plugin validation): plain bun:sqlite prepared
 * statements whose rows are kept in memory until the database changes.
 *
 * Why: drizzle maps a row in about 10 µs, and even a plain statement on the database file costs about
 * 6 µs, mostly SQLite taking and releasing its read locks. A kept row costs well under a microsecond.
 * It stays right because every statement of this process that can change the database moves a
 * counter (see `countChanges`, installed by openDatabase), and a kept row is used only while the
 * counter has not moved and for at most a second, which bounds how long a change made by another
 * process (the command line) goes unseen. Inside a transaction nothing is kept or served from memory.
 * A kept row is useless after that second, so none is held longer: an idle server keeps no rows, and a
 * busy one at most MAX_KEPT_ROWS per statement.
 *
 * The columns and their decoding come from the drizzle table, so a row here is exactly the row
 * drizzle's own select gives (tests/api/hot-reads.test.ts holds it to that).
 */
import type { Database, Statement } from "bun:sqlite";
import { Column, getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "./index";

/** How long a kept row may be used without looking: changes by other processes show within this. */
export const KEPT_ROW_MS = 1000;
/** Rows kept per statement and connection (a user row is about 1 KB: 10 MB at most, for a second). */
export const MAX_KEPT_ROWS = 10_000;

const changes = new WeakMap<Database, { count: number }>();

/** Replaces `target[method]` by a call of it that then moves `counter`. */
function countCalls(target: object, method: string, counter: { count: number }) {
  const original = (target as Record<string, (...args: unknown[]) => unknown>)[method].bind(target);
  (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
    try {
      return original(...args);
    } finally {
      counter.count++;
    }
  };
}

/**
 * Makes every statement of `connection` that is not a plain select (insert, update, delete, DDL,
 * transaction control), and every direct `run`/`exec`, move the connection's change counter when it
 * runs. Answers the `prepare` to install on the connection.
 */
export function countChanges(connection: Database, prepare: (sql: string) => Statement): (sql: string) => Statement {
  const counter = { count: 0 };
  changes.set(connection, counter);
  countCalls(connection, "run", counter);
  countCalls(connection, "exec", counter);
  const counted = new WeakSet<Statement>();
  return (sql) => {
    const statement = prepare(sql);
    if (/^\s*select\b/i.test(sql) || counted.has(statement)) return statement;
    counted.add(statement);
    for (const method of ["run", "get", "all", "values"]) countCalls(statement, method, counter);
    return statement;
  };
}

/** The connection under a database handle or a transaction (drizzle keeps it on the session). */
const connectionOf = (db: DbOrTx) => (db as unknown as { session: { client: Database } }).session.client;

interface Kept<Row> {
  row: Row;
  changeCount: number;
  at: number;
}

/**
 * `select <every column of table> from table where <column> = ?`, one statement per connection, with
 * found rows kept as described above. Callers must not change the rows they get.
 */
export function rowReader<Table extends SQLiteTable>(table: Table, column: string) {
  type Row = Table["$inferSelect"];
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const sql = `select ${columns.map(([key, c]) => `"${c.name}" as "${key}"`).join(", ")} from "${getTableName(table)}" where "${column}" = ?`;
  // Only columns with their own decoding (booleans stored as 0/1, JSON stored as text) need a call per row.
  const decoded = columns.filter(([, c]) => c.mapFromDriverValue !== Column.prototype.mapFromDriverValue);
  const perConnection = new WeakMap<Database, { statement: Statement; kept: Map<string | number, Kept<Row>> }>();
  /** Rows go in while the map's second runs; then it is emptied, so no row outlives its use. */
  const keep = (kept: Map<string | number, Kept<Row>>, value: string | number, entry: Kept<Row>) => {
    if (kept.size === 0) setTimeout(() => kept.clear(), KEPT_ROW_MS).unref();
    else if (kept.size >= MAX_KEPT_ROWS) kept.delete(kept.keys().next().value!);
    kept.set(value, entry);
  };

  const read = (statement: Statement, value: string | number): Row | undefined => {
    const row = statement.get(value) as Record<string, unknown> | null;
    if (!row) return undefined;
    for (const [key, c] of decoded) if (row[key] !== null) row[key] = c.mapFromDriverValue(row[key]);
    return row as Row;
  };

  const readRow = (db: DbOrTx, value: string | number): Row | undefined => {
    const connection = connectionOf(db);
    let state = perConnection.get(connection);
    if (!state) perConnection.set(connection, (state = { statement: connection.prepare(sql), kept: new Map() }));
    const counter = changes.get(connection);
    if (!counter || connection.inTransaction) return read(state.statement, value);
    const now = Date.now();
    const kept = state.kept.get(value);
    if (kept && kept.changeCount === counter.count && now - kept.at < KEPT_ROW_MS) return kept.row;
    const row = read(state.statement, value);
    if (row) {
      keep(state.kept, value, { row, changeCount: counter.count, at: now });
    } else {
      state.kept.delete(value);
    }
    return row;
  };
  /** How many rows are kept for `db`'s connection now. */
  const keptRows = (db: DbOrTx) => perConnection.get(connectionOf(db))?.kept.size ?? 0;
  return Object.assign(readRow, { keptRows });
}
