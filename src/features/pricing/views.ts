/** The price list and promotion codes as the API answers them (dollars; ISO times). */
import type { Db } from "../../db";
import { centsToDollars, PLAN_IDS, type PlanId, type PricedPlan } from "../../shared/plans";
import type { PlanView, PromotionLookup } from "../../shared/api/pricing";
import { readCatalogue } from "./catalogue";
import { describeDiscount, discountCents, findPromotionCode, normaliseCode, REFUSAL_CODES, refusalFor, refusalMessage } from "./promotion-codes";

export function planView(plan: PricedPlan): PlanView {
  return {
    id: plan.id,
    name: plan.name,
    price: centsToDollars(plan.priceCents),
    compareAtPrice: plan.compareAtCents === null ? null : centsToDollars(plan.compareAtCents),
    badge: plan.badge,
    visible: plan.visible,
    days: plan.days,
    duration: plan.duration,
    description: plan.description,
    features: plan.features,
    popular: plan.popular === true,
  };
}

/** The plans on sale, as GET /api/plans and the server-rendered pages show them. */
export function publicPlans(db: Db): PlanView[] {
  return readCatalogue(db).filter((plan) => plan.visible).map(planView);
}

/**
 * GET /api/promotion-codes/:code: whether the code applies now (to `plan`, when given) and what it
 * takes off each plan. It says nothing of how many uses are left, and knows no buyer, so a
 * once-per-buyer code is checked only at checkout.
 */
export function lookupPromotion(db: Db, now: number, typed: string, plan?: PlanId): PromotionLookup {
  const code = normaliseCode(typed);
  const promotion = findPromotionCode(db, code);
  const refusal = refusalFor(db, promotion, { plan, now });
  const none = { code, applies: false, percentOff: null, amountOff: null, prices: [] };
  if (refusal) return { ...none, reason: REFUSAL_CODES[refusal], message: refusalMessage(refusal, code, promotion, plan) };
  const found = promotion!;
  const eligible = (id: PlanId) => (plan ? id === plan : true) && (found.plans === null || found.plans.includes(id));
  const prices = readCatalogue(db).filter((p) => p.visible && eligible(p.id)).map((p) => {
    const discount = discountCents(found, p.priceCents);
    return { plan: p.id, listPrice: centsToDollars(p.priceCents), discount: centsToDollars(discount), total: centsToDollars(p.priceCents - discount) };
  });
  return {
    code,
    applies: true,
    message: `${code}: ${describeDiscount(found)}${found.plans && found.plans.length < PLAN_IDS.length ? " selected plans" : ""}.`,
    percentOff: found.percentOff,
    amountOff: found.amountOffCents === null ? null : centsToDollars(found.amountOffCents),
    prices,
  };
}
