import { t, type Static } from "./type-system";
import { BodyInt, Int, IsoDate, IsoDateOrNull, oneOf, PlanId, planIdField } from "./common";
import { buyerChoices, promotionCodeField } from "./payments";
import { INVALID_SEATS_MESSAGE, MAX_SEATS, MIN_SEATS } from "../seats";
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
    seats: t.Optional(
      BodyInt({
        minimum: MIN_SEATS,
        maximum: MAX_SEATS,
        error: INVALID_SEATS_MESSAGE,
        errorCode: "INVALID_SEATS",
        description: `The seats the account has once the renewal is paid (${MIN_SEATS}–${MAX_SEATS}; absent means 1), priced like a purchase's: the plan's price times the seats, then the promotion code and tax. More than now gives new seats; fewer ends the newest when it is paid (never seat 1). Seats an admin gave are kept on top.`,
      }),
    ),
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
