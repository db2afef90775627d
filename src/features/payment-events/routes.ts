/** The card provider's webhook: Stripe's events, each handled once. */
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { failures } from "@shared/api/common";
import { PaymentModel } from "@shared/api/payments";
import { handleWebhook } from "./webhook";

export function paymentEventRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Payments"] }).post(
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
  );
}
