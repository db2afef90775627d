/**
 * Free orders: a promotion code that brings the total to 0 completes at once, with no card and no call
 * to the card provider. The sale (of 0, with the code), the key and its e-mail (or the renewal) are
 * made in one transaction, through the same recordSale as a paid order. The browser gets an id and a
 * client secret of the order's own, so the result page shows the key as it does after a card payment.
 */
import { recordCheckout } from "../ownership/service";
import type { AppDeps } from "../../deps";
import { checkouts } from "../../db/schema";
import { RATE_RULES } from "../../lib/rate-limit";
import { newToken } from "../../lib/random";
import { assertPromotionApplies } from "../pricing/promotion-codes";
import type { Quote } from "./quote";
import type { CheckoutDetails } from "./holds";
import { recordSale } from "./fulfilment";
import { RENEWAL_ACCOUNT_METADATA, type ProviderIntent } from "../payments/provider";

export const FREE_ORDER_PREFIX = "free_";

const FREE_ORDER_LIMIT_MESSAGE = "Too many free orders. Please wait a while before placing another.";

export async function placeFreeOrder(
  deps: Pick<AppDeps, "db" | "clock" | "limiter" | "config" | "payments">,
  priced: Quote,
  clientIp: string,
  details: CheckoutDetails,
): Promise<{ paymentIntentId: string; clientSecret: string }> {
  await deps.limiter.take("free-order", { ip: clientIp }, RATE_RULES.freeOrderPerIp, FREE_ORDER_LIMIT_MESSAGE);
  await deps.limiter.take(
    "free-order",
    { email: priced.email },
    RATE_RULES.freeOrderPerAddressDaily,
    FREE_ORDER_LIMIT_MESSAGE,
  );
  const id = `${FREE_ORDER_PREFIX}${newToken(12)}`;
  const clientSecret = `${id}_secret_${newToken(24)}`;
  const now = deps.clock.now();
  const metadata: Record<string, string> = { plan: priced.plan, email: priced.email };
  if (priced.accountId !== null) metadata[RENEWAL_ACCOUNT_METADATA] = String(priced.accountId);
  if (priced.kind !== "purchase") metadata.kind = priced.kind;
  // What a provider would report for a payment of 0 that succeeded.
  const order: ProviderIntent = {
    id,
    status: "succeeded",
    amountCents: 0,
    currency: priced.currency,
    metadata,
    feeCents: 0,
    amountRefunded: 0,
    clientSecret,
  };
  // The code's limits are checked again in the transaction that uses it, with the code's row locked:
  // parallel orders can't pass them together on either engine.
  await deps.db.transaction(async (tx) => {
    if (priced.promotionCode) {
      await assertPromotionApplies(
        tx,
        { promotionCode: priced.promotionCode, plan: priced.plan, email: priced.email },
        now,
      );
    }
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        paymentIntentId: id,
        clientSecret,
        plan: priced.plan,
        email: priced.email,
        accountId: priced.accountId,
        listPriceCents: priced.listPriceCents,
        seats: priced.seats,
        kind: priced.kind,
        discountCents: priced.discountCents,
        promotionCodeId: priced.promotionCodeId,
        promotionCode: priced.promotionCode,
        subtotalCents: priced.subtotalCents,
        taxCents: priced.taxCents,
        totalCents: 0,
        currency: priced.currency,
        status: "reserved",
        createdAt: now,
        expiresAt: now,
        ...details,
      })
      .returning();
    await recordCheckout(tx, checkout, now);
    await recordSale(tx, deps, order, checkout, now);
  });
  return { paymentIntentId: id, clientSecret };
}
