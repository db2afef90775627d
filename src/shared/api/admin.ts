import { t, type Static } from "./type-system";
import { KEY_GENERATION_MAX, KEY_GENERATION_MIN } from "../product";
import { BodyInt, emailField, Int, IsoDate, IsoDateOrNull, oneOf, pageQuery, PlanId, planIdField } from "./common";
import { SubscriptionModel } from "./subscriptions";
import { ADMIN_KEY_STATES } from "../key-states";
import { SALE_KINDS } from "../seats";

const money = (description: string) => t.Number({ description: `${description}, in dollars with cents precision` });

const productKey = t.Object({
  _id: Int(),
  key: t.String(),
  plan: PlanId,
  isUsed: t.Boolean(),
  source: oneOf(["purchase", "admin", "cli"]),
  usedAt: IsoDateOrNull,
  createdAt: IsoDate,
});

const adminProductKey = t.Object({
  ...productKey.properties,
  state: oneOf(ADMIN_KEY_STATES),
  buyerEmail: t.Union([t.String(), t.Null()], {
    description: "The e-mail the key's buyer paid with; null for a key nobody bought",
  }),
});

const sale = t.Object({
  _id: Int(),
  amount: money("What the buyer paid"),
  fee: money("The payment provider's fee"),
  refunded: money("Refunded so far: the whole amount for a refunded sale, the refunded part of a partly refunded one"),
  plan: PlanId,
  email: t.String(),
  status: oneOf(["paid", "refunded", "disputed"]),
  promotionCode: t.Nullable(t.String({ description: "The promotion code used, or null" })),
  discount: money("What the promotion code took off the price (not revenue; `amount` is after it)"),
  seats: Int({
    description:
      "How many people the sale licenses (its one product key carries them all); for added seats, how many it added",
  }),
  refundedSeats: Int({ description: "How many of its seats partial refunds gave back (they ended)" }),
  kind: oneOf(SALE_KINDS, {
    description: "purchase: a plan and its product key (a renewal too); added-seats: more seats, no key",
  }),
  createdAt: IsoDate,
  invoiceNumber: t.Nullable(
    t.String({ description: "The sale's invoice, e.g. LL-2026-000123; null for a sale never fulfilled" }),
  ),
  creditNoteNumber: t.Nullable(
    t.String({ description: "The newest credit note of the sale (one per refund), e.g. LL-CN-2026-000004" }),
  ),
  invoiceUrl: t.Nullable(t.String({ description: "Signed link to the invoice PDF" })),
  creditNoteUrl: t.Nullable(t.String({ description: "Signed link to the newest credit note PDF" })),
  country: t.Nullable(t.String({ description: "The buyer's billing country (ISO 3166-1 alpha-2), with tax on" })),
  tax: money("Tax contained in the amount (0 with tax off)"),
  companyName: t.Nullable(
    t.String({ description: "A business buyer's company, as on the invoice; null for a person" }),
  ),
  withdrawalConsentAt: IsoDateOrNull,
  withdrawalConsentVersion: t.Nullable(
    t.String({
      description:
        "When the buyer agreed to immediate supply, losing the 14-day right of withdrawal, and the wording's version; null when checkout did not ask",
    }),
  ),
  language: t.String({
    description:
      "The language the buyer saw the checkout in (and agreed to immediate supply in): en, pt-BR, es, de or fr",
  }),
});

const paidTotals = {
  totalRevenue: money("What buyers paid, less refunds, open disputes and the tax in it (tax collected is not revenue)"),
  adminRevenue: money(
    "Net revenue, the books' one net figure (as the revenue chart and the CSV count it): what buyers paid, less refunds, open disputes, tax and every fee the provider kept, a refunded sale's included",
  ),
  salesCount: Int({ description: "Paid sales" }),
};

/** One account as an operator sees it (never the plugin key itself). */
const user = t.Object({
  id: Int(),
  email: t.String(),
  isAdmin: t.Boolean(),
  subscription: t.Nullable(SubscriptionModel.view),
  linkedRobloxAccountId: t.Nullable(t.String()),
  linkedAt: IsoDateOrNull,
  hasFigmaKey: t.Boolean(),
  seats: Int({ description: "How many seats the account's licence has (1 unless it redeemed a key of several)" }),
  createdAt: IsoDate,
  lastSeenAt: IsoDateOrNull,
});

export const AdminModel = {
  productKey,
  productKeys: t.Array(productKey),
  adminProductKeys: t.Array(adminProductKey),
  productKeysQuery: t.Object({
    ...pageQuery.properties,
    state: t.Optional(oneOf(ADMIN_KEY_STATES)),
  }),
  sale,
  refundHeaders: t.Object({
    "idempotency-key": t.Optional(
      t.String({
        minLength: 1,
        maxLength: 255,
        error: "The Idempotency-Key header must be 1 to 255 characters.",
        description:
          "A key of your choosing, new for each refund you mean to make; a retry with the same key refunds nothing more.",
      }),
    ),
  }),
  refundBody: t.Object({
    amount: t.Optional(
      t.Number({
        exclusiveMinimum: 0,
        maximum: 1_000_000,
        error: "The amount must be a positive number of dollars, e.g. 5.00.",
        description: "Dollars to refund; left out, whatever is left of the sale.",
      }),
    ),
    seats: t.Optional(
      t.Number({
        error: "Seats to end must be a whole number.",
        description:
          "For a sale of several seats: how many of its seats end with this refund, 1 to its seats not refunded yet (else 422 INVALID_SEATS); left out, none (a full refund ends them all).",
      }),
    ),
  }),
  sales: t.Object({ ...paidTotals, sales: t.Array(sale) }),
  overview: t.Object({
    ...paidTotals,
    productKeyCount: Int(),
    availableKeyCount: Int(),
    openTicketCount: Int(),
    refunded: money("Refunded so far: refunded sales and partial refunds (lost disputes included)"),
    refundCount: Int({ description: "Sales refunded in full or in part" }),
    disputed: money("Held back by open disputes"),
    disputeCount: Int({ description: "Open disputes" }),
    recentSales: t.Array(sale),
  }),
  revenueQuery: t.Object({
    days: t.Optional(t.Integer({ minimum: 30, maximum: 90, error: "days must be 30 or 90." })),
  }),
  revenue: t.Object({
    days: t.Array(
      t.Object({
        date: t.String({ description: "The day (UTC), YYYY-MM-DD" }),
        gross: money("What was paid for that day's sales"),
        revenue: money(
          "That day's revenue as the overview's Total Revenue counts it: what was paid, less refunds, open disputes and tax",
        ),
        paidSales: Int({ description: "That day's sales still paid, as the overview's sales count counts them" }),
        net: money(
          "Net revenue of that day's sales: gross minus refunds, open disputes and fees, as in the overview and the CSV",
        ),
        sales: Int(),
      }),
    ),
  }),
  user,
  users: t.Array(user),
  deleted: t.Object({ success: t.Literal(true) }),
  testEmailSent: t.Object({ success: t.Literal(true), emailId: Int(), message: t.String() }),
  generateBody: t.Object({
    plan: planIdField("Plan must be one of month, pro or lifetime."),
    count: BodyInt({
      minimum: KEY_GENERATION_MIN,
      maximum: KEY_GENERATION_MAX,
      error: `Count must be a whole number from ${KEY_GENERATION_MIN} to ${KEY_GENERATION_MAX}.`,
    }),
  }),
  testEmailBody: t.Object({
    email: emailField,
    testKey: t.Optional(t.String({ maxLength: 64, error: "The test key can be at most 64 characters." })),
  }),
  usersQuery: t.Object({
    q: t.Optional(t.String({ maxLength: 254 })),
    limit: pageQuery.properties.limit,
    offset: pageQuery.properties.offset,
    before: pageQuery.properties.before,
  }),
};

export type ProductKeyView = Static<typeof AdminModel.productKey>;
export type AdminProductKeyView = Static<typeof AdminModel.adminProductKeys>[number];
export type { AdminKeyState } from "../key-states";
export type SaleView = Static<typeof AdminModel.sale>;
export type SalesResponse = Static<typeof AdminModel.sales>;
export type AdminOverviewResponse = Static<typeof AdminModel.overview>;
export type AdminUserView = Static<typeof AdminModel.user>;
export type TestEmailResponse = Static<typeof AdminModel.testEmailSent>;
export type GenerateKeysBody = Static<typeof AdminModel.generateBody>;
export type TestEmailBody = Static<typeof AdminModel.testEmailBody>;
export type RefundBody = Static<typeof AdminModel.refundBody>;
export type RevenueResponse = Static<typeof AdminModel.revenue>;
