/**
 * The two schema files describe one database: src/db/sqlite/schema.ts (SQLite) and src/db/postgres/schema.ts
 * (PostgreSQL) must hold the same tables under the same exported names, with the same columns (name, kind,
 * not-null, primary key, unique, default, allowed values), the same indexes and the same foreign keys. The
 * types the data layer reads and writes must be the same too: that part is checked by the compiler below.
 */
import { describe, expect, test } from "bun:test";
import {
  getTableColumns,
  getTableName,
  is,
  type InferInsertModel,
  type InferSelectModel,
  type Table,
} from "drizzle-orm";
import { getTableConfig as pgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as pg from "../../src/db/postgres/schema";
import * as sqlite from "../../src/db/sqlite/schema";

/** What a column is to the data layer, whatever the engine calls it. */
const KINDS: Record<string, string> = {
  SQLiteInteger: "integer",
  SQLiteBoolean: "boolean",
  SQLiteText: "text",
  SQLiteTextJson: "json",
  PgInteger: "integer",
  PgBigInt53: "integer",
  PgBoolean: "boolean",
  PgText: "text",
  PgJsonb: "json",
};

interface ColumnShape {
  name: string;
  kind: string;
  notNull: boolean;
  primaryKey: boolean;
  /** An id the database gives (SQLite's autoincrement, PostgreSQL's identity). */
  generatedId: boolean;
  unique: string | null;
  default: unknown;
  enumValues: readonly string[] | null;
}

type AnyConfig = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;
type AnyColumn = AnyConfig["columns"][number];

function columnShape(column: AnyColumn): ColumnShape {
  const kind = KINDS[column.columnType];
  if (!kind) throw new Error(`${column.name}: add ${column.columnType} to KINDS`);
  const generatedId = (column as { autoIncrement?: boolean }).autoIncrement === true || !!column.generatedIdentity;
  return {
    name: column.name,
    kind,
    notNull: column.notNull,
    primaryKey: column.primary,
    generatedId,
    unique: column.isUnique ? (column.uniqueName ?? "") : null,
    // A default written as SQL can't be compared across dialects; only that there is one.
    default: column.default === undefined ? null : isSql(column.default) ? "(sql)" : column.default,
    enumValues: column.enumValues ?? null,
  };
}

const isSql = (value: unknown) => typeof value === "object" && value !== null && "queryChunks" in value;

const columnName = (c: unknown) => (isSql(c) ? "(sql)" : (c as { name: string }).name);

function tableShape(table: Table, config: AnyConfig) {
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, columnShape(column as AnyColumn)]),
  );
  return {
    name: config.name,
    columns,
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => c.name)),
    indexes: (config.indexes as { config: { name?: string; unique: boolean; columns: unknown[]; where?: unknown } }[])
      .map((index) => ({
        name: index.config.name,
        unique: index.config.unique,
        columns: index.config.columns.map(columnName),
        partial: index.config.where !== undefined,
      }))
      .sort((a, b) => String(a.name).localeCompare(String(b.name))),
    uniqueConstraints: config.uniqueConstraints.map((u) => ({ name: u.name, columns: u.columns.map((c) => c.name) })),
    foreignKeys: (config.foreignKeys as (typeof config.foreignKeys)[number][])
      .map((fk) => {
        const reference = fk.reference();
        return {
          name: fk.getName(),
          columns: reference.columns.map((c) => c.name),
          table: getTableName(reference.foreignTable),
          foreignColumns: reference.foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? "no action",
          onUpdate: fk.onUpdate ?? "no action",
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

const tablesOf = (module: Record<string, unknown>, kind: typeof SQLiteTable | typeof PgTable) =>
  Object.keys(module)
    .filter((name) => is(module[name], kind))
    .sort();

const sqliteTables = tablesOf(sqlite, SQLiteTable);
const pgTables = tablesOf(pg, PgTable);

describe("the SQLite and PostgreSQL schema files", () => {
  test("export the same tables under the same names", () => {
    expect(sqliteTables.length).toBeGreaterThan(20);
    expect(pgTables).toEqual(sqliteTables);
  });

  test("export nothing else that differs", () => {
    expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
  });

  test.each(sqliteTables)("%s: the same columns, keys, indexes and references", (name) => {
    const sqliteTable = (sqlite as Record<string, unknown>)[name] as SQLiteTable;
    const pgTable = (pg as Record<string, unknown>)[name];
    expect(is(pgTable, PgTable)).toBe(true);
    const sqliteShape = tableShape(sqliteTable, sqliteTableConfig(sqliteTable));
    const pgShape = tableShape(pgTable as PgTable, pgTableConfig(pgTable as PgTable));
    expect(pgShape).toEqual(sqliteShape);
  });

  test("times are 64-bit on PostgreSQL (milliseconds since the epoch pass 2^31 long ago)", () => {
    const narrow = pgTables.flatMap((name) =>
      pgTableConfig((pg as Record<string, unknown>)[name] as PgTable)
        .columns.filter((c) => /(_at|_date|_end|^day)$/.test(c.name) && c.columnType !== "PgBigInt53")
        .map((c) => `${name}.${c.name}`),
    );
    expect(narrow).toEqual([]);
  });
});

// The rows the data layer reads and writes have the same TypeScript types on both engines. A table whose
// types differ is named in the compiler's error on the line below.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Sqlite = typeof sqlite;
type Pg = typeof pg;
type TableNames = {
  [K in keyof Sqlite]: Sqlite[K] extends Table
    ? K extends keyof Pg
      ? Pg[K] extends Table
        ? K
        : never
      : never
    : never;
}[keyof Sqlite];
type TypesDiffer = {
  [K in TableNames]: Same<InferSelectModel<Sqlite[K]>, InferSelectModel<Pg[K]>> extends true
    ? Same<InferInsertModel<Sqlite[K]>, InferInsertModel<Pg[K]>> extends true
      ? never
      : K
    : K;
}[TableNames];
const tablesWhoseTypesDiffer: [TypesDiffer] extends [never] ? "none" : TypesDiffer = "none";
void tablesWhoseTypesDiffer;
