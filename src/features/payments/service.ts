/** Starting a purchase or a renewal: a payment intent for the catalogue price of a plan (never a client's price). */
import type { AppDeps } from "../../deps";
import { PLANS, type PlanId } from "../../shared/plans";
import type { PaymentIntentResponse } from "../../shared/api/payments";
import { CURRENCY, RENEWAL_ACCOUNT_METADATA } from "./provider";
import type { User } from "../../db/schema";
import { getSubscription, normaliseEmail } from "../users/service";
import { AppError } from "../../lib/errors";

/**
 * Renew / Extend from the dashboard: an intent for the signed-in account (its id goes into the
 * metadata here, never from the client); fulfilment applies the key to it. Lifetime access has
 * nothing to extend, so it is refused before any intent exists.
 */
export async function createRenewalIntent(deps: Pick<AppDeps, "payments" | "db">, user: User, plan: PlanId): Promise<PaymentIntentResponse> {
  const sub = getSubscription(deps.db, user.id);
  if (sub && sub.endDate === null) throw new AppError(409, "ALREADY_LIFETIME", "You already have lifetime access: there is nothing to renew.");
  return createPaymentIntent(deps, { plan, email: user.email }, user.id);
}

export async function createPaymentIntent(
  deps: Pick<AppDeps, "payments">,
  input: { plan: PlanId; email: string },
  renewalUserId?: number,
): Promise<PaymentIntentResponse> {
  const plan = PLANS[input.plan];
  const email = normaliseEmail(input.email);
  const renewal: Record<string, string> = renewalUserId === undefined ? {} : { [RENEWAL_ACCOUNT_METADATA]: String(renewalUserId) };
  const intent = await deps.payments.createIntent({
    amountCents: plan.priceCents,
    currency: CURRENCY,
    metadata: { plan: plan.id, email, ...renewal },
    receiptEmail: email,
    // A fresh key per request: a new request is a new purchase attempt. The key makes the Stripe
    // client's own retries of this one call (maxNetworkRetries) safe: they never make a second intent.
    idempotencyKey: `create-intent-${crypto.randomUUID()}`,
  });
  return { clientSecret: intent.clientSecret, provider: deps.payments.name };
}
