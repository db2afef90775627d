import { Elysia } from "elysia";
import { sentencesFor } from "../../http/answer-language";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { requestIp } from "../observability/request-log";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { PaymentModel } from "@shared/api/payments";
import { createPaymentIntent, createRenewalIntent } from "./start-payment";
import { authGuard } from "../../http/guard";
import { perIp, perUser, rateLimits } from "../../http/rate-limits";
import { SubscriptionModel } from "@shared/api/subscriptions";
import { paymentResult } from "./result";
import { demoPaymentRoutes } from "./demo-payment-routes";
import { cancelOwnPayment } from "./open-checkouts";
import { createAddSeatsIntent } from "./add-seats";
import { SeatsModel } from "@shared/api/seats";

/** Starting a purchase or a renewal, giving up its payment, and its result. */
export function paymentRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .post("/api/create-payment-intent", ({ body, request }) => createPaymentIntent(deps, body, requestIp(request)), {
      rateLimit: [perIp("payment-intent", RATE_RULES.paymentIntent)],
      body: PaymentModel.createIntentBody,
      response: { 200: PaymentModel.intent, ...jsonBodyFailures, ...failures(502) },
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
    })
    .post("/api/payment/cancel", ({ body }) => cancelOwnPayment(deps, body), {
      rateLimit: [perIp("payment-cancel", RATE_RULES.paymentVerify)],
      body: PaymentModel.cancelBody,
      response: {
        200: PaymentModel.canceled,
        ...jsonBodyFailures,
        ...failures(404),
        ...failures(502),
      },
      detail: {
        summary: "Give up a payment: the purchase dialog was closed, or its payment failed",
        description:
          "With the intent's client secret (only the browser that opened it has it). The intent is cancelled at the provider, so it can no longer be paid, and the promotion use it held is free again at once. One paid meanwhile is fulfilled instead (`paid`). 404 when no payment matches.",
      },
    })
    .get(
      "/api/payment/success",
      async ({ query, request }) => {
        const result = await paymentResult(deps, query.payment_intent, query.payment_intent_client_secret);
        // Why no key was issued, in the page's language (the catalogue's api.PAYMENT_RESULT.… messages).
        return result.error
          ? { ...result, error: await sentencesFor(request)("PAYMENT_RESULT", result.error) }
          : result;
      },
      {
        rateLimit: [perIp("payment-verify", RATE_RULES.paymentVerify)],
        query: PaymentModel.successQuery,
        response: { 200: PaymentModel.result, ...failures(422), ...failures(502) },
        detail: {
          summary: "The result of a payment, for the result page",
          description:
            "Asks the card provider, so it is right even before the provider's webhook arrives: the plan bought, still processing, or why no key was issued. With the intent's client secret (from the provider's return URL) the answer adds the product key.",
        },
      },
    )
    .post(
      "/api/subscription/renew",
      ({ user, body, request }) => createRenewalIntent(deps, user, body, requestIp(request)),
      {
        signedIn: true,
        rateLimit: [perUser("payment-intent", RATE_RULES.paymentIntent)],
        body: SubscriptionModel.renewBody,
        response: {
          200: PaymentModel.intent,
          ...jsonBodyFailures,
          ...failures(409),
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
    .post("/api/seats/add", ({ user, body, request }) => createAddSeatsIntent(deps, user, body, requestIp(request)), {
      signedIn: true,
      rateLimit: [perUser("payment-intent", RATE_RULES.paymentIntent)],
      body: SeatsModel.addBody,
      response: { 200: PaymentModel.intent, ...jsonBodyFailures, ...failures(409), ...failures(502) },
      detail: {
        tags: ["Account"],
        summary: "Add seats: pay for more seats for the running subscription",
        description:
          "On the account's own plan, for the time it has left: each seat costs the plan's price × whole days left ÷ the plan's days, rounded to the cent (at least one day; lifetime access: the full price); the answer's quote carries the arithmetic (`addedSeats`). The promotion code and tax apply to the total, as for any purchase; a free total completes at once. When paid the seats are the account's at once: no product key is made. 409 NO_SUBSCRIPTION, SUBSCRIPTION_EXPIRED or SUBSCRIPTION_SUSPENDED without a running subscription; 422 INVALID_SEATS when the licence would have more than 100 seats.",
      },
    })
    .use(demoPaymentRoutes(deps));
}
