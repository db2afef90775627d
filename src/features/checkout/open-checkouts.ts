/**
 * A buyer's open payments (checkout/holds.ts). Closing the purchase dialog, a payment that fails, or a
 * hold that runs out cancels the intent at the provider, so it can no longer be paid, and gives its
 * promotion use back at once. The browser that opened a payment proves it with the intent's client
 * secret: asking again for the same thing gets that payment back. A once-per-buyer code's open payment
 * for the same address, opened elsewhere, is taken over (cancelled, then started anew), so nobody's code
 * is blocked by a payment they are not making.
 */
import type { AppDeps } from "../../deps";
import type { Checkout } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { checkoutOfIntent, openCheckoutsOfBuyer, releaseCheckout, wasTakenOver } from "./holds";
import { findPromotionCode, normaliseCode } from "../pricing/promotion-codes";
import { fulfilPayment } from "./fulfilment";
import type { ProviderIntent } from "../payments/provider";
import { sameSecret } from "../../lib/signed";

type Deps = Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "jwtSecret" | "tax">>;

/** What became of an open payment: released (cancelled, its use free), paid meanwhile, or still processing. */
export type Settled = "released" | "paid" | "processing";

/**
 * Cancels a reserved checkout's intent at the provider and frees its use. One the buyer paid meanwhile is
 * fulfilled instead (a payment made is always honoured); one still processing is left for its webhook.
 */
export async function settleCheckout(deps: Deps, checkout: Checkout): Promise<Settled> {
  if (checkout.status === "paid") return "paid";
  if (checkout.status === "released") return "released";
  // No intent: the provider was never reached for it (its creation failed or the process stopped).
  const intent = checkout.paymentIntentId ? await deps.payments.cancelIntent(checkout.paymentIntentId) : null;
  if (intent?.status === "succeeded") return (await fulfilPayment(deps, intent.id)).success ? "paid" : "processing";
  if (intent?.status === "processing") return "processing";
  await releaseCheckout(deps.db, { id: checkout.id }, deps.clock.now());
  return "released";
}

/** The checkout of `paymentIntentId` and the intent as the provider has it, when `clientSecret` is the intent's. */
export async function provenPayment(
  deps: Deps,
  proof: { paymentIntentId: string; clientSecret: string },
): Promise<{ checkout: Checkout; intent: ProviderIntent } | null> {
  const checkout = await checkoutOfIntent(deps.db, proof.paymentIntentId);
  if (!checkout || checkout.clientSecret !== null) return null; // unknown, or a free order (nothing to cancel)
  const intent = await deps.payments.retrieveIntent(proof.paymentIntentId);
  if (!intent?.clientSecret || !sameSecret(intent.clientSecret, proof.clientSecret)) return null;
  return { checkout, intent };
}

/**
 * POST /api/payment/cancel: the dialog was closed, or its payment failed. A payment another window of the same
 * buyer had taken over (released before this asked) says so: the card form that found it cancelled tells the buyer
 * it goes on there, not that it failed.
 */
export async function cancelOwnPayment(
  deps: Deps,
  proof: { paymentIntentId: string; clientSecret: string },
): Promise<{ status: Settled; takenOver?: true }> {
  const own = await provenPayment(deps, proof);
  if (!own) throw notFound("No payment matches this id and client secret.");
  const releasedBefore = own.checkout.status === "released";
  const status = await settleCheckout(deps, own.checkout);
  return releasedBefore && (await wasTakenOver(deps.db, own.checkout)) ? { status, takenOver: true } : { status };
}

/**
 * Before a buyer starts a payment with a once-per-buyer code, their other open payments with it are
 * cancelled and their uses freed (all but `keep`, the one this browser proved is its own).
 */
export async function takeOverOpenPayments(
  deps: Deps,
  email: string,
  typedCode: string | null | undefined,
  keep?: number,
) {
  if (!typedCode?.trim()) return;
  const promotion = await findPromotionCode(deps.db, normaliseCode(typedCode));
  if (!promotion?.oncePerBuyer) return;
  for (const checkout of await openCheckoutsOfBuyer(deps.db, email, promotion.id, deps.clock.now()))
    if (checkout.id !== keep) await settleCheckout(deps, checkout);
}
