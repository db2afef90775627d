import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { notFound } from "../../lib/errors";
import { PaymentModel } from "./model";
import { createPaymentIntent } from "./service";
import { fulfilPayment } from "./fulfilment";
import { handleWebhook } from "./webhook";
import { demoPaymentRoutes } from "./demo/routes";

export function paymentRoutes(deps: AppDeps) {
  return new Elysia()
    .post("/api/create-payment-intent", ({ body, request, server }) => {
      deps.limiter.take(`payment-intent:${clientIp(deps, request, server)}`, RATE_RULES.paymentIntent);
      return createPaymentIntent(deps, body);
    }, { body: PaymentModel.createIntentBody })
    .get("/api/payment/success", ({ query, request, server }) => {
      deps.limiter.take(`payment-verify:${clientIp(deps, request, server)}`, RATE_RULES.paymentVerify);
      return fulfilPayment(deps, query.payment_intent);
    }, { query: PaymentModel.successQuery })
    .post("/api/stripe/webhook", ({ body, request }) => {
      if (deps.payments.name !== "stripe") throw notFound("Stripe is not configured on this site.");
      return handleWebhook(deps, body, request.headers.get("stripe-signature"));
    }, { parse: "text", body: t.String() })
    .use(demoPaymentRoutes(deps));
}
