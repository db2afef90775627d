/** POST /api/payment/demo/confirm: the demo card form's "Complete Payment". 404 unless the demo provider is active. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { PaymentModel } from "@shared/api/payments";
import { confirmDemoPayment } from "./demo-payment";

export function demoPaymentRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] }).post(
    "/api/payment/demo/confirm",
    ({ body }) => {
      if (deps.payments.name !== "demo") throw notFound("Test payments are not available on this site.");
      return confirmDemoPayment(deps, body.clientSecret, body.cardNumber);
    },
    {
      body: PaymentModel.demoConfirmBody,
      response: { 200: PaymentModel.demoConfirmed, ...jsonBodyFailures, ...failures(402, 404, 409, 502) },
      detail: {
        summary: "Pay with the test card form",
        description:
          "Only on a site without a card provider (404 otherwise): the demo card form's Complete Payment. A declined test card is a 402, a canceled payment a 409; confirming a paid one again answers the same success.",
      },
    },
  );
}
