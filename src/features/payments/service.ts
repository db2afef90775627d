/** Starting a purchase: a payment intent for the catalogue price of a plan (never a client's price). */
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { PLANS, type PlanId } from "../../shared/plans";
import type { PaymentIntentResponse } from "../../shared/api-types";
import { normaliseEmail } from "../users/service";

export const CURRENCY = "usd";

export function providerUnavailable(cause: unknown): AppError {
  console.error("[payments] provider call failed:", cause instanceof Error ? cause.message : cause);
  return new AppError(502, "PAYMENT_PROVIDER_UNAVAILABLE", "The payment provider could not be reached. Please try again in a moment.");
}

export async function createPaymentIntent(
  deps: Pick<AppDeps, "payments">,
  input: { plan: PlanId; email: string },
): Promise<PaymentIntentResponse> {
  const plan = PLANS[input.plan];
  const email = normaliseEmail(input.email);
  try {
    const intent = await deps.payments.createIntent({
      amountCents: plan.priceCents,
      currency: CURRENCY,
      metadata: { plan: plan.id, email },
      receiptEmail: email,
      // A fresh key per request: a new request is a new purchase attempt. The key makes the Stripe
      // client's own retries of this one call (maxNetworkRetries) safe: they never make a second intent.
      idempotencyKey: `create-intent-${crypto.randomUUID()}`,
    });
    return { clientSecret: intent.clientSecret, provider: deps.payments.name };
  } catch (error) {
    throw providerUnavailable(error);
  }
}
