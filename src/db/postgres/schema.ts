/**
 * The schema in PostgreSQL's form: every table of src/db/tables built with PostgreSQL's column builders (drizzle-kit
 * reads them through ./drizzle-kit-schema.ts). The tables themselves are written in src/db/tables, never here.
 * Loaded only when a PostgreSQL database is used.
 */
import { defineTables, type Tables } from "../tables";
import { postgresColumns, type PostgresTables } from "./columns";

/** Every table in PostgreSQL's form, by its name in src/db/tables. */
export const postgresTables = defineTables(postgresColumns) as unknown as PostgresTables<Tables>;
