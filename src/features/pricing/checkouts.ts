/**
 * A payment started: the quote fixed into it, and the promotion use it holds. A use is reserved, under
 * the database's write lock, before the provider is asked for an intent, so however many buyers race
 * for a code's last uses, no more payments start with it than it has uses. The use is released when the
 * buyer closes the dialog or the payment fails (the intent is then cancelled), when the intent could not
 * be made, or when it is left unpaid past CHECKOUT_HOLD_MS; it is kept for good when the payment
 * succeeds, which is always honoured, even after the hold ran out.
 */
import { and, eq, gt, isNotNull, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { checkouts, type Checkout } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import { findPromotionCode, PromotionCodeRefused, refusalFor } from "./promotion-codes";
import type { Quote } from "./quote";

/**
 * How long an unpaid payment holds its promotion use; then the sweeper cancels its intent at the provider
 * (so it can no longer be paid) and frees the use. A payment is only ever confirmed in the open purchase
 * dialog (cards only, no redirect to another site): typing a card takes a minute or two, and a bank's
 * 3-D Secure challenge is answered within minutes or abandoned. 15 minutes covers a slow buyer with a
 * challenge; longer would only keep a use from other buyers for a dialog nobody is looking at. A buyer
 * who comes back later is given a new payment by the dialog (or their old one back, renewed, while it holds).
 */
export const CHECKOUT_HOLD_MS = 15 * MINUTE;

/** What the buyer said besides the quote, kept with the checkout and copied onto the sale when paid. */
export type CheckoutDetails = Pick<
  Checkout,
  "companyName" | "companyAddress" | "taxId" | "withdrawalConsentAt" | "withdrawalConsentVersion"
>;

/**
 * Records the quote as a started payment, reserving the code's use. The code's rules are checked again
 * inside the write transaction: this is where the limit holds under races.
 */
export function reserveCheckout(
  deps: { db: Db; clock: { now(): number } },
  quote: Quote,
  details: CheckoutDetails,
): Checkout {
  const now = deps.clock.now();
  return deps.db.transaction(
    (tx) => {
      if (quote.promotionCode) {
        const promotion = findPromotionCode(tx, quote.promotionCode);
        const refusal = refusalFor(tx, promotion, { plan: quote.plan, email: quote.email, now });
        if (refusal) throw new PromotionCodeRefused(refusal, quote.promotionCode, promotion, quote.plan);
      }
      return tx
        .insert(checkouts)
        .values({
          plan: quote.plan,
          email: quote.email,
          accountId: quote.accountId,
          listPriceCents: quote.listPriceCents,
          discountCents: quote.discountCents,
          promotionCodeId: quote.promotionCodeId,
          promotionCode: quote.promotionCode,
          subtotalCents: quote.subtotalCents,
          taxCents: quote.taxCents,
          totalCents: quote.totalCents,
          currency: quote.currency,
          status: "reserved",
          createdAt: now,
          expiresAt: now + CHECKOUT_HOLD_MS,
          ...details,
        })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}

/** Names the provider's intent made for a reserved checkout. */
export function attachIntent(db: DbOrTx, checkoutId: number, paymentIntentId: string) {
  db.update(checkouts).set({ paymentIntentId }).where(eq(checkouts.id, checkoutId)).run();
}

export function checkoutOfIntent(db: DbOrTx, paymentIntentId: string): Checkout | undefined {
  return db.select().from(checkouts).where(eq(checkouts.paymentIntentId, paymentIntentId)).get();
}

/** Frees a reserved use (intent cancelled, not made, or expired). A paid checkout stays paid. Answers whether it changed. */
export function releaseCheckout(db: DbOrTx, where: { id: number } | { paymentIntentId: string }, now: number): boolean {
  const match = "id" in where ? eq(checkouts.id, where.id) : eq(checkouts.paymentIntentId, where.paymentIntentId);
  return (
    db
      .update(checkouts)
      .set({ status: "released", releasedAt: now })
      .where(and(match, eq(checkouts.status, "reserved")))
      .returning({ id: checkouts.id })
      .all().length > 0
  );
}

/** The payment succeeded: its use is kept for good (called in the fulfilment's transaction). */
export function markCheckoutPaid(db: DbOrTx, paymentIntentId: string) {
  db.update(checkouts)
    .set({ status: "paid", releasedAt: null })
    .where(eq(checkouts.paymentIntentId, paymentIntentId))
    .run();
}

/** Reserved checkouts whose hold ran out and whose intent may still be open at the provider. */
export function expiredReservations(db: DbOrTx, now: number): Checkout[] {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.status, "reserved"), lte(checkouts.expiresAt, now), isNotNull(checkouts.promotionCodeId)))
    .all();
}

/** The buyer's open payments with a code: reserved, still holding their use, with an intent made. */
export function openCheckoutsOfBuyer(db: DbOrTx, email: string, promotionCodeId: number, now: number): Checkout[] {
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.email, email),
        eq(checkouts.promotionCodeId, promotionCodeId),
        eq(checkouts.status, "reserved"),
        gt(checkouts.expiresAt, now),
        isNotNull(checkouts.paymentIntentId),
      ),
    )
    .all();
}

/**
 * The buyer is back at the card form of their open payment: its hold starts again and what they said
 * since (business details, consent) is kept. false when it is no longer reserved.
 */
export function renewHold(db: DbOrTx, checkoutId: number, now: number, details: CheckoutDetails): boolean {
  return (
    db
      .update(checkouts)
      .set({ expiresAt: now + CHECKOUT_HOLD_MS, ...details })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "reserved")))
      .returning({ id: checkouts.id })
      .all().length > 0
  );
}
