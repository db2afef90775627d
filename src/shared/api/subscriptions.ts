import { t, type Static } from "./type-system";
import { Int, IsoDate, IsoDateOrNull, oneOf, PlanId, planIdField } from "./common";
import { buyerChoices, promotionCodeField } from "./payments";
import { TaxModel } from "./tax";

/** 'suspended': a payment for it is disputed; access is on hold and its time does not run. */
const status = oneOf(["active", "cancelled", "expired", "suspended"]);

const timeRemaining = t.Object(
  {
    total: Int({ description: "milliseconds" }),
    days: Int(),
    hours: Int(),
    minutes: Int(),
    seconds: Int(),
  },
  { description: "null for lifetime access" },
);

const view = t.Object({
  plan: PlanId,
  planName: t.String(),
  status,
  startDate: IsoDate,
  endDate: t.Nullable(IsoDate, { description: "null for lifetime access" }),
  cancelledAt: IsoDateOrNull,
  refundedAt: t.Nullable(IsoDate, {
    description: "When a full refund of the purchase ended this access (the status is then 'expired'); null otherwise",
  }),
  timeRemaining: t.Nullable(timeRemaining),
});

export const SubscriptionModel = {
  status,
  timeRemaining,
  view,
  /** GET /api/dashboard and every change to the subscription; null for an account without one. */
  dashboard: t.Object({ subscription: t.Nullable(view) }),
  renewBody: t.Object({
    plan: planIdField("Please choose a plan: month, pro or lifetime."),
    promotionCode: t.Optional(promotionCodeField),
    ...TaxModel.buyerLocation,
    ...buyerChoices,
  }),
  redeemBody: t.Object({
    productKey: t.String({ minLength: 1, maxLength: 64, error: "Product key is required." }),
  }),
};

export type SubscriptionStatus = Static<typeof SubscriptionModel.status>;
export type TimeRemaining = Static<typeof SubscriptionModel.timeRemaining>;
export type SubscriptionView = Static<typeof SubscriptionModel.view>;
export type DashboardResponse = Static<typeof SubscriptionModel.dashboard>;
export type RenewBody = Static<typeof SubscriptionModel.renewBody>;
