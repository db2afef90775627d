/**
 * The schema in SQLite's form: every table of src/db/tables built with SQLite's column builders. The tables
 * themselves are written in src/db/tables, never here. Services import tables from src/db/schema.ts, which gives
 * the engine in use (and is what drizzle-kit reads).
 */
import { defineTables } from "../tables";
import { sqliteColumns } from "../tables/columns";

/** Every table in SQLite's form, by its name in src/db/tables. */
export const sqliteTables = defineTables(sqliteColumns);
