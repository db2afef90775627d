/**
 * The demo card form's "Complete Payment" (development only): confirms the intent as a card processor
 * would, then fulfils it at once, standing in for the provider's webhook.
 */
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { demoPaymentIntents } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { fulfilPayment } from "./fulfilment";
import type { DemoConfirmResponse } from "@shared/api/payments";
import { PAYMENT_TAKEN_OVER_MESSAGE } from "@shared/payment-taken-over";
import { checkoutOfIntent, wasTakenOver } from "./holds";
import { settleCheckout } from "./open-checkouts";

/** A card number ending in 0002 is declined, like Stripe's test card 4000 0000 0000 0002. */
const DECLINING_CARD_SUFFIX = "0002";
const CARD_DECLINED_MESSAGE = "Your card was declined.";

const canceled = () => new AppError(409, "PAYMENT_CANCELED", "This payment was canceled.");

/** Cancelled because the buyer started the same code's payment in another window: that one goes on. */
const takenOver = () => new AppError(409, "PAYMENT_TAKEN_OVER", PAYMENT_TAKEN_OVER_MESSAGE);

/** Why a cancelled intent can't be paid: taken over by another window, or simply cancelled. */
async function cancelledBecause(deps: Pick<AppDeps, "db">, intentId: string): Promise<AppError> {
  const checkout = await checkoutOfIntent(deps.db, intentId);
  return checkout && (await wasTakenOver(deps.db, checkout)) ? takenOver() : canceled();
}

/**
 * A declining test card answers 402 with the provider's sentence; confirming an already-paid intent
 * answers the same success again. The key is issued even if the browser never comes back.
 */
export async function confirmDemoPayment(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config">,
  clientSecret: string,
  cardNumber: string | undefined,
): Promise<DemoConfirmResponse> {
  const [row] = await deps.db
    .select()
    .from(demoPaymentIntents)
    .where(eq(demoPaymentIntents.clientSecret, clientSecret))
    .limit(1);
  if (!row) throw notFound("No payment matches this client secret.");
  if (row.status === "canceled") throw await cancelledBecause(deps, row.id);
  if (row.status !== "succeeded") {
    const digits = (cardNumber ?? "").replace(/\D/g, "");
    if (cardNumber !== undefined && (digits.length < 12 || digits.length > 19)) {
      throw new AppError(400, "INCOMPLETE_NUMBER", "Your card number is incomplete.");
    }
    if (digits.endsWith(DECLINING_CARD_SUFFIX)) {
      // A failed payment gives its promotion use back at once, as Stripe's payment_failed does.
      const checkout = await checkoutOfIntent(deps.db, row.id);
      if (checkout) await settleCheckout(deps, checkout);
      throw new AppError(402, "CARD_DECLINED", CARD_DECLINED_MESSAGE);
    }
    // Only an intent still waiting is paid: one cancelled meanwhile (dialog closed, hold ran out) stays cancelled.
    const [paid] = await deps.db
      .update(demoPaymentIntents)
      .set({ status: "succeeded" })
      .where(and(eq(demoPaymentIntents.id, row.id), eq(demoPaymentIntents.status, "requires_payment_method")))
      .returning({ id: demoPaymentIntents.id });
    if (!paid) {
      const [current] = await deps.db
        .select({ status: demoPaymentIntents.status })
        .from(demoPaymentIntents)
        .where(eq(demoPaymentIntents.id, row.id))
        .limit(1);
      if (current?.status === "canceled") throw await cancelledBecause(deps, row.id);
    }
  }
  await fulfilPayment(deps, row.id);
  return { paymentIntentId: row.id, status: "succeeded" };
}
