import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { authGuard } from "../auth/guard";
import { cancelSubscription, dashboard, redeemProductKey } from "./service";

const redeemBody = t.Object({
  productKey: t.String({ minLength: 1, maxLength: 64, error: "Product key is required." }),
});

export function subscriptionRoutes(deps: AppDeps) {
  return new Elysia()
    .use(authGuard(deps))
    .get("/api/dashboard", ({ user }) => dashboard(deps, user.id), { signedIn: true })
    .post("/api/subscription/cancel", ({ user }) => cancelSubscription(deps, user.id), { signedIn: true })
    .post("/api/subscription/redeem", ({ user, body, request, server }) => {
      const message = "Too many attempts to redeem a key. Please wait a minute and try again.";
      deps.limiter.take(`redeem:${clientIp(deps, request, server)}`, RATE_RULES.redeem, message);
      deps.limiter.take(`redeem:user:${user.id}`, RATE_RULES.redeem, message);
      return redeemProductKey(deps, user.id, body.productKey);
    }, { signedIn: true, body: redeemBody });
}
