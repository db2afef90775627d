/**
 * The plans in code (docs/architecture.md#plans-and-prices): id, name, length and words. Prices, "was"
 * prices, badges and visibility are the price list in the database (GET /api/plans); a migration seeds
 * the launch prices. The server never takes a price from the client.
 */
export const PLAN_IDS = ["month", "pro", "lifetime"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  /** Days of access; null = lifetime. */
  days: number | null;
  duration: string;
  description: string;
  features: string[];
  popular?: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  month: {
    id: "month",
    name: "1 Month Subscription",
    days: 30,
    duration: "30 days access",
    description: "Try every feature for a month.",
    features: ["30 days access", "Unlimited imports", "Auto-scaling", "Community chat support"],
  },
  pro: {
    id: "pro",
    name: "4 Month Pro",
    days: 120,
    duration: "120 days access",
    description: "For developers shipping a game this season.",
    features: ["120 days access", "Unlimited imports", "Auto-scaling", "Priority support", "Beta features"],
    popular: true,
  },
  lifetime: {
    id: "lifetime",
    name: "Lifetime Access",
    days: null,
    duration: "One-time payment",
    description: "Pay once, use it forever.",
    features: ["One-time payment", "Unlimited imports", "Auto-scaling", "VIP support", "All future updates"],
  },
};

/** A plan with its price from the price list in the database (the server's; the API sends PlanView). */
export interface PricedPlan extends Plan {
  priceCents: number;
  /** The struck-through "was" price; null when not on sale. */
  compareAtCents: number | null;
  badge: string | null;
  /** Hidden plans are not offered on the purchase page and can't be bought. */
  visible: boolean;
}

export const PLAN_LIST: Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/** Cents → "6.99": money is always shown with two decimals. */
export function formatDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents → dollars as a number with cents precision, the API's money unit. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
