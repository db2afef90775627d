import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../lib/client-ip";
import { notFound } from "../../lib/errors";
import { failures, jsonBodyFailures, RateLimitedError } from "../../shared/api/common";
import { PaymentModel } from "../../shared/api/payments";
import { createPaymentIntent } from "./service";
import { paymentResult } from "./result";
import { handleWebhook } from "./webhook";
import { demoPaymentRoutes } from "./demo/routes";

export function paymentRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] })
    .post("/api/create-payment-intent", ({ body, request, server }) => {
      const ip = clientIp(deps, request, server);
      deps.limiter.take("payment-intent", { ip }, RATE_RULES.paymentIntent);
      return createPaymentIntent(deps, body, ip);
    }, {
      body: PaymentModel.createIntentBody,
      response: { 200: PaymentModel.intent, ...jsonBodyFailures, 429: RateLimitedError, ...failures(502) },
      detail: {
        summary: "Start a purchase: the price is computed here from the price list and the promotion code",
        description: "The client never sends a price. The answer's quote is fixed into the payment. A promotion code that does not apply is a 422 "
          + "whose `error` says why (PROMOTION_CODE_UNKNOWN, _NOT_STARTED, _ENDED, _USED_UP, _NOT_FOR_PLAN, _ALREADY_USED) and whose `message` is a "
          + "sentence for the buyer; no payment is started. A code that makes the order free completes it at once (provider 'free': no card, the key "
          + "is e-mailed and the result page shows it); free orders are limited per address and per IP (429).",
      },
    })
    .get("/api/payment/success", ({ query, request, server }) => {
      deps.limiter.take("payment-verify", { ip: clientIp(deps, request, server) }, RATE_RULES.paymentVerify);
      return paymentResult(deps, query.payment_intent, query.payment_intent_client_secret);
    }, { query: PaymentModel.successQuery, response: { 200: PaymentModel.result, ...failures(422), 429: RateLimitedError, ...failures(502) } })
    .post("/api/stripe/webhook", ({ body, request }) => {
      if (deps.payments.name !== "stripe") throw notFound("Stripe is not configured on this site.");
      return handleWebhook(deps, body, request.headers.get("stripe-signature"));
    }, {
      parse: "text",
      body: t.String({ description: "The event exactly as Stripe sent it; its Stripe-Signature header is checked." }),
      response: { 200: PaymentModel.webhookReceived, ...failures(400, 404, 422, 502) },
    })
    .use(demoPaymentRoutes(deps));
}
