/**
 * PostgreSQL's column builders (the other engine's are src/db/tables/columns.ts, which says where and why the
 * two differ): the same names, and SQLite's types so every table definition type-checks once;
 * `PostgresTables` then types the built tables as the PostgreSQL tables they are, with the same row types.
 */
import type { Column, ColumnBaseConfig, ColumnDataType, Table } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import type { Columns } from "../tables/columns";

/** PostgreSQL's builders, behind the same names and (so the definitions type-check once) SQLite's types. */
export const postgresColumns = {
  table: pg.pgTable,
  id: (name: string) => pg.integer(name).primaryKey().generatedByDefaultAsIdentity(),
  text: pg.text,
  int: (name: string) => pg.integer(name),
  wide: (name: string) => pg.bigint(name, { mode: "number" }),
  ms: (name: string) => pg.bigint(name, { mode: "number" }),
  bool: (name: string) => pg.boolean(name),
  json: <T>(name: string) => pg.jsonb(name).$type<T>(),
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  primaryKey: pg.primaryKey,
} as unknown as Columns;

/** A SQLite column's PostgreSQL twin: the same TypeScript value, name, nullness and defaults. */
type PostgresColumn<C> = C extends Column
  ? pg.PgColumn<Omit<C["_"], "brand" | "dialect"> & ColumnBaseConfig<ColumnDataType, string>>
  : never;

/** A table built with `postgresColumns`, typed as the PostgreSQL table it is. */
export type PostgresTable<T> = T extends Table
  ? pg.PgTableWithColumns<{
      name: T["_"]["name"];
      schema: undefined;
      columns: { [K in keyof T["_"]["columns"]]: PostgresColumn<T["_"]["columns"][K]> };
      dialect: "pg";
    }>
  : never;

/** Every table of a schema built with `postgresColumns`, typed as PostgreSQL's. */
export type PostgresTables<S> = { [K in keyof S]: PostgresTable<S[K]> };
