/** Starting a purchase or a renewal: a payment intent for the catalogue price of a plan (never a client's price). */
import type { AppDeps } from "../../deps";
import { PLANS, type PlanId } from "../../shared/plans";
import type { PaymentIntentResponse } from "../../shared/api/payments";
import { CURRENCY, RENEWAL_ACCOUNT_METADATA } from "./provider";
import type { User } from "../../db/schema";
import { getSubscription, normaliseEmail } from "../users/service";
import { AppError } from "../../lib/errors";
import { priceWithTax, type BuyerLocation } from "../tax/service";

/**
 * Renew / Extend from the dashboard: an intent for the signed-in account (its id goes into the
 * metadata here, never from the client); fulfilment applies the key to it. Lifetime access has
 * nothing to extend, so it is refused before any intent exists.
 */
export async function createRenewalIntent(
  deps: Pick<AppDeps, "payments" | "db" | "config" | "tax">,
  user: User,
  plan: PlanId,
  location: BuyerLocation = {},
): Promise<PaymentIntentResponse> {
  const sub = getSubscription(deps.db, user.id);
  if (sub && sub.endDate === null) throw new AppError(409, "ALREADY_LIFETIME", "You already have lifetime access: there is nothing to renew.");
  return createPaymentIntent(deps, { plan, email: user.email, ...location }, user.id);
}

/**
 * With tax on, the tax is calculated first (a missing or rejected location, or the tax provider being
 * down, refuses before any intent exists), and the card is charged the calculation's total.
 */
export async function createPaymentIntent(
  deps: Pick<AppDeps, "payments" | "config" | "tax">,
  input: { plan: PlanId; email: string } & BuyerLocation,
  renewalUserId?: number,
): Promise<PaymentIntentResponse> {
  const plan = PLANS[input.plan];
  const email = normaliseEmail(input.email);
  const renewal: Record<string, string> = renewalUserId === undefined ? {} : { [RENEWAL_ACCOUNT_METADATA]: String(renewalUserId) };
  const priced = await priceWithTax(deps, { amountCents: plan.priceCents, currency: CURRENCY, reference: plan.id, location: input });
  const intent = await deps.payments.createIntent({
    amountCents: priced.totalCents,
    currency: CURRENCY,
    metadata: { plan: plan.id, email, ...renewal, ...priced.metadata },
    receiptEmail: email,
    // A fresh key per request: a new request is a new purchase attempt. The key makes the Stripe
    // client's own retries of this one call (maxNetworkRetries) safe: they never make a second intent.
    idempotencyKey: `create-intent-${crypto.randomUUID()}`,
  });
  return { clientSecret: intent.clientSecret, provider: deps.payments.name, breakdown: priced.breakdown };
}
