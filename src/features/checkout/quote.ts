/**
 * One quote (docs/architecture.md#one-quote): what a buyer pays, computed in one place for checkout, dashboard renewals
 * and free orders: catalogue price → promotion code → tax → total. The server never takes a price from
 * the client; the quote is fixed into the payment when the payment is created (checkouts.ts).
 */
import type { AppDeps } from "../../deps";
import type { PlanId } from "@shared/plans";
import { AppError } from "../../lib/errors";
import { fillSentence } from "@shared/sentence";
import { pricedPlan } from "../pricing/catalogue";
import {
  discountCents,
  findPromotionCode,
  normaliseCode,
  PromotionCodeRefused,
  refusalFor,
} from "../pricing/promotion-codes";
import { CURRENCY } from "@shared/currency";
import { priceForSeats } from "../seats/service";
import type { SaleKind } from "@shared/seats";
import { DAY } from "../../lib/clock";

export interface QuoteRequest {
  plan: PlanId;
  /** The buyer's address, already normalised (lower-case): once-per-buyer codes are checked against it. */
  email: string;
  /** As the buyer typed it; empty or absent means none. */
  promotionCode?: string | null;
  /** The signed-in account a dashboard renewal is for. */
  account?: { id: number } | null;
  /** How many people the purchase licenses (1–100, checked by the route's schema); absent = 1. */
  seats?: number;
  /** The buyer's own open payment (its checkout id), asked for again: it does not count against the code. */
  except?: number;
  /**
   * Seats added to the account's running subscription (`seats` more, `account` set): each is priced to the whole
   * days left of it (null: lifetime access, the full price), not as a new plan.
   */
  adding?: { daysLeft: number | null } | null;
}

/** How an added seat's price was found: the plan's price to the days left of its length (null: lifetime, in full). */
export interface Proration {
  planPriceCents: number;
  daysLeft: number | null;
  planDays: number | null;
}

export interface Quote {
  plan: PlanId;
  email: string;
  accountId: number | null;
  currency: typeof CURRENCY;
  seats: number;
  kind: SaleKind;
  /** What one seat costs before any promotion: the plan's price, or for added seats its prorated part. */
  unitPriceCents: number;
  /** Added seats: the arithmetic of their unit price; null for a purchase. */
  proration: Proration | null;
  /** The unit price times the seats. */
  listPriceCents: number;
  discountCents: number;
  /** The code as stored (upper-case), or null. */
  promotionCode: string | null;
  promotionCodeId: number | null;
  /** listPriceCents − discountCents: what tax is computed on. */
  subtotalCents: number;
  taxCents: number;
  /** No tax is computed yet; the tax calculation goes here when it is. */
  tax: null;
  /** subtotalCents + taxCents: what the buyer pays. 0 is a free order (no card, no provider call). */
  totalCents: number;
}

/**
 * What one added seat costs: for a time-limited plan its price × (whole days left ÷ the plan's days), rounded to the
 * cent; for lifetime access the full price.
 */
export function proratedSeatCents({ planPriceCents, daysLeft, planDays }: Proration): number {
  if (planDays === null || daysLeft === null) return planPriceCents;
  return Math.round((planPriceCents * daysLeft) / planDays);
}

/** The whole days from `now` to a subscription's end (at least 1); null for lifetime access. */
export function wholeDaysLeft(endDate: number | null, now: number): number | null {
  return endDate === null ? null : Math.max(1, Math.floor((endDate - now) / DAY));
}

/**
 * Prices a purchase. Throws 422 NOT_FOR_SALE for a hidden plan, and a PromotionCodeRefused (422 with a
 * sentence for the buyer and `reason`) for a code that does not apply. Reads only: the use a code
 * needs is reserved, re-checked in the write transaction, when the payment is created.
 */
/** A hidden plan's refusal, naming the plan. */
const NOT_FOR_SALE = "The {planName} plan is not on sale at the moment.";

export async function quote(deps: Pick<AppDeps, "db" | "clock">, request: QuoteRequest): Promise<Quote> {
  const plan = await pricedPlan(deps.db, request.plan);
  if (!plan.visible)
    throw new AppError(422, "NOT_FOR_SALE", fillSentence(NOT_FOR_SALE, { planName: plan.name })).naming({
      planName: plan.name,
    });
  const seats = request.seats ?? 1;
  const proration = request.adding
    ? { planPriceCents: plan.priceCents, daysLeft: request.adding.daysLeft, planDays: plan.days }
    : null;
  const unitPriceCents = proration ? proratedSeatCents(proration) : plan.priceCents;
  const listPriceCents = priceForSeats(unitPriceCents, seats);
  const typed = request.promotionCode?.trim() ? normaliseCode(request.promotionCode) : null;
  let discount = 0;
  let promotionCodeId: number | null = null;
  if (typed) {
    const promotion = await findPromotionCode(deps.db, typed);
    const refusal = await refusalFor(deps.db, promotion, {
      plan: plan.id,
      email: request.email,
      now: deps.clock.now(),
      except: request.except,
    });
    if (refusal) throw new PromotionCodeRefused(refusal, typed, promotion, plan.id);
    discount = discountCents(promotion!, listPriceCents);
    promotionCodeId = promotion!.id;
  }
  const subtotalCents = listPriceCents - discount;
  const taxCents = 0;
  return {
    plan: plan.id,
    email: request.email,
    accountId: request.account?.id ?? null,
    currency: CURRENCY,
    seats,
    kind: proration ? "added-seats" : "purchase",
    unitPriceCents,
    proration,
    listPriceCents,
    discountCents: discount,
    promotionCode: typed,
    promotionCodeId,
    subtotalCents,
    taxCents,
    tax: null,
    totalCents: subtotalCents + taxCents,
  };
}
