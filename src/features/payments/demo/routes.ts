/** POST /api/payment/demo/confirm: the demo card form's "Complete Payment". 404 unless the demo provider is active. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../../deps";
import { notFound } from "../../../lib/errors";
import { PaymentModel } from "../model";
import { fulfilPayment } from "../fulfilment";
import { confirmDemoPayment } from "./provider";

export function demoPaymentRoutes(deps: AppDeps) {
  return new Elysia()
    .post("/api/payment/demo/confirm", async ({ body }) => {
      if (deps.payments.name !== "demo") throw notFound("Test payments are not available on this site.");
      const confirmed = confirmDemoPayment(deps.db, body.clientSecret, body.cardNumber);
      // Stands in for the provider's webhook: the key is issued even if the browser never comes back.
      await fulfilPayment(deps, confirmed.paymentIntentId);
      return confirmed;
    }, { body: PaymentModel.demoConfirmBody });
}
