/** Sales and what follows them: invoices, credit notes, product keys, refunds and the books kept from them. */
import { PLAN_IDS } from "@shared/plans";
import type { Columns, Referenced } from "./columns";
import { SALE_KINDS } from "@shared/seats";
import { SITE_LANGUAGES } from "@shared/languages";

export function salesTables(b: Columns, { users }: Record<"users", Referenced>) {
  const sales = salesTable(b);
  const creditNotes = creditNotesTable(b, { sales });
  const issuedDocuments = issuedDocumentsTable(b, { sales });
  const documentCounters = documentCountersTable(b);
  const productKeys = productKeysTable(b, { users, sales });
  const buyerRefunds = buyerRefundsTable(b, { sales, users });
  const refundRequests = refundRequestsTable(b, { sales });
  const booksDaily = booksDailyTable(b);
  const productKeyCounts = productKeyCountsTable(b);
  return {
    sales,
    creditNotes,
    issuedDocuments,
    documentCounters,
    productKeys,
    buyerRefunds,
    refundRequests,
    booksDaily,
    productKeyCounts,
  };
}

function salesTable(b: Columns) {
  return b.table(
    "sales",
    {
      id: b.id("id"),
      paymentIntentId: b.text("payment_intent_id").notNull().unique(),
      email: b.text("email").notNull(),
      plan: b.text("plan", { enum: PLAN_IDS }).notNull(),
      amountCents: b.int("amount_cents").notNull(),
      feeCents: b.int("fee_cents").notNull().default(0),
      /** Cents refunded so far by partial refunds (a full refund makes the sale 'refunded'). */
      refundedCents: b.int("refunded_cents").notNull().default(0),
      currency: b.text("currency").notNull().default("usd"),
      status: b
        .text("status", { enum: ["paid", "refunded", "disputed"] })
        .notNull()
        .default("paid"),
      productKeyId: b.int("product_key_id"),
      /**
       * The unused key a refund deleted (productKeyId is then null): the product-key e-mail's refund link carries it,
       * so the link still finds its purchase and says it was refunded.
       */
      refundedKey: b.text("refunded_key").unique(),
      /** The card provider's dispute (chargeback) of this payment, if any, as the provider last reported it. */
      disputeId: b.text("dispute_id"),
      disputeStatus: b.text("dispute_status"),
      disputeAmountCents: b.int("dispute_amount_cents"),
      disputeFeeCents: b.int("dispute_fee_cents"),
      disputedAt: b.ms("disputed_at"),
      disputeClosedAt: b.ms("dispute_closed_at"),
      /** A renewal bought from the dashboard: the account its key was applied to (null for a purchase by e-mail). */
      renewalUserId: b.int("renewal_user_id"),
      /** The promotion code the buyer used (as the code was written when the sale was made), and the cents it took off. */
      promotionCode: b.text("promotion_code"),
      discountCents: b.int("discount_cents").notNull().default(0),
      /** How many people the purchase licenses (1–100), as fixed into its checkout; its one product key carries them all. */
      seats: b.int("seats").notNull().default(1),
      /** How many of those seats a partial refund gave back (they ended); the account pays for the rest. */
      refundedSeats: b.int("refunded_seats").notNull().default(0),
      /**
       * 'purchase' (a plan, with its product key) or 'added-seats': `seats` more seats for the running subscription of
       * the account in renewalUserId, with no key (docs/accounts.md#seats).
       */
      kind: b.text("kind", { enum: SALE_KINDS }).notNull().default("purchase"),
      /** The invoice (LL-YYYY-NNNNNN), numbered without gaps per year in the fulfilment's transaction; null for a sale never fulfilled. */
      invoiceNumber: b.text("invoice_number").unique(),
      /** The buyer's billing country (ISO 3166-1 alpha-2) and postal code, as given at checkout: the evidence of the place of supply. */
      country: b.text("country"),
      postalCode: b.text("postal_code"),
      /** The business tax ID the buyer gave, and its type as the tax provider knows it (eu_vat, gb_vat…). */
      taxId: b.text("tax_id"),
      taxIdType: b.text("tax_id_type"),
      /** Tax in cents contained in amountCents (0 with tax off); refundedTaxCents is the part of it given back by credit notes. */
      taxCents: b.int("tax_cents").notNull().default(0),
      refundedTaxCents: b.int("refunded_tax_cents").notNull().default(0),
      /** The rate as a decimal string ("19.0"), its name ("VAT"), the jurisdiction's country, and why (standard_rated, reverse_charge, not_collecting…). */
      taxRate: b.text("tax_rate"),
      taxName: b.text("tax_name"),
      taxCountry: b.text("tax_country"),
      taxReason: b.text("tax_reason"),
      /** The tax calculation the price came from, and the tax transaction recorded from it once paid (null until recorded). */
      taxCalculationId: b.text("tax_calculation_id"),
      taxTransactionId: b.text("tax_transaction_id"),
      /** A business buyer's company name and address, as given at checkout (printed on the invoice); null for a person. */
      companyName: b.text("company_name"),
      companyAddress: b.text("company_address"),
      /**
       * When the buyer agreed to immediate supply and to losing the 14-day right of withdrawal, and the version of
       * the wording they agreed to (src/shared/withdrawal.ts); null when checkout did not ask.
       */
      withdrawalConsentAt: b.ms("withdrawal_consent_at"),
      withdrawalConsentVersion: b.text("withdrawal_consent_version"),
      /** The language the buyer saw the checkout in (its consent wording included), a site language tag; 'en' before it was kept. */
      language: b.text("language", { enum: SITE_LANGUAGES }).notNull().default("en"),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [
      b.index("sales_created_idx").on(t.createdAt),
      b.index("sales_email_idx").on(t.email),
      b.index("sales_renewal_user_idx").on(t.renewalUserId),
    ],
  );
}

/** One per refund (full or partial, any path): what was given back, numbered like invoices, referring to the sale's invoice. */
function creditNotesTable(b: Columns, { sales }: Record<"sales", Referenced>) {
  return b.table(
    "credit_notes",
    {
      id: b.id("id"),
      number: b.text("number").notNull().unique(),
      saleId: b
        .int("sale_id")
        .notNull()
        .references(() => sales.id),
      /** Cents given back, tax included, and the tax part of it. */
      amountCents: b.int("amount_cents").notNull(),
      taxCents: b.int("tax_cents").notNull().default(0),
      /** The reversal of the sale's tax transaction, once recorded with the tax provider. */
      taxReversalId: b.text("tax_reversal_id"),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.index("credit_notes_sale_idx").on(t.saleId), b.index("credit_notes_created_idx").on(t.createdAt)],
  );
}

/**
 * What an invoice or credit note said when it was issued (its DocumentContent as JSON), written in the
 * transaction that gave it its number: a later download renders this, whatever changed since.
 */
function issuedDocumentsTable(b: Columns, { sales }: Record<"sales", Referenced>) {
  return b.table(
    "issued_documents",
    {
      number: b.text("number").primaryKey(),
      saleId: b
        .int("sale_id")
        .notNull()
        .references(() => sales.id),
      content: b.text("content").notNull(),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.index("issued_documents_sale_idx").on(t.saleId)],
  );
}

/** The last number given per document kind ('invoice', 'credit-note') and year: bumped inside the transaction that uses it. */
function documentCountersTable(b: Columns) {
  return b.table(
    "document_counters",
    {
      kind: b.text("kind").notNull(),
      year: b.int("year").notNull(),
      last: b.int("last").notNull(),
    },
    (t) => [b.uniqueIndex("document_counters_kind_year").on(t.kind, t.year)],
  );
}

function productKeysTable(b: Columns, { users, sales }: Record<"users" | "sales", Referenced>) {
  return b.table(
    "product_keys",
    {
      id: b.id("id"),
      key: b.text("key").notNull().unique(),
      plan: b.text("plan", { enum: PLAN_IDS }).notNull(),
      isUsed: b.bool("is_used").notNull().default(false),
      usedByUserId: b.int("used_by_user_id").references(() => users.id, { onDelete: "set null" }),
      usedAt: b.ms("used_at"),
      source: b.text("source", { enum: ["purchase", "admin", "cli"] }).notNull(),
      saleId: b.int("sale_id").references(() => sales.id, { onDelete: "set null" }),
      /** The seats redeeming this key gives the account (a purchase's seat count; 1 for keys made by hand). */
      seats: b.int("seats").notNull().default(1),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [
      b.index("product_keys_created_idx").on(t.createdAt),
      b.index("product_keys_used_by_idx").on(t.usedByUserId),
    ],
  );
}

/**
 * A buyer's refund of their own purchase under the guarantee (dashboard → Purchases): one per sale (the unique index is
 * what lets ten parallel requests refund once). 'pending' waits for an admin; 'refunded' is done.
 */
function buyerRefundsTable(b: Columns, { sales, users }: Record<"sales" | "users", Referenced>) {
  return b.table(
    "buyer_refunds",
    {
      id: b.id("id"),
      saleId: b
        .int("sale_id")
        .notNull()
        .references(() => sales.id),
      /** The account that asked; null when asked through the e-mailed link, or once the account is deleted. */
      userId: b.int("user_id").references(() => users.id, { onDelete: "set null" }),
      status: b.text("status", { enum: ["processing", "pending", "refunded", "declined", "failed"] }).notNull(),
      reason: b.text("reason"),
      decidedByUserId: b.int("decided_by_user_id"),
      decidedAt: b.ms("decided_at"),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.uniqueIndex("buyer_refunds_sale_once").on(t.saleId), b.index("buyer_refunds_status_idx").on(t.status)],
  );
}

/**
 * Refunds asked for (admin panel, later the buyer's own request), kept 24 hours: the caller's
 * Idempotency-Key and what it asked, so a retry answers the first result and moves no money, and an
 * identical refund sent without a key soon after is caught. `providerKey` is what the provider is
 * sent, fixed when the request is first seen, so a retry can never make a new one.
 */
function refundRequestsTable(b: Columns, { sales }: Record<"sales", Referenced>) {
  return b.table(
    "refund_requests",
    {
      id: b.id("id"),
      /** The caller's Idempotency-Key, null when it sent none. */
      idempotencyKey: b.text("idempotency_key").unique(),
      saleId: b
        .int("sale_id")
        .notNull()
        .references(() => sales.id, { onDelete: "cascade" }),
      /** What was asked: cents, or null for "whatever is left". A key reused with anything else is refused. */
      requestedCents: b.int("requested_cents"),
      /** The cents this request refunds (the remainder resolved when it was made). */
      amountCents: b.int("amount_cents").notNull(),
      /** The seats of the sale this request refunds (they end with it); null for none. */
      seats: b.int("seats"),
      /** When its seats were recorded as refunded: once, however often the request is tried again. */
      seatsRecordedAt: b.ms("seats_recorded_at"),
      providerKey: b.text("provider_key").notNull().unique(),
      status: b.text("status", { enum: ["pending", "done", "failed"] }).notNull(),
      /** The answer given when it was done, replayed for the same key. */
      answer: b.json<unknown>("answer"),
      actorUserId: b.int("actor_user_id"),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [
      b.index("refund_requests_sale").on(t.saleId, t.createdAt),
      b.index("refund_requests_created").on(t.createdAt),
    ],
  );
}

/**
 * The books by day (UTC) and plan, so totals and charts never read every sale. Kept by triggers on `sales`
 * (SQLite's drizzle/0009_books_triggers.sql, PostgreSQL's drizzle/postgres/0001_books_triggers.sql), in the
 * same transaction as every insert, update or delete of a sale, whatever code makes it; `layerlift books check` rebuilds it from the sales and compares.
 * Each sale's money is counted as src/features/daily-ledger/money.ts defines it.
 */
function booksDailyTable(b: Columns) {
  return b.table(
    "books_daily",
    {
      /** The UTC day's start, in ms. */
      day: b.ms("day").notNull(),
      plan: b.text("plan", { enum: PLAN_IDS }).notNull(),
      sales: b.int("sales").notNull().default(0),
      paidCount: b.int("paid_count").notNull().default(0),
      refundCount: b.int("refund_count").notNull().default(0),
      disputeCount: b.int("dispute_count").notNull().default(0),
      grossCents: b.wide("gross_cents").notNull().default(0),
      feeCents: b.wide("fee_cents").notNull().default(0),
      refundedCents: b.wide("refunded_cents").notNull().default(0),
      disputedCents: b.wide("disputed_cents").notNull().default(0),
      /** Tax the day's paid sales still hold (daily-ledger/money.ts); net is without it. */
      taxCents: b.wide("tax_cents").notNull().default(0),
      netCents: b.wide("net_cents").notNull().default(0),
    },
    (t) => [b.primaryKey({ columns: [t.day, t.plan] })],
  );
}

/**
 * Product keys by plan, kept by triggers on `product_keys` like the books, for the overview's counts: all of them,
 * those not used, and those available to hand out (neither used nor bought: no sale holds them).
 */
function productKeyCountsTable(b: Columns) {
  return b.table("product_key_counts", {
    plan: b.text("plan", { enum: PLAN_IDS }).primaryKey(),
    total: b.int("total").notNull().default(0),
    unused: b.int("unused").notNull().default(0),
    available: b.int("available").notNull().default(0),
  });
}
