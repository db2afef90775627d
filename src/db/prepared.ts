/**
 * Reads on the hot path (every authenticated call, every plugin validation): plain bun:sqlite prepared
 * statements whose rows are kept in memory until the database changes.
 *
 * Why: drizzle maps a row in about 10 µs, and even a plain statement on the database file costs about
 * 6 µs, mostly SQLite taking and releasing its read locks. A kept row costs well under a microsecond.
 * It stays right because every statement of this process that can change the database moves the
 * connections' change counter (src/db/sqlite/connection.ts counts every write and transaction through
 * the handle, `withWriter` counts raw ones), and a kept row is used only while the counter has not
 * moved and for at most a second, which bounds how long a change made by another process (the command
 * line) goes unseen. Rows are read on the reader connection, which sees only committed data. Inside a
 * transaction they are read on the writer (so the transaction sees its own writes) and nothing is kept
 * or served from memory.
 * A kept row is useless after that second, so none is held longer: an idle server keeps no rows, and a
 * busy one at most MAX_KEPT_ROWS per statement. A row found missing is kept by the same rules: a studio seat's
 * key is first looked for among the accounts' own keys, and without it every seat's validation asked again.
 *
 * The columns and their decoding come from the drizzle table, so a row here is exactly the row
 * drizzle's own select gives (tests/api/hot-reads.test.ts holds it to that).
 *
 * On PostgreSQL a row is read through Drizzle on the pool (a network round trip, so keeping it matters
 * more) and kept by the same rules, counted by the pool's change counter. Reads of a row that is not kept
 * share the query already under way for it, if this process has written nothing since it was sent: kept
 * rows expire together, and without that every request in flight queried at once, each second
 * (docs/performance.md#kept-rows-on-postgresql).
 */
import type { Database, Statement } from "bun:sqlite";
import { Column, eq, getTableColumns, getTableName, is, type SQL, Table } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { PgTable } from "drizzle-orm/pg-core";
import { postgresPoolOf, type DbOrTx, type PostgresPool } from "./index";
import * as engineTables from "./schema";
import type { SqliteConnections } from "./sqlite/connection";
import { insideTransaction } from "./transaction-scope";

/** What a reader's `atHand` answers for a row that can only be had by waiting: then await the reader itself. */
export const NOT_AT_HAND: unique symbol = Symbol("not at hand");

/** How long a kept row may be used without looking: changes by other processes show within this. */
export const KEPT_ROW_MS = 1000;
/** Rows kept per statement and database (a user row is about 1 KB: 10 MB at most, for a second). */
export const MAX_KEPT_ROWS = 10_000;

/** The connections under a database handle or a transaction's (src/db/sqlite/connection.ts sets both). */
const connectionsOf = (db: DbOrTx) => (db as unknown as { $client: SqliteConnections }).$client;

/** A read sent to PostgreSQL and not yet answered, which later readers of the same row may share. */
interface Reading<Row> {
  row: Promise<Row | undefined>;
  changeCount: number;
}

interface Kept<Row> {
  /** Undefined: no row has the value. */
  row: Row | undefined;
  changeCount: number;
  at: number;
}

/**
 * `select <every column of table> from table where <column> = ?`, one statement per connection, with
 * rows (and misses) kept as described above. Callers must not change the rows they get.
 */
export function rowReader<Table extends SQLiteTable>(table: Table, column: string) {
  type Row = Table["$inferSelect"];
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const sql = `select ${columns.map(([key, c]) => `"${c.name}" as "${key}"`).join(", ")} from "${getTableName(table)}" where "${column}" = ?`;
  // Only columns with their own decoding (booleans stored as 0/1, JSON stored as text) need a call per row.
  const decoded = columns.filter(([, c]) => c.mapFromDriverValue !== Column.prototype.mapFromDriverValue);
  const perDatabase = new WeakMap<
    SqliteConnections,
    { reader: Database; onReader: Statement; onWriter: Statement; kept: Map<string | number, Kept<Row>> }
  >();
  // query(), not prepare(): closing a connection finalizes its statements and so frees the file.
  const stateOf = (connections: SqliteConnections) => {
    const { reader, writer } = connections;
    let state = perDatabase.get(connections);
    if (!state) {
      state = { reader, onReader: reader.query(sql), onWriter: writer.query(sql), kept: new Map() };
      perDatabase.set(connections, state);
    } else if (state.reader !== reader) {
      // The reader was opened anew (fresh planner statistics): the statement follows it.
      state.reader = reader;
      state.onReader = reader.query(sql);
    }
    return state;
  };
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
    const connections = connectionsOf(db);
    const state = stateOf(connections);
    if (insideTransaction()) return read(state.onWriter, value);
    const counter = connections.changes.count;
    const now = Date.now();
    const kept = state.kept.get(value);
    if (kept && kept.changeCount === counter && now - kept.at < KEPT_ROW_MS) return kept.row;
    const row = read(state.onReader, value);
    keep(state.kept, value, { row, changeCount: counter, at: now });
    return row;
  };
  const onPostgres = postgresReader<Row>(getTableName(table), column, keep);
  const readAny = (db: DbOrTx, value: string | number): Row | undefined | Promise<Row | undefined> => {
    const pool = postgresPoolOf(db);
    return pool ? onPostgres.read(db, pool, value) : readRow(db, value);
  };
  /**
   * The row (or undefined: none) when it can be had without waiting: always on SQLite, whose reads are
   * synchronous, and on PostgreSQL while it is kept; NOT_AT_HAND otherwise. For a hot path that answers
   * without a promise when it can: each `await` on the way costs a trip through the microtask queue.
   */
  const atHand = (db: DbOrTx, value: string | number): Row | undefined | typeof NOT_AT_HAND => {
    const pool = postgresPoolOf(db);
    return pool ? onPostgres.kept(pool, value) : readRow(db, value);
  };
  /** How many rows are kept for `db` now. */
  const keptRows = (db: DbOrTx) => {
    const pool = postgresPoolOf(db);
    return pool ? onPostgres.keptRows(pool) : (perDatabase.get(connectionsOf(db))?.kept.size ?? 0);
  };
  return Object.assign(readAny, { atHand, keptRows });
}

/** The tables by SQL name, from ./schema (whose tables are PostgreSQL's while PostgreSQL is in use). */
let postgresTables: Map<string, PgTable> | undefined;
const postgresTable = (name: string) => {
  postgresTables ??= new Map<string, PgTable>(
    (Object.values(engineTables) as unknown[])
      .filter((value): value is PgTable => is(value, Table))
      .map((table) => [getTableName(table), table]),
  );
  return postgresTables.get(name)!;
};

/** The same reader on PostgreSQL: the row read by Drizzle with the PostgreSQL table, kept as above. */
function postgresReader<Row>(
  tableName: string,
  columnName: string,
  keep: (kept: Map<string | number, Kept<Row>>, value: string | number, entry: Kept<Row>) => void,
) {
  let found: { table: PgTable; column: Column } | undefined;
  const tableAndColumn = () => {
    if (found) return found;
    const table = postgresTable(tableName);
    const column = Object.values(getTableColumns(table)).find((c) => c.name === columnName)!;
    found = { table, column };
    return found;
  };
  /** Per pool: its kept rows, and its reads under way that later readers of the same row may share. */
  const perPool = new WeakMap<
    PostgresPool,
    { kept: Map<string | number, Kept<Row>>; reading: Map<string | number, Reading<Row>> }
  >();
  const select = async (db: DbOrTx, value: string | number) => {
    const handle = db as unknown as {
      select(): { from(t: PgTable): { where(condition: SQL): { limit(count: number): Promise<unknown[]> } } };
    };
    const { table, column } = tableAndColumn();
    const [row] = await handle.select().from(table).where(eq(column, value)).limit(1);
    return row as Row | undefined;
  };
  /** The kept row while it may be used, else NOT_AT_HAND; never inside a transaction (its reads go to `tx`). */
  const keptRow = (
    kept: Map<string | number, Kept<Row>> | undefined,
    counter: number,
    value: string | number,
    now: number,
  ) => {
    const found = kept?.get(value);
    if (found && found.changeCount === counter && now - found.at < KEPT_ROW_MS) return found.row;
    return NOT_AT_HAND;
  };
  return {
    read(db: DbOrTx, pool: PostgresPool, value: string | number): Promise<Row | undefined> {
      if (insideTransaction()) return select(db, value);
      let state = perPool.get(pool);
      if (!state) {
        state = { kept: new Map(), reading: new Map() };
        perPool.set(pool, state);
      }
      const { kept, reading } = state;
      const counter = pool.changes.count;
      const now = Date.now();
      const found = keptRow(kept, counter, value, now);
      if (found !== NOT_AT_HAND) return Promise.resolve(found);
      // Kept rows all expire together, so every request in flight misses at once: they share one query for
      // a row, as long as nothing this process wrote since it was sent could be missing from its answer.
      const underWay = reading.get(value);
      if (underWay && underWay.changeCount === counter) return underWay.row;
      const entry: Reading<Row> = {
        changeCount: counter,
        row: select(db, value)
          .then((row) => {
            if (pool.changes.count === counter) keep(kept, value, { row, changeCount: counter, at: now });
            else kept.delete(value);
            return row;
          })
          .finally(() => {
            if (reading.get(value) === entry) reading.delete(value);
          }),
      };
      reading.set(value, entry);
      return entry.row;
    },
    kept: (pool: PostgresPool, value: string | number): Row | undefined | typeof NOT_AT_HAND =>
      insideTransaction() ? NOT_AT_HAND : keptRow(perPool.get(pool)?.kept, pool.changes.count, value, Date.now()),
    keptRows: (pool: PostgresPool) => perPool.get(pool)?.kept.size ?? 0,
  };
}
