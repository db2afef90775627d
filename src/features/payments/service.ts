/**
 * Starting a purchase or a renewal: the one quote (pricing/quote.ts) fixed into a checkout, then a
 * payment intent for exactly its total. The client never sends a price.
 */
import type { AppDeps } from "../../deps";
import type { PlanId } from "@shared/plans";
import type { PaymentIntentResponse, QuoteLines } from "@shared/api/payments";
import { RENEWAL_ACCOUNT_METADATA } from "./provider";
import type { User } from "../../db/schema";
import { getSubscription, normaliseEmail } from "../users/service";
import { AppError } from "../../lib/errors";
import { quote, type Quote } from "../pricing/quote";
import { attachIntent, releaseCheckout, reserveCheckout } from "../pricing/checkouts";
import { centsToDollars } from "@shared/plans";
import { placeFreeOrder } from "./free-order";
import { priceWithTax, type BuyerLocation } from "../tax/service";

/** A quote's lines as the purchase dialog shows them (dollars). */
export function quoteLines(q: Quote): QuoteLines {
  return {
    listPrice: centsToDollars(q.listPriceCents),
    discount: centsToDollars(q.discountCents),
    promotionCode: q.promotionCode,
    subtotal: centsToDollars(q.subtotalCents),
    tax: centsToDollars(q.taxCents),
    total: centsToDollars(q.totalCents),
  };
}

/**
 * Renew / Extend from the dashboard: an intent for the signed-in account (its id goes into the
 * metadata here, never from the client); fulfilment applies the key to it. Lifetime access has
 * nothing to extend, so it is refused before any intent exists.
 */
export async function createRenewalIntent(
  deps: PaymentDeps,
  user: User,
  input: { plan: PlanId; promotionCode?: string | null } & BuyerLocation,
  clientIp: string,
): Promise<PaymentIntentResponse> {
  const sub = getSubscription(deps.db, user.id);
  if (sub && sub.endDate === null)
    throw new AppError(409, "ALREADY_LIFETIME", "You already have lifetime access: there is nothing to renew.");
  return createPaymentIntent(deps, { ...input, email: user.email }, clientIp, { id: user.id });
}

type PaymentDeps = Pick<AppDeps, "payments" | "db" | "clock" | "limiter" | "config" | "tax">;

/**
 * Prices the purchase (the one quote), then either completes it at once when it is free, or reserves
 * its checkout and asks the provider for an intent of exactly the quote's total.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  input: { plan: PlanId; email: string; promotionCode?: string | null } & BuyerLocation,
  clientIp: string,
  account: { id: number } | null = null,
): Promise<PaymentIntentResponse> {
  const email = normaliseEmail(input.email);
  const untaxed = await quote(deps, { plan: input.plan, email, promotionCode: input.promotionCode, account });
  if (untaxed.totalCents === 0) {
    // A free order: nothing to tax, no card.
    const order = placeFreeOrder(deps, untaxed, clientIp);
    const { breakdown } = await priceWithTax(
      { ...deps, tax: null },
      { amountCents: 0, currency: untaxed.currency, reference: untaxed.plan, location: {} },
    );
    return { ...order, provider: "free", quote: quoteLines(untaxed), breakdown };
  }
  // Tax on the amount after any promotion; with tax on, a missing or rejected location, or the tax provider
  // down, refuses here, before any checkout or intent exists.
  const taxed = await priceWithTax(deps, {
    amountCents: untaxed.subtotalCents,
    currency: untaxed.currency,
    reference: untaxed.plan,
    location: input,
  });
  const priced = { ...untaxed, taxCents: taxed.breakdown.taxCents, totalCents: taxed.totalCents };
  const checkout = reserveCheckout(deps, priced);
  const metadata: Record<string, string> = { plan: priced.plan, email, ...taxed.metadata };
  if (account) metadata[RENEWAL_ACCOUNT_METADATA] = String(account.id);
  // For the operator reading the payment in Stripe's dashboard; the server reads the checkout, not this.
  if (priced.promotionCode) metadata.promotionCode = priced.promotionCode;
  let intent;
  try {
    intent = await deps.payments.createIntent({
      amountCents: priced.totalCents,
      currency: priced.currency,
      metadata,
      receiptEmail: email,
      // A fresh key per request: a new request is a new purchase attempt. The key makes the Stripe
      // client's own retries of this one call (maxNetworkRetries) safe: they never make a second intent.
      idempotencyKey: `create-intent-${crypto.randomUUID()}`,
    });
  } catch (error) {
    releaseCheckout(deps.db, { id: checkout.id }, deps.clock.now());
    throw error;
  }
  attachIntent(deps.db, checkout.id, intent.id);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: deps.payments.name,
    quote: quoteLines(priced),
    breakdown: taxed.breakdown,
  };
}
