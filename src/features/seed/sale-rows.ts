/**
 * The seed's sales: each with its key, the key's e-mail, a credit note when refunded, and the account's
 * record when its buyer redeemed the key.
 */
import { DAY, MINUTE } from "../../lib/clock";
import { PLANS, type PlanId } from "@shared/plans";
import { PRODUCT_KEY_LENGTH } from "@shared/product";
import { code, KEY_ALPHABET, type SeedContext } from "./context";
import type { SeedRow } from "./columns";

/** What the synthetic sales were paid: the launch prices, as the price list's seed migration has them. */
const SEED_PRICE_CENTS: Record<PlanId, number> = { month: 699, pro: 2499, lifetime: 14999 };

const feeOf = (cents: number) => Math.round(cents * 0.029) + 30;

export const PROMOTIONS = [
  { code: "LAUNCH20", percentOff: 20 },
  { code: "FRIEND10", percentOff: 10 },
  { code: "SAVE5", amountOffCents: 500 },
];

export type LastKeys = Map<number, { plan: PlanId; at: number }>;

/**
 * Sales over the years, each with its key; most keys were redeemed by the account of the same buyer.
 * Invoices and credit notes numbered per year without gaps, as src/features/invoices/numbers.ts does.
 * Returns the last number of each kind and year, and the last plan each account redeemed.
 */
export function* salesRows(
  ctx: SeedContext,
): Generator<SeedRow, { counters: Map<string, number>; lastKeyOfUser: LastKeys }> {
  const counters = new Map<string, number>();
  const documentNumber = (kind: "invoice" | "credit-note", at: number) => {
    const year = new Date(at).getUTCFullYear();
    const next = (counters.get(`${kind}|${year}`) ?? 0) + 1;
    counters.set(`${kind}|${year}`, next);
    return `${kind === "invoice" ? "LL" : "LL-CN"}-${year}-${String(next).padStart(6, "0")}`;
  };
  const lastKeyOfUser: LastKeys = new Map();
  for (let s = 0; s < ctx.saleCount; s++) yield* oneSaleRows(ctx, s, documentNumber, lastKeyOfUser);
  return { counters, lastKeyOfUser };
}

type Dispute = [string, number, number, number, number | null];

/** 94% paid, 2% partly refunded, 2.5% refunded, 0.5% open dispute, 0.6% won, 0.4% lost. */
function saleOutcome(ctx: SeedContext, amount: number, created: number) {
  const roll = ctx.random();
  let status = "paid",
    refunded = 0,
    dispute: Dispute | null = null;
  if (roll < 0.02) refunded = Math.round(amount * ctx.pick([0.25, 0.5]));
  else if (roll < 0.045) status = "refunded";
  else if (roll < 0.05) {
    status = "disputed";
    dispute = ["needs_response", amount, 1500, created + 3 * DAY, null];
  } else if (roll < 0.056) dispute = ["won", amount, 1500, created + 3 * DAY, created + 40 * DAY];
  else if (roll < 0.06) {
    status = "refunded";
    dispute = ["lost", amount, 1500, created + 3 * DAY, created + 40 * DAY];
  }
  return { status, refunded, dispute };
}

/** The s-th sale: the sale, its credit note when refunded, its key, the account's record and the key's e-mail. */
function* oneSaleRows(
  ctx: SeedContext,
  s: number,
  documentNumber: (kind: "invoice" | "credit-note", at: number) => string,
  lastKeyOfUser: LastKeys,
): Generator<SeedRow> {
  const { random } = ctx;
  const id = s + 1;
  const created = ctx.at(s, ctx.saleCount);
  const plan = random() < 0.55 ? "month" : random() < 0.75 ? "pro" : "lifetime";
  // One sale in ten used a promotion code; the sale's amount is what was paid after it.
  const promotion = random() < 0.1 ? ctx.pick(PROMOTIONS) : null;
  const discount = promotion
    ? promotion.percentOff
      ? Math.round((SEED_PRICE_CENTS[plan] * promotion.percentOff) / 100)
      : promotion.amountOffCents!
    : 0;
  const amount = SEED_PRICE_CENTS[plan] - discount;
  const buyer = 1 + Math.floor(random() * (ctx.userCount - 1 || 1));
  const { status, refunded, dispute } = saleOutcome(ctx, amount, created);
  const redeemed = status !== "refunded" && random() < 0.8;
  const key = code(id, KEY_ALPHABET, PRODUCT_KEY_LENGTH, ctx.salt);
  const usedAt = redeemed ? created + Math.floor(random() * DAY) : null;
  const to = redeemed ? ctx.email(buyer) : `guest${id}@example.com`;
  yield [
    "sales",
    [
      id,
      `pi_scale_${id}`,
      to,
      plan,
      amount,
      feeOf(amount),
      refunded,
      status,
      id,
      dispute ? `dp_scale_${id}` : null,
      ...(dispute ?? [null, null, null, null, null]),
      created,
      promotion?.code ?? null,
      discount,
      documentNumber("invoice", created),
    ],
  ];
  if (status === "refunded" || refunded > 0) {
    const refundedAt = created + (dispute ? 40 : 2) * DAY;
    yield [
      "credit_notes",
      [documentNumber("credit-note", refundedAt), id, status === "refunded" ? amount : refunded, refundedAt],
    ];
  }
  yield ["product_keys", [id, key, plan, redeemed, redeemed ? buyer : null, usedAt, "purchase", id, created]];
  // The buyer redeemed the key bought with its own address: the sale is its own, paid by it.
  if (redeemed) yield ["account_records", ["sale", id, buyer, "key", true, usedAt]];
  if (redeemed) lastKeyOfUser.set(buyer, { plan, at: created });
  yield keyEmailRow(ctx, { id, to, key, plan, created });
}

/** The e-mail that carried a bought key: sent, except the last few minutes' (pending) and a rare failure. */
function keyEmailRow(
  ctx: SeedContext,
  sale: { id: number; to: string; key: string; plan: PlanId; created: number },
): SeedRow {
  const { id, created } = sale;
  const pending = ctx.now - created < 5 * MINUTE;
  const failed = !pending && ctx.random() < 0.0005;
  return [
    "emails",
    [
      sale.to,
      "product-key",
      "Your Layerlift product key",
      { key: sale.key, plan: sale.plan, planName: PLANS[sale.plan].name },
      pending ? "pending" : failed ? "failed" : "sent",
      failed ? 5 : 1,
      pending || failed ? null : `re_scale_${id}`,
      `dk_scale_${id}`,
      created,
      pending || failed ? null : created + 2_000,
    ],
  ];
}
