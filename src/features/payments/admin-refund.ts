/**
 * Refunding from the admin panel: the provider is asked for the refund (with an idempotency key made
 * from the sale and what has been refunded so far, so a double click can't refund twice), and its
 * answer goes through the same code as the provider's webhook. The webhook that follows for the same
 * refund then finds nothing left to do.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { sales, type Sale } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/errors";
import { recordPartialRefund, refundPayment } from "./fulfilment";
import { syncTaxRecords } from "../tax/service";

const ALREADY_REFUNDED = "This sale has already been refunded.";

/** `amount` in dollars; left out, the whole remainder. Answers the sale afterwards. */
export async function refundSale(
  deps: Pick<AppDeps, "db" | "clock" | "payments"> & Partial<Pick<AppDeps, "tax">>,
  actorUserId: number,
  saleId: number,
  amount?: number,
): Promise<Sale> {
  const sale = deps.db.select().from(sales).where(eq(sales.id, saleId)).get();
  if (!sale) throw notFound("No sale with this id.");
  if (sale.status === "refunded") throw conflict("ALREADY_REFUNDED", ALREADY_REFUNDED);
  // The card network holds a disputed payment: it can't be refunded until the dispute ends.
  if (sale.status === "disputed") throw conflict("SALE_DISPUTED", "This sale's payment is disputed, so it can't be refunded until the dispute ends.");
  const remainder = sale.amountCents - sale.refundedCents;
  const amountCents = amount === undefined ? remainder : Math.round(amount * 100);
  if (amount !== undefined && Math.abs(amount * 100 - amountCents) > 1e-6) {
    throw new AppError(422, "VALIDATION", "The amount must be in dollars and cents, e.g. 5.00.");
  }
  if (amountCents > remainder) {
    throw conflict("REFUND_TOO_LARGE", `That is more than is left to refund: $${(remainder / 100).toFixed(2)}.`);
  }
  const outcome = await deps.payments.refund({
    paymentIntentId: sale.paymentIntentId,
    amountCents,
    idempotencyKey: `refund-sale-${sale.id}-after-${sale.refundedCents}-of-${amountCents}`,
  });
  if (outcome.fullyRefunded) await refundPayment(deps, sale.paymentIntentId, actorUserId);
  else {
    recordPartialRefund(deps, sale.paymentIntentId, outcome.amountRefunded, actorUserId);
    await syncTaxRecords(deps);
  }
  return deps.db.select().from(sales).where(eq(sales.id, saleId)).get()!;
}
