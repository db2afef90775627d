/**
 * Promotion codes: whether one applies to a purchase, what it takes off, and how many uses it holds.
 * A use is held by a checkout (checkouts.ts) while its payment is reserved and not expired, and for good
 * once it is paid, so counting checkouts is the count: exact after restarts and redelivered webhooks.
 * A buyer has "used" a once-per-buyer code only once they paid with it; an open payment of theirs is
 * in progress, not a use (checkout/open-checkouts.ts gives it back or takes it over).
 */
import { and, count, eq, gt, ne, or } from "drizzle-orm";
import { forUpdate, type Db, type DbOrTx } from "../../db";
import { checkouts, promotionCodes, type PromotionCode } from "../../db/schema";
import { centsToDollars, formatDollars, PLAN_IDS, PLANS, type PlanId } from "@shared/plans";
import type { PromotionLookup } from "@shared/api/pricing";
import { readCatalogue } from "./catalogue";
import { AppError } from "../../lib/errors";
import { fillSentence } from "@shared/sentence";
import { sayInEnglish, type SaySentence } from "@shared/sentence";

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export type PromotionRefusal =
  | "unknown"
  | "not_started"
  | "ended"
  | "used_up"
  | "wrong_plan"
  | "already_used"
  | "in_checkout";

export const REFUSAL_CODES: Record<PromotionRefusal, string> = {
  unknown: "PROMOTION_CODE_UNKNOWN",
  not_started: "PROMOTION_CODE_NOT_STARTED",
  ended: "PROMOTION_CODE_ENDED",
  used_up: "PROMOTION_CODE_USED_UP",
  wrong_plan: "PROMOTION_CODE_NOT_FOR_PLAN",
  already_used: "PROMOTION_CODE_ALREADY_USED",
  in_checkout: "PROMOTION_CODE_IN_CHECKOUT",
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The sentence a buyer reads for each refusal, with `{promotionCode}`, `{planName}` and `{startsOn}` (a UTC day). */
export const REFUSAL_SENTENCES = {
  unknown: "There is no promotion code {promotionCode}. Please check how it is spelled.",
  not_started: "The promotion code {promotionCode} can be used from {startsOn} (UTC).",
  ended: "The promotion code {promotionCode} has ended.",
  used_up: "The promotion code {promotionCode} has been used as many times as it can be.",
  wrong_plan: "The promotion code {promotionCode} is not for the {planName} plan.",
  wrong_plan_unnamed: "The promotion code {promotionCode} is not for the chosen plan.",
  already_used: "You have already used the promotion code {promotionCode}; it can be used once per buyer.",
  in_checkout:
    "A payment with the promotion code {promotionCode} is already open for this address, in another window. Finish or close it there, or try again in a minute.",
} as const;

/** What a refusal's sentence names, to say it in the caller's language. */
export type RefusalValues = { promotionCode: string; planName?: string; startsOn?: string };

/** The refusal's sentence and the values it names. */
export function refusalWords(
  reason: PromotionRefusal,
  code: string,
  promotion?: PromotionCode | null,
  plan?: PlanId,
): { message: string; values: RefusalValues } {
  const values: RefusalValues = { promotionCode: code };
  if (reason === "not_started") values.startsOn = day(promotion!.startsAt!);
  if (reason === "wrong_plan" && plan) values.planName = PLANS[plan].name;
  const sentence = reason === "wrong_plan" && !plan ? REFUSAL_SENTENCES.wrong_plan_unnamed : REFUSAL_SENTENCES[reason];
  return { message: fillSentence(sentence, values), values };
}

export class PromotionCodeRefused extends AppError {
  constructor(
    public reason: PromotionRefusal,
    code: string,
    promotion?: PromotionCode | null,
    plan?: PlanId,
  ) {
    const { message, values } = refusalWords(reason, code, promotion, plan);
    super(422, REFUSAL_CODES[reason], message);
    this.naming(values);
  }
}

export async function findPromotionCode(db: DbOrTx, code: string): Promise<PromotionCode | undefined> {
  const [promotion] = await db
    .select()
    .from(promotionCodes)
    .where(eq(promotionCodes.code, normaliseCode(code)))
    .limit(1);
  return promotion;
}

/**
 * Refuses, inside the transaction that is about to hold one of the code's uses, a code that no longer
 * applies. The code's row is read for update, so on a database with row locks parallel payments with
 * one code pass this check one after the other; on SQLite the write transaction already does that.
 */
export async function assertPromotionApplies(
  tx: DbOrTx,
  order: { promotionCode: string; plan: PlanId; email: string },
  now: number,
): Promise<void> {
  const [promotion] = await forUpdate(
    tx
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.code, normaliseCode(order.promotionCode)))
      .limit(1),
  );
  const refusal = await refusalFor(tx, promotion, { plan: order.plan, email: order.email, now });
  if (refusal) throw new PromotionCodeRefused(refusal, order.promotionCode, promotion, order.plan);
}

/** A checkout holds a use while it is paid, or reserved and not yet expired. */
export const holdsUse = (now: number) =>
  or(eq(checkouts.status, "paid"), and(eq(checkouts.status, "reserved"), gt(checkouts.expiresAt, now)));

/** Every checkout of the code, but the one `except` names (the buyer's own open payment being looked at again). */
const ofCode = (promotionCodeId: number, except?: number) =>
  except === undefined
    ? eq(checkouts.promotionCodeId, promotionCodeId)
    : and(eq(checkouts.promotionCodeId, promotionCodeId), ne(checkouts.id, except));

export async function usesHeld(db: DbOrTx, promotionCodeId: number, now: number, except?: number): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(checkouts)
    .where(and(ofCode(promotionCodeId, except), holdsUse(now)));
  return held?.n ?? 0;
}

/** Whether `email` paid with the code ('paid'), has a payment with it open ('open'), or neither. */
async function buyerUse(db: DbOrTx, promotionCodeId: number, email: string, now: number, except?: number) {
  const rows = await db
    .select({ status: checkouts.status })
    .from(checkouts)
    .where(and(ofCode(promotionCodeId, except), eq(checkouts.email, email), holdsUse(now)));
  if (rows.some((row) => row.status === "paid")) return "paid";
  return rows.length > 0 ? "open" : null;
}

/**
 * Why `promotion` can't be used now for `plan` (by `email`, when known), or null when it can. The
 * public look-up passes no e-mail; checkout passes the buyer's, and `except` for the buyer's own open
 * payment it is looking at again, which then does not count against the code.
 */
export async function refusalFor(
  db: DbOrTx,
  promotion: PromotionCode | undefined,
  request: { plan?: PlanId; email?: string; now: number; except?: number },
): Promise<PromotionRefusal | null> {
  if (!promotion) return "unknown";
  if (!promotion.active) return "ended";
  if (promotion.startsAt !== null && request.now < promotion.startsAt) return "not_started";
  if (promotion.endsAt !== null && request.now >= promotion.endsAt) return "ended";
  if (request.plan && promotion.plans && !promotion.plans.includes(request.plan)) return "wrong_plan";
  const byBuyer =
    request.email && promotion.oncePerBuyer
      ? await buyerUse(db, promotion.id, request.email, request.now, request.except)
      : null;
  if (byBuyer === "paid") return "already_used";
  if (
    promotion.maxRedemptions !== null &&
    (await usesHeld(db, promotion.id, request.now, request.except)) >= promotion.maxRedemptions
  )
    return "used_up";
  if (byBuyer === "open") return "in_checkout";
  return null;
}

/** The smallest amount a card can be charged; a discount never leaves less than this unless it makes the order free. */
export const MIN_CHARGE_CENTS = 50;

/**
 * What `promotion` takes off `priceCents`: a percentage rounded to the nearest cent, or a fixed amount,
 * never more than the price. A discount that would leave a total between 1¢ and 49¢ (less than a card
 * can be charged) is reduced so the buyer pays 0.50.
 */
export function discountCents(
  promotion: Pick<PromotionCode, "percentOff" | "amountOffCents">,
  priceCents: number,
): number {
  const raw =
    promotion.percentOff !== null
      ? Math.round((priceCents * promotion.percentOff) / 100)
      : Math.min(promotion.amountOffCents ?? 0, priceCents);
  const left = priceCents - raw;
  if (left > 0 && left < MIN_CHARGE_CENTS) return Math.max(0, priceCents - MIN_CHARGE_CENTS);
  return raw;
}

/** "20% off" or "$5.00 off". */
export function describeDiscount(promotion: Pick<PromotionCode, "percentOff" | "amountOffCents">): string {
  return promotion.percentOff !== null
    ? `${promotion.percentOff}% off`
    : `$${formatDollars(promotion.amountOffCents ?? 0)} off`;
}

/**
 * GET /api/promotion-codes/:code: whether the code applies now (to `plan`, when given) and what it
 * takes off each plan. It says nothing of how many uses are left, and knows no buyer, so a
 * once-per-buyer code is checked only at checkout.
 */
export async function lookupPromotion(
  db: Db,
  now: number,
  typed: string,
  plan?: PlanId,
  say: SaySentence = sayInEnglish,
): Promise<PromotionLookup> {
  const code = normaliseCode(typed);
  const promotion = await findPromotionCode(db, code);
  const refusal = await refusalFor(db, promotion, { plan, now });
  const none = { code, applies: false, percentOff: null, amountOff: null, prices: [] };
  if (refusal) {
    const { message, values } = refusalWords(refusal, code, promotion, plan);
    const reason = REFUSAL_CODES[refusal];
    return { ...none, reason, message: await say(reason, message, values) };
  }
  const found = promotion!;
  const eligible = (id: PlanId) => (plan ? id === plan : true) && (found.plans === null || found.plans.includes(id));
  const prices = (await readCatalogue(db))
    .filter((p) => p.visible && eligible(p.id))
    .map((p) => {
      const discount = discountCents(found, p.priceCents);
      return {
        plan: p.id,
        listPrice: centsToDollars(p.priceCents),
        discount: centsToDollars(discount),
        total: centsToDollars(p.priceCents - discount),
      };
    });
  return {
    code,
    applies: true,
    message: `${code} takes ${describeDiscount(found)}${found.plans && found.plans.length < PLAN_IDS.length ? " selected plans" : ""}.`,
    percentOff: found.percentOff,
    amountOff: found.amountOffCents === null ? null : centsToDollars(found.amountOffCents),
    prices,
  };
}
