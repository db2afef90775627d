/**
 * What the copy to PostgreSQL (copy-to-postgres.ts) needs to know of the tables: which ones it copies and in
 * what order, each column's PostgreSQL type, and how a SQLite value becomes that type. Read from the
 * PostgreSQL schema objects themselves, never from ./schema (whose tables follow the engine in use).
 */
import type { Database } from "bun:sqlite";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { postgresTables } from "../db/postgres/schema";

/** Tables whose rows are what other rows add up to: rebuilt from the copied rows, not copied. */
export const REBUILT_TABLES = ["books_daily", "product_key_counts"];

export interface CopiedTable {
  name: string;
  columns: { name: string; type: string }[];
}

/** Every table of the PostgreSQL schema. */
function allTables(): PgTable[] {
  return (Object.values(postgresTables) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** Every table's name, the rebuilt ones included: what "the site's tables" are. */
export function siteTableNames(): string[] {
  return allTables().map((table) => getTableConfig(table).name);
}

/**
 * The tables to copy, each after every table its foreign keys point to, so the target's constraints hold
 * as the rows arrive.
 */
export function tablesInCopyOrder(): CopiedTable[] {
  const configs = allTables()
    .map((table) => getTableConfig(table))
    .filter((config) => !REBUILT_TABLES.includes(config.name));
  const byName = new Map(configs.map((config) => [config.name, config]));
  const ordered: CopiedTable[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`The foreign keys go round in a circle: ${[...path, name].join(" → ")}`);
    const config = byName.get(name)!;
    for (const key of config.foreignKeys) {
      const parent = getTableConfig(key.reference().foreignTable).name;
      if (parent !== name) place(parent, [...path, name]);
    }
    placed.add(name);
    ordered.push({
      name,
      columns: config.columns.map((column) => ({ name: column.name, type: column.getSQLType() })),
    });
  };
  for (const config of configs.sort((a, b) => a.name.localeCompare(b.name))) place(config.name, []);
  return ordered;
}

/** A SQLite value in the form PostgreSQL's column takes: 0/1 flags become booleans, JSON text becomes JSON. */
function converter(type: string): ((value: unknown) => unknown) | undefined {
  if (type === "boolean") return (value) => (value === null ? null : Boolean(value));
  if (type === "jsonb" || type === "json")
    return (value) => (typeof value === "string" ? JSON.parse(value) : (value ?? null));
  return undefined;
}

/**
 * Reads a SQLite table in pages of `pageSize` rows in rowid order (the id itself where the table has
 * one), each page's rows converted for PostgreSQL, so a table of any size takes one page of memory.
 */
export function* sourcePages(source: Database, table: CopiedTable, pageSize: number) {
  const names = table.columns.map((column) => `"${column.name}"`).join(", ");
  const page = source.query(
    `SELECT rowid AS "__rowid", ${names} FROM "${table.name}" WHERE rowid > ? ORDER BY rowid LIMIT ${pageSize}`,
  );
  const conversions = table.columns
    .map((column) => [column.name, converter(column.type)] as const)
    .filter((pair): pair is readonly [string, (value: unknown) => unknown] => pair[1] !== undefined);
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = page.all(after) as Record<string, unknown>[];
    if (!rows.length) return;
    after = rows.at(-1)!.__rowid as number;
    for (const row of rows) {
      delete row.__rowid;
      for (const [name, convert] of conversions) row[name] = convert(row[name]);
    }
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/**
 * The columns a table of the SQLite file lacks (an older file, from before a migration), or null when the
 * table itself is missing.
 */
export function missingColumns(source: Database, table: CopiedTable): string[] | null {
  const present = source.query(`PRAGMA table_info("${table.name}")`).all() as { name: string }[];
  if (!present.length) return null;
  const names = new Set(present.map((column) => column.name));
  return table.columns.map((column) => column.name).filter((name) => !names.has(name));
}
