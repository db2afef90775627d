import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { perIp, perUser, rateLimits } from "../../http/rate-limits";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { SubscriptionModel } from "@shared/api/subscriptions";
import { cancelSubscription, dashboard, redeemProductKey } from "./service";

const TOO_MANY_REDEEMS = "Too many attempts to redeem a key. Please wait a minute and try again.";

export function subscriptionRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Account"] })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .get("/api/dashboard", ({ user }) => dashboard(deps, user.id), {
      signedIn: true,
      response: { 200: SubscriptionModel.dashboard },
      detail: { summary: "The subscription: plan, status, end date and time remaining" },
    })
    .post("/api/subscription/cancel", ({ user }) => cancelSubscription(deps, user.id), {
      signedIn: true,
      response: { 200: SubscriptionModel.dashboard, ...failures(404, 409) },
      detail: {
        summary: "Cancel the subscription",
        description:
          "Cannot be undone; access is kept until the end of the period. A lifetime plan, or a subscription already cancelled or ended, is a 409.",
      },
    })
    .post("/api/subscription/redeem", ({ user, body }) => redeemProductKey(deps, user.id, body.productKey), {
      signedIn: true,
      rateLimit: [
        perIp("redeem", RATE_RULES.redeem, TOO_MANY_REDEEMS),
        perUser("redeem", RATE_RULES.redeem, TOO_MANY_REDEEMS),
      ],
      body: SubscriptionModel.redeemBody,
      response: { 200: SubscriptionModel.dashboard, ...jsonBodyFailures, ...failures(409) },
      detail: {
        summary: "Add another product key to this account",
        description:
          "Its days are added to the end date (or to now, once ended); a lifetime key makes the subscription lifetime, and a cancelled subscription becomes active again.",
      },
    });
}
