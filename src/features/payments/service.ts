/** Starting a purchase: a payment intent for the catalogue price of a plan (never a client's price). */
import type { AppDeps } from "../../deps";
import { PLANS, type PlanId } from "../../shared/plans";
import { normaliseEmail } from "../users/service";
import type { PaymentIntentResponse } from "./model";
import { CURRENCY } from "./provider";

export async function createPaymentIntent(
  deps: Pick<AppDeps, "payments">,
  input: { plan: PlanId; email: string },
): Promise<PaymentIntentResponse> {
  const plan = PLANS[input.plan];
  const email = normaliseEmail(input.email);
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
}
