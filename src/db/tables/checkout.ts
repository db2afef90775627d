/** The price list, promotion codes, the checkouts started with them, and the demo payment provider's intents. */
import { PLAN_IDS } from "@shared/plans";
import type { Columns, Referenced } from "./columns";
import { SALE_KINDS } from "@shared/seats";
import { SITE_LANGUAGES } from "@shared/languages";

export function checkoutTables(b: Columns) {
  const planPrices = planPricesTable(b);
  const promotionCodes = promotionCodesTable(b);
  const checkouts = checkoutsTable(b, { promotionCodes });
  const demoPaymentIntents = demoPaymentIntentsTable(b);
  return { planPrices, promotionCodes, checkouts, demoPaymentIntents };
}

/**
 * The price list (docs/architecture.md#plans-and-prices): what each plan costs now. The plans themselves
 * (id, name, length) are code in src/shared/plans.ts; a migration seeds the launch prices.
 */
function planPricesTable(b: Columns) {
  return b.table("plan_prices", {
    plan: b.text("plan", { enum: PLAN_IDS }).primaryKey(),
    priceCents: b.int("price_cents").notNull(),
    /** The struck-through "was" price; null when the plan is not on sale. */
    compareAtCents: b.int("compare_at_cents"),
    badge: b.text("badge"),
    visible: b.bool("visible").notNull().default(true),
    updatedAt: b.ms("updated_at").notNull(),
  });
}

function promotionCodesTable(b: Columns) {
  return b.table("promotion_codes", {
    id: b.id("id"),
    /** Stored upper-case: codes are case-insensitive. */
    code: b.text("code").notNull().unique(),
    /** Exactly one of percentOff (1–100) and amountOffCents is set. */
    percentOff: b.int("percent_off"),
    amountOffCents: b.int("amount_off_cents"),
    /** The plans it applies to; null = every plan. */
    plans: b.json<(typeof PLAN_IDS)[number][]>("plans"),
    startsAt: b.ms("starts_at"),
    endsAt: b.ms("ends_at"),
    maxRedemptions: b.int("max_redemptions"),
    oncePerBuyer: b.bool("once_per_buyer").notNull().default(false),
    active: b.bool("active").notNull().default(true),
    createdAt: b.ms("created_at").notNull(),
  });
}

/**
 * A payment started: the quote fixed into it when it was created, so a later price change never alters
 * it, and the promotion use it holds. 'reserved' counts against the code's limit until the payment is
 * 'paid' or 'released' (cancelled, failed to start, or expired unpaid).
 */
function checkoutsTable(b: Columns, { promotionCodes }: Record<"promotionCodes", Referenced>) {
  return b.table(
    "checkouts",
    {
      id: b.id("id"),
      /** Set once the provider made the intent (free orders get a `free_…` id). */
      paymentIntentId: b.text("payment_intent_id").unique(),
      /** A free order's own client secret: the browser that placed it shows it to see the key (no provider holds one). */
      clientSecret: b.text("client_secret"),
      plan: b.text("plan", { enum: PLAN_IDS }).notNull(),
      email: b.text("email").notNull(),
      /** The account a dashboard renewal is for. */
      accountId: b.int("account_id"),
      listPriceCents: b.int("list_price_cents").notNull(),
      discountCents: b.int("discount_cents").notNull().default(0),
      /** How many people the purchase licenses (1–100); listPriceCents is the plan's price times this. */
      seats: b.int("seats").notNull().default(1),
      /**
       * What is bought: a plan ('purchase', a renewal too), or 'added-seats': `seats` more seats for the account's
       * running subscription (accountId), priced to the days left of it (checkout/quote.ts).
       */
      kind: b.text("kind", { enum: SALE_KINDS }).notNull().default("purchase"),
      promotionCodeId: b.int("promotion_code_id").references(() => promotionCodes.id),
      promotionCode: b.text("promotion_code"),
      subtotalCents: b.int("subtotal_cents").notNull(),
      taxCents: b.int("tax_cents").notNull().default(0),
      totalCents: b.int("total_cents").notNull(),
      currency: b.text("currency").notNull().default("usd"),
      status: b
        .text("status", { enum: ["reserved", "paid", "released"] })
        .notNull()
        .default("reserved"),
      createdAt: b.ms("created_at").notNull(),
      /** An unpaid reservation stops counting at this time (its intent is then cancelled). */
      expiresAt: b.ms("expires_at").notNull(),
      releasedAt: b.ms("released_at"),
      /** What the buyer said at checkout, copied onto the sale when it is paid: see sales. */
      companyName: b.text("company_name"),
      companyAddress: b.text("company_address"),
      /** A business tax ID given with tax off (with tax on it travels in the intent's tax metadata). */
      taxId: b.text("tax_id"),
      withdrawalConsentAt: b.ms("withdrawal_consent_at"),
      withdrawalConsentVersion: b.text("withdrawal_consent_version"),
      /** The language the checkout was shown in (a site language tag), copied onto the sale. */
      language: b.text("language", { enum: SITE_LANGUAGES }).notNull().default("en"),
    },
    (t) => [
      b.index("checkouts_code_status_idx").on(t.promotionCodeId, t.status),
      b.index("checkouts_status_expiry_idx").on(t.status, t.expiresAt),
      b.index("checkouts_email_idx").on(t.email),
    ],
  );
}

/** Payment intents of the demo provider (development only); Stripe keeps its own. */
function demoPaymentIntentsTable(b: Columns) {
  return b.table("demo_payment_intents", {
    id: b.text("id").primaryKey(),
    clientSecret: b.text("client_secret").notNull().unique(),
    amountCents: b.int("amount_cents").notNull(),
    currency: b.text("currency").notNull().default("usd"),
    status: b
      .text("status", { enum: ["requires_payment_method", "succeeded", "canceled"] })
      .notNull()
      .default("requires_payment_method"),
    metadata: b.json<Record<string, string>>("metadata").notNull(),
    receiptEmail: b.text("receipt_email"),
    idempotencyKey: b.text("idempotency_key").unique(),
    amountRefunded: b.int("amount_refunded").notNull().default(0),
    /** Idempotency keys of the refunds made, so the same key never refunds twice. */
    refundKeys: b.json<string[]>("refund_keys").notNull().default([]),
    createdAt: b.ms("created_at").notNull(),
  });
}
