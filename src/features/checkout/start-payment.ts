/**
 * Starting a purchase or a renewal: the one quote (quote.ts) fixed into a checkout, then a
 * payment intent for exactly its total. The client never sends a price.
 */
import type { AppDeps } from "../../deps";
import type { PlanId } from "@shared/plans";
import type { PaymentIntentResponse, QuoteLines } from "@shared/api/payments";
import { type CreatedIntent, RENEWAL_ACCOUNT_METADATA, type ProviderIntent } from "../payments/provider";
import type { Checkout, User } from "../../db/schema";
import { getSubscription, normaliseEmail } from "../users/service";
import { AppError } from "../../lib/errors";
import { quote, type Quote } from "./quote";
import { attachIntent, releaseCheckout, renewHold, reserveCheckout, type CheckoutDetails } from "./holds";
import { centsToDollars } from "@shared/plans";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { placeFreeOrder } from "./free-order";
import { priceWithTax, type BuyerLocation } from "../tax/service";
import { withdrawalConsentOf, type WithdrawalConsent } from "./withdrawal-consent";
import { provenPayment, settleCheckout, takeOverOpenPayments } from "./open-checkouts";

/** What the buyer says in the dialog besides the plan, the code and the billing location. */
export interface BuyerChoices {
  previous?: { paymentIntentId: string; clientSecret: string };
  withdrawalConsent?: boolean;
  companyName?: string;
  companyAddress?: string;
  /** The language the checkout is shown in; absent (an older page) means English. */
  language?: SiteLanguage;
}

/** A quote's lines as the purchase dialog shows them (dollars). */
export function quoteLines(q: Quote): QuoteLines {
  return {
    seats: q.seats,
    unitPrice: centsToDollars(q.unitPriceCents),
    ...(q.proration
      ? {
          addedSeats: {
            planPrice: centsToDollars(q.proration.planPriceCents),
            daysLeft: q.proration.daysLeft,
            planDays: q.proration.planDays,
          },
        }
      : {}),
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
  input: { plan: PlanId; promotionCode?: string | null; seats?: number } & BuyerLocation & BuyerChoices,
  clientIp: string,
): Promise<PaymentIntentResponse> {
  const sub = await getSubscription(deps.db, user.id);
  if (sub && sub.endDate === null)
    throw new AppError(409, "ALREADY_LIFETIME", "You already have lifetime access: there is nothing to renew.");
  return createPaymentIntent(deps, { ...input, email: user.email }, clientIp, { id: user.id });
}

type PaymentDeps = Pick<AppDeps, "payments" | "db" | "clock" | "limiter" | "config" | "tax">;

type IntentInput = { plan: PlanId; email: string; promotionCode?: string | null; seats?: number } & BuyerLocation &
  BuyerChoices;

/** The business details and consent to keep with the checkout; a 422 for a company address without a name. */
function checkoutDetails(
  deps: Pick<AppDeps, "config">,
  input: IntentInput,
  consent: WithdrawalConsent | null,
): CheckoutDetails {
  const companyName = input.companyName?.trim() || null;
  const companyAddress = input.companyAddress?.trim() || null;
  if (companyAddress && !companyName)
    throw new AppError(
      422,
      "COMPANY_NAME_REQUIRED",
      "Please enter the company's name too, or leave the business details empty.",
    );
  return {
    companyName,
    companyAddress,
    // With tax on the tax ID is checked and carried with the tax; with tax off it is only printed on the invoice.
    taxId: deps.config.tax.mode === "off" ? input.taxId?.trim().toUpperCase() || null : null,
    withdrawalConsentAt: consent?.withdrawalConsentAt ?? null,
    withdrawalConsentVersion: consent?.withdrawalConsentVersion ?? null,
    language: input.language ?? DEFAULT_LANGUAGE,
  };
}

/** The intent's metadata that says what was bought and for whom; the tax calculation's id may differ. */
const SAME_PAYMENT_METADATA = [
  "plan",
  "kind",
  "seats",
  "email",
  "promotionCode",
  "country",
  "postalCode",
  "taxId",
  RENEWAL_ACCOUNT_METADATA,
];

/** Whether the browser's open payment is what it asks for now, and can still be paid as it is. */
function stillWanted(
  own: { checkout: Checkout; intent: ProviderIntent },
  priced: Quote,
  metadata: Record<string, string>,
) {
  return (
    own.checkout.status === "reserved" &&
    own.intent.status === "requires_payment_method" &&
    own.intent.amountCents === priced.totalCents &&
    own.checkout.promotionCodeId === priced.promotionCodeId &&
    SAME_PAYMENT_METADATA.every((key) => (own.intent.metadata[key] ?? "") === (metadata[key] ?? ""))
  );
}

/**
 * Prices the purchase (the one quote), then either completes it at once when it is free, or reserves
 * its checkout and asks the provider for an intent of exactly the quote's total. The browser's own open
 * payment (`previous`) is answered again when it is still what is asked, and cancelled otherwise.
 */
export async function createPaymentIntent(
  deps: PaymentDeps,
  input: IntentInput,
  clientIp: string,
  /** The signed-in account a renewal, or added seats (`adding`), are for. */
  account: { id: number; adding?: { daysLeft: number | null } } | null = null,
): Promise<PaymentIntentResponse> {
  const email = normaliseEmail(input.email);
  // Refused before anything is priced or reserved.
  const details = checkoutDetails(deps, input, withdrawalConsentOf(deps.config, input, deps.clock.now()));
  const own = input.previous ? await provenPayment(deps, input.previous) : null;
  const keep = own?.checkout.status === "reserved" ? own.checkout.id : undefined;
  await takeOverOpenPayments(deps, email, input.promotionCode, keep);
  const untaxed = await quote(deps, {
    plan: input.plan,
    email,
    promotionCode: input.promotionCode,
    seats: input.seats,
    account,
    except: keep,
    adding: account?.adding,
  });
  if (untaxed.totalCents === 0) {
    // A free order: nothing to tax, no card.
    if (own) await settleCheckout(deps, own.checkout);
    const order = await placeFreeOrder(deps, untaxed, clientIp, details);
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
  const metadata: Record<string, string> = { plan: priced.plan, email, ...taxed.metadata };
  if (account) metadata[RENEWAL_ACCOUNT_METADATA] = String(account.id);
  // For the operator reading the payment; the checkout's kind is what fulfilment goes by.
  if (priced.kind !== "purchase") metadata.kind = priced.kind;
  // For the operator reading the payment in Stripe's dashboard, like the code; the checkout keeps the count.
  if (priced.seats !== 1) metadata.seats = String(priced.seats);
  // For the operator reading the payment in Stripe's dashboard; the server reads the checkout, not this.
  if (priced.promotionCode) metadata.promotionCode = priced.promotionCode;
  const answer = (paymentIntentId: string, clientSecret: string): PaymentIntentResponse => ({
    clientSecret,
    paymentIntentId,
    provider: deps.payments.name,
    quote: quoteLines(priced),
    breakdown: taxed.breakdown,
  });

  if (
    own &&
    stillWanted(own, priced, metadata) &&
    (await renewHold(deps.db, own.checkout.id, deps.clock.now(), details))
  )
    return answer(own.intent.id, input.previous!.clientSecret);
  if (own) await settleCheckout(deps, own.checkout);

  const checkout = await reserveCheckout(deps, priced, details);
  let intent: CreatedIntent;
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
    await releaseCheckout(deps.db, { id: checkout.id }, deps.clock.now());
    throw error;
  }
  await attachIntent(deps.db, checkout.id, intent.id);
  return answer(intent.id, intent.clientSecret);
}
