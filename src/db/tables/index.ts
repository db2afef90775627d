/**
 * The whole database schema, written once (docs/architecture.md#data): every table is defined in one of the
 * files beside this one as a function of an engine's column builders (./columns.ts), and `defineTables`
 * builds all of them for one engine. src/db/sqlite/schema.ts and src/db/postgres/schema.ts build them with
 * SQLite's and PostgreSQL's builders; drizzle-kit reads those two files to generate drizzle/ and
 * drizzle/postgres/ (`npm run db:generate`, `npm run db:generate:postgres`). Never edit a generated migration.
 *
 * Money is integer cents; times are integer milliseconds since the epoch (UTC).
 */
import { accountTables } from "./accounts";
import { checkoutTables } from "./checkout";
import type { Columns } from "./columns";
import { operationsTables } from "./operations";
import { salesTables } from "./sales";
import { seatTables } from "./seats";
import { supportTables } from "./support";

/** Every table, built with `b`: SQLite's or PostgreSQL's column builders. */
export function defineTables(b: Columns) {
  const accounts = accountTables(b);
  return {
    ...accounts,
    ...salesTables(b, accounts),
    ...checkoutTables(b),
    ...supportTables(b, accounts),
    ...operationsTables(b),
    ...seatTables(b, accounts),
  };
}

export type Tables = ReturnType<typeof defineTables>;
