/**
 * The tables the data layer queries, in the form of the engine this process runs on. Both engines' schema
 * files (src/db/sqlite/schema.ts, src/db/postgres/schema.ts) name the same tables, columns and indexes;
 * every service imports its tables from here, and `useEngineTables("postgres")` (called when a PostgreSQL
 * database is opened) rebinds them to PostgreSQL's. ES module exports are live bindings, so every importer
 * sees the switch. A column carries its engine's encoding (a flag is 0/1 on SQLite, boolean on PostgreSQL;
 * JSON is text on one, jsonb on the other), which is why a query must use its engine's table objects.
 *
 * The types are SQLite's: both forms read and write the same TypeScript values (tests/db/schema-parity.test.ts).
 * One engine per process; nothing may hold a table object from before the switch.
 */
import * as sqlite from "./sqlite/schema";
import type * as postgres from "./postgres/schema";

export type Engine = "sqlite" | "postgres";
let engine: Engine = "sqlite";

export let users = sqlite.users;
export let subscriptions = sqlite.subscriptions;
export let sales = sqlite.sales;
export let creditNotes = sqlite.creditNotes;
export let issuedDocuments = sqlite.issuedDocuments;
export let documentCounters = sqlite.documentCounters;
export let productKeys = sqlite.productKeys;
export let supportTickets = sqlite.supportTickets;
export let supportMessages = sqlite.supportMessages;
export let reviews = sqlite.reviews;
export let processedEvents = sqlite.processedEvents;
export let passwordResets = sqlite.passwordResets;
export let emails = sqlite.emails;
export let auditLog = sqlite.auditLog;
export let renewalReminders = sqlite.renewalReminders;
export let emailChanges = sqlite.emailChanges;
export let addressConfirmations = sqlite.addressConfirmations;
export let buyerRefunds = sqlite.buyerRefunds;
export let demoPaymentIntents = sqlite.demoPaymentIntents;
export let planPrices = sqlite.planPrices;
export let promotionCodes = sqlite.promotionCodes;
export let checkouts = sqlite.checkouts;
export let refundRequests = sqlite.refundRequests;
export let booksDaily = sqlite.booksDaily;
export let productKeyCounts = sqlite.productKeyCounts;
export let appSettings = sqlite.appSettings;
export let leaseKeys = sqlite.leaseKeys;
export let backupRuns = sqlite.backupRuns;
export let webhookEndpoints = sqlite.webhookEndpoints;
export let webhookDeliveries = sqlite.webhookDeliveries;
export let accountRecords = sqlite.accountRecords;

export type {
  User,
  BackupRun,
  Subscription,
  ProductKey,
  Sale,
  CreditNote,
  IssuedDocument,
  SupportTicket,
  SupportMessage,
  Review,
  Email,
  LeaseKey,
  AuditEntry,
  EmailChange,
  AddressConfirmation,
  BuyerRefund,
  BooksDay,
  DemoPaymentIntent,
  PlanPrice,
  PromotionCode,
  Checkout,
  RefundRequest,
  WebhookEndpoint,
  WebhookDelivery,
  AccountRecord,
} from "./sqlite/schema";

/** The engine whose tables are bound now. */
export function engineTables(): Engine {
  return engine;
}

/** Rebinds every table to `to`'s form; PostgreSQL's schema module is passed in, loaded only when used. */
export function useEngineTables(to: "sqlite"): void;
export function useEngineTables(to: "postgres", tables: typeof postgres): void;
export function useEngineTables(to: Engine, tables?: typeof postgres): void {
  if (to === engine) return;
  engine = to;
  const from = (to === "postgres" ? tables : sqlite) as unknown as typeof sqlite;
  users = from.users;
  subscriptions = from.subscriptions;
  sales = from.sales;
  creditNotes = from.creditNotes;
  issuedDocuments = from.issuedDocuments;
  documentCounters = from.documentCounters;
  productKeys = from.productKeys;
  supportTickets = from.supportTickets;
  supportMessages = from.supportMessages;
  reviews = from.reviews;
  processedEvents = from.processedEvents;
  passwordResets = from.passwordResets;
  emails = from.emails;
  auditLog = from.auditLog;
  renewalReminders = from.renewalReminders;
  emailChanges = from.emailChanges;
  addressConfirmations = from.addressConfirmations;
  buyerRefunds = from.buyerRefunds;
  demoPaymentIntents = from.demoPaymentIntents;
  planPrices = from.planPrices;
  promotionCodes = from.promotionCodes;
  checkouts = from.checkouts;
  refundRequests = from.refundRequests;
  booksDaily = from.booksDaily;
  productKeyCounts = from.productKeyCounts;
  appSettings = from.appSettings;
  leaseKeys = from.leaseKeys;
  backupRuns = from.backupRuns;
  webhookEndpoints = from.webhookEndpoints;
  webhookDeliveries = from.webhookDeliveries;
  accountRecords = from.accountRecords;
}
