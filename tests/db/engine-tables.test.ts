/**
 * The tables services import from src/db/schema.ts are always the engine in use's: a table or a column taken
 * before a PostgreSQL database was opened answers as PostgreSQL's afterwards, and as SQLite's again once a
 * SQLite database is opened. Nothing can be written through them.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, getTableColumns, getTableName, is } from "drizzle-orm";
import { PgDialect, PgTable } from "drizzle-orm/pg-core";
import { SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import { engineTables, useEngineTables, users, webhookEndpoints } from "../../src/db/schema";

// Taken once, as a module would at its top, before any database is opened.
const heldTable = users;
const heldFlag = users.isAdmin;
const heldColumns = getTableColumns(webhookEndpoints);

// Every test starts with SQLite in use, and the file leaves it so: a file before it in the same test process may
// have opened a PostgreSQL database.
beforeEach(() => useEngineTables("sqlite"));
afterEach(() => useEngineTables("sqlite"));

describe("a table held from src/db/schema.ts", () => {
  test("is SQLite's while SQLite is in use", () => {
    expect(engineTables()).toBe("sqlite");
    expect(is(heldTable, SQLiteTable)).toBe(true);
    expect(is(heldTable, PgTable)).toBe(false);
    expect(String(heldFlag.columnType)).toBe("SQLiteBoolean");
    expect(heldFlag.mapToDriverValue(true)).toBe(1);
    expect(String(heldColumns.events.columnType)).toBe("SQLiteTextJson");
  });

  test("is PostgreSQL's, with its columns, once PostgreSQL is in use", () => {
    useEngineTables("postgres", pg);
    expect(is(heldTable, PgTable)).toBe(true);
    expect(is(heldTable, SQLiteTable)).toBe(false);
    expect(getTableName(heldTable)).toBe("users");
    expect(String(heldFlag.columnType)).toBe("PgBoolean");
    expect(heldFlag.mapToDriverValue(true)).toBe(true);
    expect(String(heldColumns.events.columnType)).toBe("PgJsonb");
    expect(String(heldColumns.createdAt.columnType)).toBe("PgBigInt53");
    expect(Object.keys(getTableColumns(heldTable))).toEqual(Object.keys(getTableColumns(pg.users)));
  });

  test("builds each engine's SQL, whichever is in use when the query is made", () => {
    const sqliteQuery = new SQLiteSyncDialect().sqlToQuery(eq(heldFlag, true));
    expect(sqliteQuery.params).toEqual([1]);
    useEngineTables("postgres", pg);
    const pgQuery = new PgDialect().sqlToQuery(eq(heldFlag, true));
    expect(pgQuery).toEqual({ sql: '"users"."is_admin" = $1', params: [true], typings: ["none"] });
  });

  test("is SQLite's again once SQLite is in use again", () => {
    useEngineTables("postgres", pg);
    useEngineTables("sqlite");
    expect(is(heldTable, SQLiteTable)).toBe(true);
    expect(String(heldFlag.columnType)).toBe("SQLiteBoolean");
  });

  test("can't be changed through", () => {
    expect(() => {
      (heldTable as unknown as Record<string, unknown>).isAdmin = null;
    }).toThrow(TypeError);
    expect(() => {
      (heldFlag as unknown as Record<string, unknown>).name = "other";
    }).toThrow(TypeError);
    expect(heldFlag.name).toBe("is_admin");
  });
});
