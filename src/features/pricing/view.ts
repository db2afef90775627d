/** A plan as the API answers it (dollars). */
import { centsToDollars, type PricedPlan } from "@shared/plans";
import type { PlanView } from "@shared/api/pricing";

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
