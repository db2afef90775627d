import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../http/client-ip";
import { notFound } from "../../lib/errors";
import { failures, jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { PaymentModel } from "@shared/api/payments";
import { createPaymentIntent } from "./service";
import { paymentResult } from "./result";
import { handleWebhook } from "./webhook";
import { demoPaymentRoutes } from "./demo/routes";
import { cancelOwnPayment } from "./open-checkouts";

export function paymentRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] })
    .post(
      "/api/create-payment-intent",
      async ({ body, request, server }) => {
        const ip = clientIp(deps, request, server);
        await deps.limiter.take("payment-intent", { ip }, RATE_RULES.paymentIntent);
        return createPaymentIntent(deps, body, ip);
      },
      {
        body: PaymentModel.createIntentBody,
        response: { 200: PaymentModel.intent, ...jsonBodyFailures, 429: RateLimitedError, ...failures(502) },
        detail: {
          summary: "Start a purchase",
          description:
            "The price is computed here from the price list and the promotion code: the client never sends a price. The answer's quote is fixed into the payment. A promotion code that does not apply is a 422 " +
            "whose `error` says why (PROMOTION_CODE_UNKNOWN, _NOT_STARTED, _ENDED, _USED_UP, _NOT_FOR_PLAN, _ALREADY_USED, _IN_CHECKOUT) and whose `message` is a " +
            "sentence for the buyer; no payment is started. A code that makes the order free completes it at once (provider 'free': no card, the key " +
            "is e-mailed and the result page shows it); free orders are limited per address and per IP (429). " +
            "`previous` (this browser's open payment) is answered again when it still matches, else cancelled. A buyer who must agree to immediate " +
            "supply (billed in the EU/EEA with tax on, or everyone with WITHDRAWAL_CONSENT=always) and did not send `withdrawalConsent: true` gets " +
            "422 WITHDRAWAL_CONSENT_REQUIRED, and nothing is reserved.",
        },
      },
    )
    .post(
      "/api/payment/cancel",
      async ({ body, request, server }) => {
        await deps.limiter.take("payment-cancel", { ip: clientIp(deps, request, server) }, RATE_RULES.paymentVerify);
        return cancelOwnPayment(deps, body);
      },
      {
        body: PaymentModel.cancelBody,
        response: {
          200: PaymentModel.canceled,
          ...jsonBodyFailures,
          ...failures(404),
          429: RateLimitedError,
          ...failures(502),
        },
        detail: {
          summary: "Give up a payment: the purchase dialog was closed, or its payment failed",
          description:
            "With the intent's client secret (only the browser that opened it has it). The intent is cancelled at the provider, so it can no longer be paid, and the promotion use it held is free again at once. One paid meanwhile is fulfilled instead (`paid`). 404 when no payment matches.",
        },
      },
    )
    .get(
      "/api/payment/success",
      async ({ query, request, server }) => {
        await deps.limiter.take("payment-verify", { ip: clientIp(deps, request, server) }, RATE_RULES.paymentVerify);
        return paymentResult(deps, query.payment_intent, query.payment_intent_client_secret);
      },
      {
        query: PaymentModel.successQuery,
        response: { 200: PaymentModel.result, ...failures(422), 429: RateLimitedError, ...failures(502) },
        detail: {
          summary: "The result of a payment, for the result page",
          description:
            "Asks the card provider, so it is right even before the provider's webhook arrives: the plan bought, still processing, or why no key was issued. With the intent's client secret (from the provider's return URL) the answer adds the product key.",
        },
      },
    )
    .post(
      "/api/stripe/webhook",
      ({ body, request }) => {
        if (deps.payments.name !== "stripe") throw notFound("Stripe is not configured on this site.");
        return handleWebhook(deps, body, request.headers.get("stripe-signature"));
      },
      {
        parse: "text",
        body: t.String({ description: "The event exactly as Stripe sent it; its Stripe-Signature header is checked." }),
        response: { 200: PaymentModel.webhookReceived, ...failures(400, 404, 422, 502) },
        detail: {
          summary: "Stripe's webhook",
          description:
            "For Stripe only (404 on a site without Stripe). An event without a valid Stripe-Signature is a 400. Each event is handled once: one sent again answers `duplicate: true`.",
        },
      },
    )
    .use(demoPaymentRoutes(deps));
}
