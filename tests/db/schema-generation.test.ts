/**
 * The schema is written once (src/db/tables) and each engine's migrations are generated from it by drizzle-kit:
 * drizzle/ for SQLite, drizzle/postgres/ for PostgreSQL. This holds the generated side to it:
 * - src/db/schema.ts exports every table by its name, and so does what drizzle-kit reads for PostgreSQL
 *   (src/db/postgres/drizzle-kit-schema.ts: the same tables, in PostgreSQL's form);
 * - the next migration drizzle-kit would generate for either engine is empty, so no change to the schema is
 *   left without its migrations (the last snapshot of each folder is the schema as it is now);
 * - the two folders' last snapshots describe the same tables, columns, keys, indexes and references.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getTableName, is, Table } from "drizzle-orm";
import {
  generateDrizzleJson,
  generateMigration,
  generateSQLiteDrizzleJson,
  generateSQLiteMigration,
} from "drizzle-kit/api";
import * as engineTables from "../../src/db/schema";
import { PgTable } from "drizzle-orm/pg-core";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { postgresTables } from "../../src/db/postgres/schema";
import { defineTables } from "../../src/db/tables";
import { sqliteColumns } from "../../src/db/tables/columns";

const ROOT = join(import.meta.dir, "../..");

/** The newest snapshot drizzle-kit wrote into a migration folder's meta/. */
function lastSnapshot(folder: string) {
  const meta = join(ROOT, folder, "meta");
  const last = readdirSync(meta)
    .filter((name) => name.endsWith("_snapshot.json"))
    .sort()
    .at(-1)!;
  return JSON.parse(readFileSync(join(meta, last), "utf8"));
}

const tableNames = (module: Record<string, unknown>) =>
  Object.keys(module)
    .filter((key) => is(module[key], Table))
    .sort();

const POSTGRES_ENTRY = "../../src/db/postgres/drizzle-kit-schema";

afterEach(() => engineTables.useEngineTables("sqlite"));

/**
 * What drizzle.postgres.config.ts has drizzle-kit read, with src/db/schema.ts's tables in PostgreSQL's form until
 * the test ends. The first import switched them, as in drizzle-kit's own process; a later test switches them again.
 */
async function postgresEntry(): Promise<Record<string, unknown>> {
  const entry = await import(POSTGRES_ENTRY);
  // biome-ignore lint/correctness/useHookAtTopLevel: useEngineTables is a plain function of the server, no React hook.
  engineTables.useEngineTables("postgres", postgresTables);
  return entry;
}

describe("the schema's entry files", () => {
  const defined = Object.keys(defineTables(sqliteColumns)).sort();

  test("drizzle-kit's PostgreSQL entry switches the tables to PostgreSQL's form", async () => {
    // As in drizzle-kit's own process, which opened no database and loads the entry for the first time: a file run
    // before this one in the same test process may have switched the tables and loaded the entry already.
    engineTables.useEngineTables("sqlite");
    await import(`${POSTGRES_ENTRY}.ts?loaded=${Date.now()}`);
    expect(engineTables.engineTables()).toBe("postgres");
  });

  test("export every table, under its name in src/db/tables, in each engine's form", async () => {
    expect(defined.length).toBeGreaterThan(20);
    expect(tableNames(engineTables)).toEqual(defined);
    for (const key of defined) expect(is((engineTables as Record<string, unknown>)[key], SQLiteTable)).toBe(true);
    const entry = await postgresEntry();
    expect(tableNames(entry)).toEqual(defined);
    for (const key of defined) expect(is(entry[key], PgTable)).toBe(true);
  });

  test("name each table the same on both engines", async () => {
    const names = defined.map((key) => getTableName((engineTables as unknown as Record<string, Table>)[key]));
    const entry = await postgresEntry();
    expect(defined.map((key) => getTableName(entry[key] as Table))).toEqual(names);
  });
});

describe("the next generated migration", () => {
  test("is empty on SQLite: drizzle/ is up to date with the schema", async () => {
    const now = await generateSQLiteDrizzleJson(engineTables as Record<string, unknown>);
    expect(await generateSQLiteMigration(lastSnapshot("drizzle"), now)).toEqual([]);
  });

  test("is empty on PostgreSQL: drizzle/postgres/ is up to date with the schema", async () => {
    const now = generateDrizzleJson(await postgresEntry());
    expect(await generateMigration(lastSnapshot("drizzle/postgres"), now)).toEqual([]);
  });
});

interface Snapshot {
  tables: Record<string, SnapshotTable>;
}
interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; type: string; primaryKey: boolean; notNull: boolean; default?: unknown }>;
  indexes: Record<string, { name: string; columns: (string | { expression: string })[]; isUnique: boolean }>;
  foreignKeys: Record<string, { columnsFrom: string[]; tableTo: string; columnsTo: string[]; onDelete?: string }>;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  uniqueConstraints?: Record<string, { columns: string[] }>;
}

/** What each engine's column types are to the data layer (PostgreSQL's wider types stand for SQLite's). */
const KINDS: Record<string, string> = {
  integer: "whole number",
  bigint: "whole number",
  boolean: "whole number",
  text: "text",
  jsonb: "text",
};

/** A default as both engines mean it: PostgreSQL's empty JSON array carries a cast SQLite's has not. */
function sameDefault(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === "'[]'::jsonb") return "'[]'";
  return value;
}

/** A snapshot's tables as plain shapes that mean the same thing on both engines. */
function shapes(snapshot: Snapshot, unsupported: (type: string) => never) {
  return Object.fromEntries(
    Object.values(snapshot.tables).map((table) => {
      const columns = Object.fromEntries(
        Object.values(table.columns).map((column) => [
          column.name,
          {
            kind: KINDS[column.type] ?? unsupported(column.type),
            primaryKey: column.primaryKey,
            notNull: column.notNull,
            default: sameDefault(column.default),
          },
        ]),
      );
      // SQLite keeps a unique column as a unique index, PostgreSQL as a unique constraint.
      const indexes = Object.fromEntries([
        ...Object.entries(table.indexes).map(([name, index]) => [
          name,
          {
            columns: index.columns.map((column) => (typeof column === "string" ? column : column.expression)),
            unique: index.isUnique,
          },
        ]),
        ...Object.entries(table.uniqueConstraints ?? {}).map(([name, unique]) => [
          name,
          { columns: unique.columns, unique: true },
        ]),
      ]);
      const foreignKeys = Object.fromEntries(
        Object.entries(table.foreignKeys).map(([name, key]) => [
          name,
          { columns: key.columnsFrom, table: key.tableTo, to: key.columnsTo, onDelete: key.onDelete ?? "no action" },
        ]),
      );
      const primaryKeys = Object.values(table.compositePrimaryKeys).map((key) => key.columns);
      return [table.name, { columns, indexes, foreignKeys, primaryKeys }];
    }),
  );
}

test("both migration folders' last snapshots describe the same tables, columns, keys and indexes", () => {
  const unsupported = (type: string): never => {
    throw new Error(`a column type this test does not know: ${type}; add it to KINDS`);
  };
  const onSqlite = shapes(lastSnapshot("drizzle"), unsupported);
  const onPostgres = shapes(lastSnapshot("drizzle/postgres"), unsupported);
  expect(Object.keys(onSqlite).length).toBeGreaterThan(20);
  expect(onPostgres).toEqual(onSqlite);
});
