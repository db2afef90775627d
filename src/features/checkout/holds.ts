/**
 * A payment started: the quote fixed into it, and the promotion use it holds. A use is reserved, in the
 * write transaction that checks the code's limits, before the provider is asked for an intent, so however
 * many buyers race for a code's last uses, no more payments start with it than it has uses. The use is
 * released when the buyer closes the dialog or the payment fails (the intent is then cancelled), when the
 * intent could not be made, or when it is left unpaid past CHECKOUT_HOLD_MS; it is kept for good when the
 * payment succeeds, which is always honoured, even after the hold ran out.
 */
import { recordCheckout } from "../ownership/service";
import { and, asc, eq, gt, isNotNull, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { checkouts, type Checkout } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import { assertPromotionApplies } from "../pricing/promotion-codes";
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
  "companyName" | "companyAddress" | "taxId" | "withdrawalConsentAt" | "withdrawalConsentVersion" | "language"
>;

/**
 * Records the quote as a started payment, reserving the code's use. The code's rules are checked again
 * inside the write transaction: this is where the limit holds under races.
 */
export async function reserveCheckout(
  deps: { db: Db; clock: { now(): number } },
  quote: Quote,
  details: CheckoutDetails,
): Promise<Checkout> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (quote.promotionCode) await assertPromotionApplies(tx, { ...quote, promotionCode: quote.promotionCode }, now);
    const [reserved] = await tx
      .insert(checkouts)
      .values({
        plan: quote.plan,
        email: quote.email,
        accountId: quote.accountId,
        listPriceCents: quote.listPriceCents,
        seats: quote.seats,
        kind: quote.kind,
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
      .returning();
    await recordCheckout(tx, reserved, now);
    return reserved;
  });
}

/** Names the provider's intent made for a reserved checkout. */
export async function attachIntent(db: DbOrTx, checkoutId: number, paymentIntentId: string): Promise<void> {
  await db.update(checkouts).set({ paymentIntentId }).where(eq(checkouts.id, checkoutId));
}

export async function checkoutOfIntent(db: DbOrTx, paymentIntentId: string): Promise<Checkout | undefined> {
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.paymentIntentId, paymentIntentId)).limit(1);
  return checkout;
}

/**
 * Whether a cancelled checkout was taken over: the same buyer started a payment with the same once-per-buyer
 * code after it (in another window), which cancelled this one. That payment goes on; this one was no failure.
 */
export async function wasTakenOver(db: DbOrTx, checkout: Checkout): Promise<boolean> {
  if (checkout.promotionCodeId === null) return false;
  const [later] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.email, checkout.email),
        eq(checkouts.promotionCodeId, checkout.promotionCodeId),
        gt(checkouts.id, checkout.id),
      ),
    )
    .limit(1);
  return later !== undefined;
}

/** Frees a reserved use (intent cancelled, not made, or expired). A paid checkout stays paid. Answers whether it changed. */
export async function releaseCheckout(
  db: DbOrTx,
  where: { id: number } | { paymentIntentId: string },
  now: number,
): Promise<boolean> {
  const match = "id" in where ? eq(checkouts.id, where.id) : eq(checkouts.paymentIntentId, where.paymentIntentId);
  const released = await db
    .update(checkouts)
    .set({ status: "released", releasedAt: now })
    .where(and(match, eq(checkouts.status, "reserved")))
    .returning({ id: checkouts.id });
  return released.length > 0;
}

/** The payment succeeded: its use is kept for good (called in the fulfilment's transaction). */
export async function markCheckoutPaid(db: DbOrTx, paymentIntentId: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: "paid", releasedAt: null })
    .where(eq(checkouts.paymentIntentId, paymentIntentId));
}

/** Reserved checkouts whose hold ran out and whose intent may still be open at the provider. */
export async function expiredReservations(db: DbOrTx, now: number): Promise<Checkout[]> {
  return db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.status, "reserved"), lte(checkouts.expiresAt, now), isNotNull(checkouts.promotionCodeId)))
    .orderBy(asc(checkouts.id));
}

/** The buyer's open payments with a code: reserved, still holding their use, with an intent made. */
export async function openCheckoutsOfBuyer(
  db: DbOrTx,
  email: string,
  promotionCodeId: number,
  now: number,
): Promise<Checkout[]> {
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
    .orderBy(asc(checkouts.id));
}

/**
 * The buyer is back at the card form of their open payment: its hold starts again and what they said
 * since (business details, consent) is kept. false when it is no longer reserved, or its hold ran out:
 * an expired hold no longer counts against the code, so taking it up again is a new reservation, with
 * the code's limits checked (reserveCheckout).
 */
export async function renewHold(
  db: DbOrTx,
  checkoutId: number,
  now: number,
  details: CheckoutDetails,
): Promise<boolean> {
  const renewed = await db
    .update(checkouts)
    .set({ expiresAt: now + CHECKOUT_HOLD_MS, ...details })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "reserved"), gt(checkouts.expiresAt, now)))
    .returning({ id: checkouts.id });
  return renewed.length > 0;
}
