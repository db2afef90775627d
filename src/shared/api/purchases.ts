/** The buyer's purchases (dashboard → Purchases) and the self-service refund of one. */
import { t, type Static } from "./type-system";
import { Int, IsoDate, IsoDateOrNull, oneOf, PlanId } from "./common";

export const PURCHASE_STATUSES = ["paid", "partly refunded", "refunded", "disputed"] as const;
export const REFUND_REQUEST_STATUSES = ["processing", "pending", "refunded", "declined", "failed"] as const;
/** Why a purchase can't be refunded by its buyer: a stable code beside the sentence. */
export const REFUND_REFUSAL_CODES = [
  "REFUNDS_OFF",
  "ALREADY_REFUNDED",
  "REQUESTED",
  "DECLINED",
  "REQUEST_CLOSED",
  "DISPUTED",
  "PARTLY_REFUNDED",
  "WINDOW_OVER",
  "ON_ACCOUNT",
] as const;
export type RefundRefusalCode = (typeof REFUND_REFUSAL_CODES)[number];

/** 409 when the buyer can't refund the purchase: the sentence, and why as a stable code. */
export const RefundRefusedError = t.Object(
  {
    error: t.String({ description: "REFUND_NOT_POSSIBLE" }),
    message: t.String(),
    reason: t.Optional(oneOf(REFUND_REFUSAL_CODES, { description: "Why, as a stable code" })),
    days: t.Optional(Int({ description: "The refund window in days, which WINDOW_OVER's sentence names" })),
  },
  { title: "RefundRefusedError" },
);
const reasonCode = t.Nullable(
  oneOf(REFUND_REFUSAL_CODES, { description: "Why not, as a stable code (the sentence's); null when available" }),
);

const dollars = (description: string) => t.Number({ description: `${description}, in dollars with cents precision` });

const purchase = t.Object({
  id: Int({ description: "The sale's id" }),
  date: IsoDate,
  kind: oneOf(["purchase", "renewal", "added-seats"], {
    description:
      "renewal: paid from the dashboard and applied at once; added-seats: more seats for the running subscription (no key)",
  }),
  plan: PlanId,
  planName: t.String(),
  amount: dollars("What was paid"),
  refunded: dollars("Refunded so far"),
  tax: t.Nullable(dollars("Tax included in the amount; null where tax is not collected")),
  reverseCharge: t.Boolean({
    description: "A business buyer's reverse charge: no tax charged, the buyer accounts for it",
  }),
  status: oneOf(PURCHASE_STATUSES),
  productKey: t.Nullable(t.String({ description: "null once a refunded key nobody used was cancelled" })),
  keyUsed: t.Boolean(),
  invoiceNumber: t.Nullable(
    t.String({ description: "The invoice's number, e.g. LL-2026-000123; null for a sale never fulfilled" }),
  ),
  invoiceUrl: t.Nullable(t.String({ description: "Signed path to the invoice PDF (opens without a Bearer token)" })),
  creditNoteNumber: t.Nullable(t.String({ description: "The newest credit note's number; null before a refund" })),
  creditNoteUrl: t.Nullable(
    t.String({ description: "Signed path to the newest credit note PDF; null before a refund" }),
  ),
  refund: t.Object({
    /** True when Request refund is offered. */
    available: t.Boolean(),
    /** Why not, as a sentence; null when available. */
    reason: t.Nullable(t.String()),
    reasonCode,
    /** The end of the refund window. */
    until: IsoDateOrNull,
    request: t.Nullable(oneOf(REFUND_REQUEST_STATUSES)),
  }),
});

export const PurchasesModel = {
  purchase,
  list: t.Object({
    purchases: t.Array(purchase),
    refundWindowDays: Int({ description: "0 when self-service refunds are off" }),
    selfServiceRefunds: oneOf(["auto", "request"]),
  }),
  refundAnswer: t.Object({
    outcome: oneOf(["refunded", "requested"]),
    message: t.String(),
    purchase,
  }),
};

export type PurchaseView = Static<typeof purchase>;
export type PurchasesResponse = Static<typeof PurchasesModel.list>;
export type RefundAnswer = Static<typeof PurchasesModel.refundAnswer>;

const refundRequest = t.Object({
  id: Int(),
  saleId: Int(),
  status: oneOf(REFUND_REQUEST_STATUSES),
  email: t.String({ description: "The address that paid" }),
  plan: PlanId,
  amount: dollars("What was paid"),
  purchasedAt: IsoDate,
  createdAt: IsoDate,
  decidedAt: IsoDateOrNull,
});

export const RefundRequestModel = {
  view: refundRequest,
  list: t.Array(refundRequest),
};

export type RefundRequestView = Static<typeof refundRequest>;

/** GET /api/refund-link?key=…: the purchase a product-key e-mail's refund link is for. */
export const RefundLinkModel = {
  query: t.Object({
    key: t.String({
      minLength: 1,
      maxLength: 64,
      error: "The refund link is incomplete. Please open it again from your product-key e-mail.",
    }),
  }),
  body: t.Object({
    key: t.String({
      minLength: 1,
      maxLength: 64,
      error: "The refund link is incomplete. Please open it again from your product-key e-mail.",
    }),
  }),
  view: t.Object({
    planName: t.String(),
    amount: dollars("What was paid"),
    date: IsoDate,
    status: oneOf(["paid", "refunded", "disputed"]),
    available: t.Boolean(),
    reason: t.Nullable(t.String()),
    reasonCode,
    /** The refund window in days, which WINDOW_OVER's sentence names. */
    refundWindowDays: Int(),
    until: IsoDateOrNull,
    selfServiceRefunds: oneOf(["auto", "request"]),
    onAccount: t.Boolean({ description: "The key is on an account: it is refunded from that account's Purchases" }),
  }),
  answer: t.Object({ outcome: oneOf(["refunded", "requested"]), message: t.String() }),
};

export type RefundLinkView = Static<typeof RefundLinkModel.view>;
export type RefundLinkAnswer = Static<typeof RefundLinkModel.answer>;
