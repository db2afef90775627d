/**
 * The schema in PostgreSQL's form: every table of src/db/tables built with PostgreSQL's column builders.
 * drizzle.postgres.config.ts points drizzle-kit here (`npm run db:generate:postgres` writes drizzle/postgres/);
 * the tables themselves are written in src/db/tables, never here. Loaded only when a PostgreSQL database is used.
 */
import { defineTables, type Tables } from "../tables";
import { postgresColumns, type PostgresTables } from "./columns";

// Each table is exported by its own name: drizzle-kit finds a schema's tables among its module's exports.
// tests/db/schema-generation.test.ts fails when a table of defineTables is missing here.
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
} = defineTables(postgresColumns) as unknown as PostgresTables<Tables>;
