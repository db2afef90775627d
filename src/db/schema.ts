/**
 * The tables the data layer queries. Every table is written once (src/db/tables) and built for each engine
 * (src/db/sqlite/schema.ts, src/db/postgres/schema.ts); a column carries its engine's encoding (a flag is
 * 0/1 on SQLite, boolean on PostgreSQL; JSON is text on one, jsonb on the other), so a query must use the
 * table objects of the engine it runs on.
 *
 * What this module exports is one stand-in per table that is always the table of the engine in use: each
 * property read (a column, drizzle's own symbols, `instanceof`) is answered by that engine's table, and a
 * column read from it answers the same way. `useEngineTables("postgres")`, called when a PostgreSQL database
 * is opened, switches them all at once. So no module can keep the wrong engine's table or column, even one
 * that took it before the switch (tests/db/engine-tables.test.ts). The types are SQLite's: both engines read
 * and write the same TypeScript values.
 */
import { getTableColumns, is, Table } from "drizzle-orm";
import type { Tables } from "./tables";
import type { postgresTables as postgres } from "./postgres/schema";
import { sqliteTables } from "./sqlite/schema";

export type Engine = "sqlite" | "postgres";
let engine: Engine = "sqlite";
let postgresTables: Record<string, object> | undefined;

type Target = Record<PropertyKey, unknown>;

/** The table `key` of the engine in use. */
function tableNow(key: string): Target {
  const tables = engine === "postgres" ? postgresTables! : (sqliteTables as Record<string, object>);
  return tables[key] as Target;
}

/**
 * A stand-in for whatever `now()` gives at each use. `wrap` may answer a property itself (a table's
 * columns); anything else is read from the object of the moment, and nothing can be written through it.
 */
function standIn<T extends object>(now: () => Target, wrap: (key: PropertyKey) => unknown = () => undefined): T {
  const refuse = () => {
    throw new TypeError("The schema's tables can't be changed");
  };
  return new Proxy({} as T, {
    get: (_, key) => wrap(key) ?? Reflect.get(now(), key),
    has: (_, key) => Reflect.has(now(), key),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(now(), key);
      if (!descriptor) return undefined;
      // Reported as configurable: the stand-in's own target has none of these properties.
      return {
        configurable: true,
        enumerable: descriptor.enumerable,
        writable: false,
        value: wrap(key) ?? Reflect.get(now(), key),
      };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(now()),
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
    setPrototypeOf: refuse,
  });
}

/** Where a drizzle table keeps its columns (`getTableColumns` reads it; drizzle's types leave it out). */
const COLUMNS = Symbol.for("drizzle:Columns");

/** The stand-in for table `key`: its columns, one by one or all together, are stand-ins too. */
function engineTable<T extends object>(key: string): T {
  const columnKeys = Object.keys(getTableColumns(sqliteTables[key as keyof Tables]));
  const columns = Object.fromEntries(
    columnKeys.map((column) => [column, standIn(() => tableNow(key)[column] as Target)]),
  );
  const allColumns = Object.freeze({ ...columns });
  return standIn<T>(
    () => tableNow(key),
    (property) =>
      property === COLUMNS
        ? allColumns
        : typeof property === "string" && Object.hasOwn(columns, property)
          ? columns[property]
          : undefined,
  );
}

const tables = Object.fromEntries(
  Object.keys(sqliteTables)
    .filter((key) => is(sqliteTables[key as keyof Tables], Table))
    .map((key) => [key, engineTable(key)]),
) as unknown as Tables;

// Each table is exported by its own name: services import them so, and drizzle-kit finds a schema's tables
// among its module's exports (drizzle.config.ts reads this module; ./postgres/drizzle-kit-schema.ts the same
// tables in PostgreSQL's form). This is the one list of the tables' names: tests/db/schema-generation.test.ts
// fails when a table of defineTables is missing from it.
export const {
  users,
  subscriptions,
  passwordResets,
  emailChanges,
  addressConfirmations,
  renewalReminders,
  accountRecords,
  sales,
  creditNotes,
  issuedDocuments,
  documentCounters,
  productKeys,
  buyerRefunds,
  refundRequests,
  booksDaily,
  productKeyCounts,
  planPrices,
  promotionCodes,
  checkouts,
  demoPaymentIntents,
  supportTickets,
  supportMessages,
  reviews,
  processedEvents,
  emails,
  auditLog,
  appSettings,
  leaseKeys,
  backupRuns,
  webhookEndpoints,
  webhookDeliveries,
  seats,
} = tables;

/** A row as both engines read and write it (SQLite's types: see above). */
type Row<K extends keyof Tables> = Tables[K]["$inferSelect"];

export type User = Row<"users">;
export type BackupRun = Row<"backupRuns">;
export type Subscription = Row<"subscriptions">;
export type ProductKey = Row<"productKeys">;
export type Sale = Row<"sales">;
export type CreditNote = Row<"creditNotes">;
export type IssuedDocument = Row<"issuedDocuments">;
export type SupportTicket = Row<"supportTickets">;
export type SupportMessage = Row<"supportMessages">;
export type Review = Row<"reviews">;
export type Email = Row<"emails">;
export type LeaseKey = Row<"leaseKeys">;
export type AuditEntry = Row<"auditLog">;
export type EmailChange = Row<"emailChanges">;
export type AddressConfirmation = Row<"addressConfirmations">;
export type BuyerRefund = Row<"buyerRefunds">;
export type BooksDay = Row<"booksDaily">;
export type DemoPaymentIntent = Row<"demoPaymentIntents">;
export type PlanPrice = Row<"planPrices">;
export type PromotionCode = Row<"promotionCodes">;
export type Checkout = Row<"checkouts">;
export type RefundRequest = Row<"refundRequests">;
export type WebhookEndpoint = Row<"webhookEndpoints">;
export type WebhookDelivery = Row<"webhookDeliveries">;
export type AccountRecord = Row<"accountRecords">;
export type Seat = Row<"seats">;

/** The engine whose tables are in use now. */
export function engineTables(): Engine {
  return engine;
}

/** Switches every table to `to`'s form; PostgreSQL's schema module is passed in, loaded only when used. */
export function useEngineTables(to: "sqlite"): void;
export function useEngineTables(to: "postgres", tables: typeof postgres): void;
export function useEngineTables(to: Engine, tables?: typeof postgres): void {
  if (to === "postgres") postgresTables = tables as unknown as Record<string, object>;
  engine = to;
}
