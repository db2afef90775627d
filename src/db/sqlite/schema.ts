/**
 * The schema in SQLite's form: every table of src/db/tables built with SQLite's column builders. drizzle.config.ts
 * points drizzle-kit here (`npm run db:generate` writes drizzle/); the tables themselves are written in
 * src/db/tables, never here. Services import tables from src/db/schema.ts, which gives the engine in use.
 */
import { defineTables } from "../tables";
import { sqliteColumns } from "../tables/columns";

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
} = defineTables(sqliteColumns);

export type User = typeof users.$inferSelect;
export type BackupRun = typeof backupRuns.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type ProductKey = typeof productKeys.$inferSelect;
export type Sale = typeof sales.$inferSelect;
export type CreditNote = typeof creditNotes.$inferSelect;
export type IssuedDocument = typeof issuedDocuments.$inferSelect;
export type SupportTicket = typeof supportTickets.$inferSelect;
export type SupportMessage = typeof supportMessages.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Email = typeof emails.$inferSelect;
export type LeaseKey = typeof leaseKeys.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type EmailChange = typeof emailChanges.$inferSelect;
export type AddressConfirmation = typeof addressConfirmations.$inferSelect;
export type BuyerRefund = typeof buyerRefunds.$inferSelect;
export type BooksDay = typeof booksDaily.$inferSelect;
export type DemoPaymentIntent = typeof demoPaymentIntents.$inferSelect;
export type PlanPrice = typeof planPrices.$inferSelect;
export type PromotionCode = typeof promotionCodes.$inferSelect;
export type Checkout = typeof checkouts.$inferSelect;
export type RefundRequest = typeof refundRequests.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type AccountRecord = typeof accountRecords.$inferSelect;
export type Seat = typeof seats.$inferSelect;
