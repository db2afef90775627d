/**
 * The whole database schema, SQLite form (docs/architecture.md#data; its PostgreSQL twin is src/db/postgres/schema.ts). Migrations in drizzle/ are generated from this file
 * with `npm run db:generate`; never edit them by hand.
 * Money is integer cents; times are integer milliseconds since the epoch (UTC).
 */

import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLAN_IDS } from "@shared/plans";
import type { AuditAction } from "@shared/audit-actions";
import { REMINDER_KINDS } from "@shared/reminders";
import { TICKET_STATUSES } from "@shared/support";

const ms = (name: string) => integer(name);
const bool = (name: string) => integer(name, { mode: "boolean" });

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: bool("is_admin").notNull().default(false),
    /** The plugin key (`ll_…`): the API still calls it figmaKey, and the column keeps its first name. */
    pluginKey: text("figma_key").unique(),
    linkedRobloxAccountId: text("linked_roblox_account_id"),
    linkedAt: ms("linked_at"),
    lastLinkResetAt: ms("last_link_reset_at"),
    lastMismatchAlertAt: ms("last_mismatch_alert_at"),
    notifications: bool("notifications").notNull().default(true),
    autoSync: bool("auto_sync").notNull().default(true),
    theme: text("theme").notNull().default("dark"),
    /**
     * Whether the user ever chose `theme` (in Settings, or with the theme control while signed in). Until then the
     * account has no theme of its own and the browser keeps the one its visitor picked (or the site's default).
     */
    themeChosen: bool("theme_chosen").notNull().default(false),
    language: text("language").notNull().default("en"),
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: ms("created_at").notNull(),
    lastSeenAt: ms("last_seen_at"),
    /**
     * When a link sent to `email` was followed (sign-up's confirmation, or an e-mail change); null = not proven.
     * Until then nothing is the account's because of its address alone (docs/accounts.md#a-proven-address).
     */
    emailConfirmedAt: ms("email_confirmed_at"),
    /** When the one-time invitation to confirm went out (`layerlift accounts invite-unconfirmed`); null = never. */
    confirmationInvitedAt: ms("confirmation_invited_at"),
  },
  (t) => [index("users_last_seen_idx").on(t.lastSeenAt), index("users_created_idx").on(t.createdAt)],
);

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    status: text("status", { enum: ["active", "cancelled", "expired"] })
      .notNull()
      .default("active"),
    startDate: ms("start_date").notNull(),
    /** null = lifetime */
    endDate: ms("end_date"),
    cancelledAt: ms("cancelled_at"),
    /** Set while a payment for this subscription is disputed: access is on hold and its time stops counting. */
    suspendedAt: ms("suspended_at"),
  },
  (t) => [index("subscriptions_end_idx").on(t.endDate)],
);

export const sales = sqliteTable(
  "sales",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentIntentId: text("payment_intent_id").notNull().unique(),
    email: text("email").notNull(),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    /** Cents refunded so far by partial refunds (a full refund makes the sale 'refunded'). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: ["paid", "refunded", "disputed"] })
      .notNull()
      .default("paid"),
    productKeyId: integer("product_key_id"),
    /** The card provider's dispute (chargeback) of this payment, if any, as the provider last reported it. */
    disputeId: text("dispute_id"),
    disputeStatus: text("dispute_status"),
    disputeAmountCents: integer("dispute_amount_cents"),
    disputeFeeCents: integer("dispute_fee_cents"),
    disputedAt: ms("disputed_at"),
    disputeClosedAt: ms("dispute_closed_at"),
    /** A renewal bought from the dashboard: the account its key was applied to (null for a purchase by e-mail). */
    renewalUserId: integer("renewal_user_id"),
    /** The promotion code the buyer used (as the code was written when the sale was made), and the cents it took off. */
    promotionCode: text("promotion_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    /** The invoice (LL-YYYY-NNNNNN), numbered without gaps per year in the fulfilment's transaction; null for a sale never fulfilled. */
    invoiceNumber: text("invoice_number").unique(),
    /** The buyer's billing country (ISO 3166-1 alpha-2) and postal code, as given at checkout: the evidence of the place of supply. */
    country: text("country"),
    postalCode: text("postal_code"),
    /** The business tax ID the buyer gave, and its type as the tax provider knows it (eu_vat, gb_vat…). */
    taxId: text("tax_id"),
    taxIdType: text("tax_id_type"),
    /** Tax in cents contained in amountCents (0 with tax off); refundedTaxCents is the part of it given back by credit notes. */
    taxCents: integer("tax_cents").notNull().default(0),
    refundedTaxCents: integer("refunded_tax_cents").notNull().default(0),
    /** The rate as a decimal string ("19.0"), its name ("VAT"), the jurisdiction's country, and why (standard_rated, reverse_charge, not_collecting…). */
    taxRate: text("tax_rate"),
    taxName: text("tax_name"),
    taxCountry: text("tax_country"),
    taxReason: text("tax_reason"),
    /** The tax calculation the price came from, and the tax transaction recorded from it once paid (null until recorded). */
    taxCalculationId: text("tax_calculation_id"),
    taxTransactionId: text("tax_transaction_id"),
    /** A business buyer's company name and address, as given at checkout (printed on the invoice); null for a person. */
    companyName: text("company_name"),
    companyAddress: text("company_address"),
    /**
     * When the buyer agreed to immediate supply and to losing the 14-day right of withdrawal, and the version of
     * the wording they agreed to (src/shared/withdrawal.ts); null when checkout did not ask.
     */
    withdrawalConsentAt: ms("withdrawal_consent_at"),
    withdrawalConsentVersion: text("withdrawal_consent_version"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    index("sales_created_idx").on(t.createdAt),
    index("sales_email_idx").on(t.email),
    index("sales_renewal_user_idx").on(t.renewalUserId),
  ],
);

/** One per refund (full or partial, any path): what was given back, numbered like invoices, referring to the sale's invoice. */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    number: text("number").notNull().unique(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    /** Cents given back, tax included, and the tax part of it. */
    amountCents: integer("amount_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    /** The reversal of the sale's tax transaction, once recorded with the tax provider. */
    taxReversalId: text("tax_reversal_id"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("credit_notes_sale_idx").on(t.saleId), index("credit_notes_created_idx").on(t.createdAt)],
);

/**
 * What an invoice or credit note said when it was issued (its DocumentContent as JSON), written in the
 * transaction that gave it its number: a later download renders this, whatever changed since.
 */
export const issuedDocuments = sqliteTable(
  "issued_documents",
  {
    number: text("number").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    content: text("content").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("issued_documents_sale_idx").on(t.saleId)],
);

/** The last number given per document kind ('invoice', 'credit-note') and year: bumped inside the transaction that uses it. */
export const documentCounters = sqliteTable(
  "document_counters",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [uniqueIndex("document_counters_kind_year").on(t.kind, t.year)],
);

export const productKeys = sqliteTable(
  "product_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull().unique(),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    isUsed: bool("is_used").notNull().default(false),
    usedByUserId: integer("used_by_user_id").references(() => users.id, { onDelete: "set null" }),
    usedAt: ms("used_at"),
    source: text("source", { enum: ["purchase", "admin", "cli"] }).notNull(),
    saleId: integer("sale_id").references(() => sales.id, { onDelete: "set null" }),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("product_keys_created_idx").on(t.createdAt), index("product_keys_used_by_idx").on(t.usedByUserId)],
);

export const supportTickets = sqliteTable(
  "support_tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    subject: text("subject", { enum: ["technical", "billing", "feature", "bug"] }),
    /** The sender's first message; the answers that follow are support_messages. */
    message: text("message").notNull(),
    /** open: ours to answer; waiting: answered, waiting for the buyer; closed. */
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    createdAt: ms("created_at").notNull(),
    /** The newest message's time (null: only the first message, at createdAt). */
    lastMessageAt: ms("last_message_at"),
    /**
     * Random, signed into every link to the ticket's page, so a link names this ticket and no other, even
     * one that gets the same id after a restore. Null until the first link is made.
     */
    linkNonce: text("link_nonce"),
  },
  (t) => [
    index("support_tickets_created_idx").on(t.createdAt),
    index("support_tickets_status_idx").on(t.status),
    index("support_tickets_status_created_idx").on(t.status, t.createdAt),
    index("support_tickets_email_idx").on(t.email),
  ],
);

/** The answers in a ticket's thread after its first message, oldest first. */
export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** buyer: the sender, through the ticket's link; support: an admin, from the admin panel. */
    author: text("author", { enum: ["buyer", "support"] }).notNull(),
    /** The admin who wrote a support answer (null for the buyer's, or once that admin's account is gone). */
    adminUserId: integer("admin_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.id)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    /** The name shown with the review; chosen by its author, never derived from the e-mail. */
    displayName: text("display_name"),
    hidden: bool("hidden").notNull().default(false),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("reviews_visible_idx").on(t.hidden, t.createdAt)],
);

/** Provider webhook events already handled, so a redelivery does nothing. */
export const processedEvents = sqliteTable("processed_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: ms("created_at").notNull(),
});

export const passwordResets = sqliteTable("password_resets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tokenHash: text("token_hash").notNull().unique(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ms("expires_at").notNull(),
  usedAt: ms("used_at"),
  createdAt: ms("created_at").notNull(),
});

/** The e-mail outbox: written in the transaction that causes the e-mail, sent by a background loop. */
export const emails = sqliteTable(
  "emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    payload: text("payload", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at"),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    /** The provider's idempotency key: random, so no other e-mail of any database (a restored copy included) shares it. */
    deliveryKey: text("delivery_key"),
    createdAt: ms("created_at").notNull(),
    sentAt: ms("sent_at"),
    /** The sale the e-mail is about (a key, a receipt, a refund): it is the account's that paid for that sale. */
    saleId: integer("sale_id"),
  },
  (t) => [
    index("emails_status_next_idx").on(t.status, t.nextAttemptAt),
    // Covers the health check's count and oldest pending e-mail, whatever ANALYZE's statistics say.
    index("emails_status_created_idx").on(t.status, t.createdAt),
    index("emails_created_idx").on(t.createdAt),
    // An address's e-mails (claimed when it is confirmed), a sale's (claimed when its payer redeems it).
    index("emails_to_idx").on(t.to),
    index("emails_sale_idx").on(t.saleId),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorUserId: integer("actor_user_id"),
    /** The address of a buyer who acted without an account (the refund link in the product-key e-mail). */
    actorEmail: text("actor_email"),
    action: text("action").notNull().$type<AuditAction>(),
    subject: text("subject"),
    detail: text("detail"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * Renewal reminders already queued: one row per subscription, period (its end date) and kind, so a
 * reminder goes out once per period however many times, or on however many servers, the scheduler runs.
 */
export const renewalReminders = sqliteTable(
  "renewal_reminders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    periodEnd: ms("period_end").notNull(),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [uniqueIndex("renewal_reminders_once").on(t.subscriptionId, t.periodEnd, t.kind)],
);

/** A change of an account's e-mail, waiting for the link sent to the new address (only the token's hash is kept). */
export const emailChanges = sqliteTable("email_changes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: ms("expires_at").notNull(),
  usedAt: ms("used_at"),
  createdAt: ms("created_at").notNull(),
});

/**
 * A link that proves the account's address (sent at sign-up, on request from the dashboard, or by the one-time
 * invitation): only the token's hash is kept. It confirms `email` only while that is still the account's address.
 */
export const addressConfirmations = sqliteTable(
  "address_confirmations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ms("expires_at").notNull(),
    usedAt: ms("used_at"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("address_confirmations_user_idx").on(t.userId)],
);

/**
 * A buyer's refund of their own purchase under the guarantee (dashboard → Purchases): one per sale (the unique index is
 * what lets ten parallel requests refund once). 'pending' waits for an admin; 'refunded' is done.
 */
export const buyerRefunds = sqliteTable(
  "buyer_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id),
    /** The account that asked; null when asked through the e-mailed link, or once the account is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["processing", "pending", "refunded", "declined", "failed"] }).notNull(),
    reason: text("reason"),
    decidedByUserId: integer("decided_by_user_id"),
    decidedAt: ms("decided_at"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [uniqueIndex("buyer_refunds_sale_once").on(t.saleId), index("buyer_refunds_status_idx").on(t.status)],
);

/** Payment intents of the demo provider (development only); Stripe keeps its own. */
export const demoPaymentIntents = sqliteTable("demo_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status", { enum: ["requires_payment_method", "succeeded", "canceled"] })
    .notNull()
    .default("requires_payment_method"),
  metadata: text("metadata", { mode: "json" }).notNull().$type<Record<string, string>>(),
  receiptEmail: text("receipt_email"),
  idempotencyKey: text("idempotency_key").unique(),
  amountRefunded: integer("amount_refunded").notNull().default(0),
  /** Idempotency keys of the refunds made, so the same key never refunds twice. */
  refundKeys: text("refund_keys", { mode: "json" }).notNull().default([]).$type<string[]>(),
  createdAt: ms("created_at").notNull(),
});

/**
 * The price list (docs/architecture.md#plans-and-prices): what each plan costs now. The plans themselves
 * (id, name, length) are code in src/shared/plans.ts; a migration seeds the launch prices.
 */
export const planPrices = sqliteTable("plan_prices", {
  plan: text("plan", { enum: PLAN_IDS }).primaryKey(),
  priceCents: integer("price_cents").notNull(),
  /** The struck-through "was" price; null when the plan is not on sale. */
  compareAtCents: integer("compare_at_cents"),
  badge: text("badge"),
  visible: bool("visible").notNull().default(true),
  updatedAt: ms("updated_at").notNull(),
});

export const promotionCodes = sqliteTable("promotion_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Stored upper-case: codes are case-insensitive. */
  code: text("code").notNull().unique(),
  /** Exactly one of percentOff (1–100) and amountOffCents is set. */
  percentOff: integer("percent_off"),
  amountOffCents: integer("amount_off_cents"),
  /** The plans it applies to; null = every plan. */
  plans: text("plans", { mode: "json" }).$type<(typeof PLAN_IDS)[number][]>(),
  startsAt: ms("starts_at"),
  endsAt: ms("ends_at"),
  maxRedemptions: integer("max_redemptions"),
  oncePerBuyer: bool("once_per_buyer").notNull().default(false),
  active: bool("active").notNull().default(true),
  createdAt: ms("created_at").notNull(),
});

/**
 * A payment started: the quote fixed into it when it was created, so a later price change never alters
 * it, and the promotion use it holds. 'reserved' counts against the code's limit until the payment is
 * 'paid' or 'released' (cancelled, failed to start, or expired unpaid).
 */
export const checkouts = sqliteTable(
  "checkouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Set once the provider made the intent (free orders get a `free_…` id). */
    paymentIntentId: text("payment_intent_id").unique(),
    /** A free order's own client secret: the browser that placed it shows it to see the key (no provider holds one). */
    clientSecret: text("client_secret"),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    email: text("email").notNull(),
    /** The account a dashboard renewal is for. */
    accountId: integer("account_id"),
    listPriceCents: integer("list_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    promotionCodeId: integer("promotion_code_id").references(() => promotionCodes.id),
    promotionCode: text("promotion_code"),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: ["reserved", "paid", "released"] })
      .notNull()
      .default("reserved"),
    createdAt: ms("created_at").notNull(),
    /** An unpaid reservation stops counting at this time (its intent is then cancelled). */
    expiresAt: ms("expires_at").notNull(),
    releasedAt: ms("released_at"),
    /** What the buyer said at checkout, copied onto the sale when it is paid: see sales. */
    companyName: text("company_name"),
    companyAddress: text("company_address"),
    /** A business tax ID given with tax off (with tax on it travels in the intent's tax metadata). */
    taxId: text("tax_id"),
    withdrawalConsentAt: ms("withdrawal_consent_at"),
    withdrawalConsentVersion: text("withdrawal_consent_version"),
  },
  (t) => [
    index("checkouts_code_status_idx").on(t.promotionCodeId, t.status),
    index("checkouts_status_expiry_idx").on(t.status, t.expiresAt),
    index("checkouts_email_idx").on(t.email),
  ],
);

/**
 * Refunds asked for (admin panel, later the buyer's own request), kept 24 hours: the caller's
 * Idempotency-Key and what it asked, so a retry answers the first result and moves no money, and an
 * identical refund sent without a key soon after is caught. `providerKey` is what the provider is
 * sent, fixed when the request is first seen, so a retry can never make a new one.
 */
export const refundRequests = sqliteTable(
  "refund_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The caller's Idempotency-Key, null when it sent none. */
    idempotencyKey: text("idempotency_key").unique(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    /** What was asked: cents, or null for "whatever is left". A key reused with anything else is refused. */
    requestedCents: integer("requested_cents"),
    /** The cents this request refunds (the remainder resolved when it was made). */
    amountCents: integer("amount_cents").notNull(),
    providerKey: text("provider_key").notNull().unique(),
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull(),
    /** The answer given when it was done, replayed for the same key. */
    answer: text("answer", { mode: "json" }).$type<unknown>(),
    actorUserId: integer("actor_user_id"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("refund_requests_sale").on(t.saleId, t.createdAt), index("refund_requests_created").on(t.createdAt)],
);

/**
 * The books by day (UTC) and plan, so totals and charts never read every sale. Kept by SQLite triggers on
 * `sales` (drizzle/0009_books_triggers.sql), in the same transaction as every insert, update or delete of a
 * sale, whatever code makes it; `layerlift books check` rebuilds it from the sales and compares.
 * Each sale's money is counted as src/features/books/money.ts defines it.
 */
export const booksDaily = sqliteTable(
  "books_daily",
  {
    /** The UTC day's start, in ms. */
    day: ms("day").notNull(),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    sales: integer("sales").notNull().default(0),
    paidCount: integer("paid_count").notNull().default(0),
    refundCount: integer("refund_count").notNull().default(0),
    disputeCount: integer("dispute_count").notNull().default(0),
    grossCents: integer("gross_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    disputedCents: integer("disputed_cents").notNull().default(0),
    /** Tax the day's paid sales still hold (books/money.ts); net is without it. */
    taxCents: integer("tax_cents").notNull().default(0),
    netCents: integer("net_cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.plan] })],
);

/** Product keys by plan, kept by triggers on `product_keys` like the books, for the overview's counts. */
export const productKeyCounts = sqliteTable("product_key_counts", {
  plan: text("plan", { enum: PLAN_IDS }).primaryKey(),
  total: integer("total").notNull().default(0),
  unused: integer("unused").notNull().default(0),
});

/** Settings the app keeps for itself, e.g. the development JWT secret. */
export const appSettings = sqliteTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * The Ed25519 keys that sign the plugin's offline leases (docs/plugin-api.md#offline-leases). The highest
 * generation is the current key; older ones stay published at /.well-known/jwks.json until every lease
 * they signed has expired (retired_at + longest_lease_seconds + the servers' key refresh interval).
 */
export const leaseKeys = sqliteTable("lease_keys", {
  /** The public key's RFC 7638 thumbprint, the `kid` of every lease it signs. */
  kid: text("kid").primaryKey(),
  /** 1 for the first key, one more at each rotation; unique, so two servers starting at once create one key. */
  generation: integer("generation").notNull().unique(),
  /** The public JWK (kty OKP, crv Ed25519, x) as JSON. */
  publicJwk: text("public_jwk").notNull(),
  /** The private JWK as JSON; null when LEASE_SIGNING_KEY holds it outside the database. */
  privateJwk: text("private_jwk"),
  createdAt: ms("created_at").notNull(),
  /** When a newer key became current (moved forward while a server still signs with it); null while current. */
  retiredAt: ms("retired_at"),
  /** The longest lease (exp − iat) any server has been set to sign with this key. */
  longestLeaseSeconds: integer("longest_lease_seconds").notNull().default(0),
});

/**
 * The server's scheduled backups and restore drills, one row each once it has finished: when the next
 * one is due, the newest good backup's age and the last drill's result (health, metrics, the admin
 * overview) come from here, so they hold across restarts and any server on the database sees them.
 */
export const backupRuns = sqliteTable(
  "backup_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["backup", "drill"] }).notNull(),
    startedAt: ms("started_at").notNull(),
    finishedAt: ms("finished_at").notNull(),
    ok: bool("ok").notNull(),
    /** The backup made, or the one the drill restored. */
    objectName: text("object_name"),
    /** Backup: its stored size. */
    bytes: integer("bytes"),
    /** Drill: when the backup it restored was taken. */
    backupTakenAt: ms("backup_taken_at"),
    /** Drill: the restored copy's row count per table. */
    rowCounts: text("row_counts", { mode: "json" }).$type<Record<string, number>>(),
    /** What went wrong, one sentence; null when it went well. */
    problem: text("problem"),
  },
  (t) => [index("backup_runs_kind_started_idx").on(t.kind, t.startedAt)],
);

/**
 * The operator's webhook endpoints: where events are sent, which ones, and the signing secret (`whsec_…`).
 * After a rotation the previous secret keeps signing too until `previous_secret_until`, so a receiver
 * that has not switched yet still verifies every delivery.
 */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events", { mode: "json" }).notNull().$type<string[]>(),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousSecretUntil: ms("previous_secret_until"),
  enabled: bool("enabled").notNull().default(true),
  /** Why it was turned off by the site itself (every delivery failing for days); null otherwise. */
  disabledReason: text("disabled_reason"),
  /** Since when every attempt has failed; null while the last attempt succeeded. */
  failingSince: ms("failing_since"),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
});

/**
 * One event for one endpoint: the exact body sent and its `webhook-id`, written in the transaction of the
 * change that caused it, then delivered (and retried) by the webhook sender. A replay is a new row with the
 * same body and `webhook-id`.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at"),
    lastAttemptAt: ms("last_attempt_at"),
    lastResponseStatus: integer("last_response_status"),
    lastResponseBody: text("last_response_body"),
    lastError: text("last_error"),
    createdAt: ms("created_at").notNull(),
    deliveredAt: ms("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_queue_idx").on(t.endpointId, t.status, t.id),
    index("webhook_deliveries_status_next_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Whose a record is (docs/accounts.md#who-owns-a-purchase): written once, when the account proved it, and
 * never recomputed from the account's address, so an address change moves nothing. One row per record, so
 * a record is one account's or nobody's; the account's deletion takes its rows with it.
 */
export const accountRecords = sqliteTable(
  "account_records",
  {
    kind: text("kind", { enum: ["sale", "ticket", "checkout", "email"] }).notNull(),
    recordId: integer("record_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** key: it redeemed the key; renewal: it paid from the dashboard; address: its confirmed address; account: about the account. */
    reason: text("reason", { enum: ["key", "renewal", "address", "account", "sale"] }).notNull(),
    /** A sale the account paid for (its renewal, or bought with its own address): the buyer's details are its own. */
    paid: bool("paid").notNull().default(false),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId] }), index("account_records_user_idx").on(t.userId, t.kind)],
);

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
