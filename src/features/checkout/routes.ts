import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../http/client-ip";
import { failures, jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { PaymentModel } from "@shared/api/payments";
import { createPaymentIntent, createRenewalIntent } from "./start-payment";
import { authGuard } from "../../http/guard";
import { SubscriptionModel } from "@shared/api/subscriptions";
import { paymentResult } from "./result";
import { demoPaymentRoutes } from "./demo-payment-routes";
import { cancelOwnPayment } from "./open-checkouts";

/** Starting a purchase or a renewal, giving up its payment, and its result. */
export function paymentRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] })
    .use(authGuard(deps))
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
      "/api/subscription/renew",
      async ({ user, body, request, server }) => {
        await deps.limiter.take("payment-intent", { user: user.id }, RATE_RULES.paymentIntent);
        return createRenewalIntent(deps, user, body, clientIp(deps, request, server));
      },
      {
        signedIn: true,
        body: SubscriptionModel.renewBody,
        response: {
          200: PaymentModel.intent,
          ...jsonBodyFailures,
          ...failures(409),
          429: RateLimitedError,
          ...failures(502),
        },
        detail: {
          tags: ["Account"],
          summary: "Renew / Extend: pay for a plan that is applied to this account",
          description:
            "The same answer (and promotion code rules) as /api/create-payment-intent; the e-mail is the account's. When the payment succeeds its key is applied to this account at once.",
        },
      },
    )
    .use(demoPaymentRoutes(deps));
}
