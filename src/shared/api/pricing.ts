/**
 * Route schemas of the price list and promotion codes (GET /api/plans, /api/admin/plans,
 * /api/admin/promotion-codes, GET /api/promotion-codes/:code). Money is dollars with cents precision.
 */
import { t, type Static } from "./type-system";
import { PLAN_IDS } from "../plans";
import { BodyInt, Int, oneOf } from "./common";
import { PROMOTION_CODE_SOURCE } from "../promotion-code";

const planId = (options: { error?: string; description?: string } = {}) => oneOf(PLAN_IDS, options);
const isoDate = (description: string) => t.String({ format: "date-time", description });
const nullable = <T extends Parameters<typeof t.Nullable>[0]>(schema: T) => t.Nullable(schema);

export const planView = t.Object({
  id: planId(),
  name: t.String(),
  price: t.Number({ description: "What the plan costs now, in dollars." }),
  compareAtPrice: nullable(t.Number({ description: 'The struck-through "was" price, or null when not on sale.' })),
  badge: nullable(t.String({ description: 'The short tag beside the name, e.g. "30% OFF!".' })),
  visible: t.Boolean({ description: "Hidden plans are not offered and can't be bought." }),
  days: nullable(Int({ description: "Days of access; null = lifetime." })),
  duration: t.String(),
  description: t.String(),
  features: t.Array(t.String()),
  popular: t.Boolean({ description: "Shown as MOST POPULAR." }),
});

export const PricingModel = {
  planView,
  plans: t.Array(planView, { description: "The plans on sale, in the catalogue's order." }),
  adminPlans: t.Array(planView, { description: "Every plan, hidden ones included." }),
  planParams: t.Object({ id: planId({ error: "There is no such plan. The plans are month, pro and lifetime." }) }),
  planChange: t.Object(
    {
      price: t.Optional(
        t.Number({
          minimum: 0.5,
          maximum: 100_000,
          description: "Dollars, at least 0.50, at most 2 decimals.",
          error: "The price must be at least 0.50 dollars.",
        }),
      ),
      compareAtPrice: t.Optional(
        nullable(
          t.Number({
            minimum: 0.5,
            maximum: 100_000,
            description: "Above the price, or null for none.",
            error: 'The "was" price must be a number of dollars above the price, or null.',
          }),
        ),
      ),
      badge: t.Optional(
        nullable(
          t.String({
            maxLength: 24,
            description: "Up to 24 characters; null or empty for none.",
            error: "The badge is at most 24 characters.",
          }),
        ),
      ),
      visible: t.Optional(t.Boolean({ error: "visible is true or false." })),
    },
    { description: "At least one of the four fields." },
  ),

  promotionParams: t.Object({ code: t.String({ maxLength: 40, description: "The code, any case." }) }),
  promotionQuery: t.Object({ plan: t.Optional(planId({ error: "plan is month, pro or lifetime." })) }),
  /** The public answer: whether it applies and what it takes off. Never how many uses are left. */
  promotionLookup: t.Object({
    code: t.String({ description: "Upper-case." }),
    applies: t.Boolean({ description: "Whether it can be used now (for `plan`, when asked)." }),
    reason: t.Optional(
      t.String({
        description:
          "Why not, when it does not apply: PROMOTION_CODE_UNKNOWN, _NOT_STARTED, _ENDED, _USED_UP or _NOT_FOR_PLAN.",
      }),
    ),
    message: t.String({ description: "A sentence for the buyer: what it takes off, or why it does not apply." }),
    percentOff: nullable(Int()),
    amountOff: nullable(t.Number({ description: "Dollars." })),
    prices: t.Array(
      t.Object({
        plan: planId(),
        listPrice: t.Number(),
        discount: t.Number(),
        total: t.Number(),
      }),
      {
        description:
          "What each plan it applies to costs with it (only `plan` when asked); empty when it does not apply.",
      },
    ),
  }),

  promotionCreate: t.Object({
    code: t.String({
      pattern: PROMOTION_CODE_SOURCE,
      description: "2–40 letters, digits and dashes; case-insensitive and unique.",
      error: "The code must be 2 to 40 letters, digits and dashes.",
    }),
    percentOff: t.Optional(BodyInt({ minimum: 1, maximum: 100, error: "percentOff is a whole number from 1 to 100." })),
    amountOff: t.Optional(
      t.Number({
        minimum: 0.01,
        maximum: 100_000,
        description: "Dollars off; exactly one of percentOff and amountOff.",
        error: "amountOff is a number of dollars above 0.",
      }),
    ),
    plans: t.Optional(
      t.Array(planId({ error: "plans lists plan ids: month, pro, lifetime." }), {
        minItems: 1,
        uniqueItems: true,
        description: "Left out: every plan.",
        error: "plans lists plan ids: month, pro, lifetime.",
      }),
    ),
    startsAt: t.Optional(
      t.String({
        format: "date-time",
        description: "ISO-8601; left out: now.",
        error: "startsAt is an ISO-8601 time, e.g. 2026-12-01T00:00:00Z.",
      }),
    ),
    endsAt: t.Optional(
      t.String({
        format: "date-time",
        description: "ISO-8601, after startsAt; left out: no end.",
        error: "endsAt is an ISO-8601 time, e.g. 2026-12-31T23:59:59Z.",
      }),
    ),
    maxRedemptions: t.Optional(
      BodyInt({
        minimum: 1,
        maximum: 1_000_000,
        description: "Left out: no limit.",
        error: "maxRedemptions is a whole number of 1 or more.",
      }),
    ),
    oncePerBuyer: t.Optional(t.Boolean({ description: "One use per e-mail address." })),
  }),
  promotionChange: t.Object({
    active: t.Boolean({
      description: "false turns the code off (it then answers as ended); true turns it back on.",
      error: "active is true or false.",
    }),
  }),
  deleted: t.Object({ success: t.Literal(true) }),
  promotionIdParams: t.Object({ id: t.Integer({ minimum: 1, error: "The id must be a positive whole number." }) }),
  promotionView: t.Object({
    id: Int(),
    code: t.String(),
    percentOff: nullable(Int()),
    amountOff: nullable(t.Number()),
    plans: nullable(t.Array(planId(), { description: "null: every plan." })),
    startsAt: nullable(isoDate("When it can first be used.")),
    endsAt: nullable(isoDate("When it stops.")),
    maxRedemptions: nullable(Int()),
    oncePerBuyer: t.Boolean(),
    active: t.Boolean(),
    createdAt: isoDate("When it was created."),
    uses: Int({ description: "Paid orders made with it (free orders included)." }),
    reserved: Int({ description: "Payments started with it and not yet paid, holding a use." }),
    discountGiven: t.Number({ description: "Dollars taken off by its sales (refunded sales left out)." }),
    revenue: t.Number({ description: "What its sales brought in, net of refunds, in dollars." }),
  }),
};
export const promotionList = t.Array(PricingModel.promotionView);

export type PlanView = Static<typeof planView>;
export type PlanChangeBody = Static<typeof PricingModel.planChange>;
export type PromotionLookup = Static<typeof PricingModel.promotionLookup>;
export type PromotionCreateBody = Static<typeof PricingModel.promotionCreate>;
export type PromotionCodeView = Static<typeof PricingModel.promotionView>;
