/** The card provider's webhook: signature checked on the raw body, each event handled once. */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { processedEvents } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import { WebhookSignatureError, type ProviderEvent } from "../payments/provider";
import { fulfilPayment } from "../checkout/fulfilment";
import { recordPartialRefund, refundPayment } from "../refunds/record";
import { handleFraudWarning, settleDispute } from "./disputes";
import type { WebhookAnswer } from "@shared/api/payments";
import { syncTaxRecords } from "../tax/service";
import { checkoutOfIntent, releaseCheckout } from "../checkout/holds";
import { settleCheckout } from "../checkout/open-checkouts";

async function act(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "jwtSecret" | "tax">>,
  event: ProviderEvent,
) {
  if (event.type.startsWith("charge.dispute.") && event.objectId) return settleDispute(deps, event.objectId);
  if (event.type === "radar.early_fraud_warning.created") return handleFraudWarning(deps, event);
  if (!event.paymentIntentId) return;
  if (event.type === "payment_intent.succeeded") {
    const result = await fulfilPayment(deps, event.paymentIntentId, { refreshFee: true });
    // Not one of our sales (the Stripe account may sell other things) is no one's problem; a price that doesn't
    // match its plan was logged as an error where it was found.
    if (!result.success)
      log.info(
        { eventId: event.id, paymentIntentId: event.paymentIntentId, reason: result.error },
        "webhook: payment not fulfilled",
      );
  } else if (event.type === "payment_intent.payment_failed") {
    // Declined, or a failed 3-D Secure challenge: the open payment is cancelled and its use given back at once
    // (the dialog starts a new one when the buyer tries again), even if the buyer's browser is gone.
    const checkout = await checkoutOfIntent(deps.db, event.paymentIntentId);
    if (checkout?.status === "reserved") await settleCheckout(deps, checkout);
  } else if (event.type === "payment_intent.canceled") {
    // Nobody will pay it now: the promotion use it held is free again (a paid one is never touched).
    await releaseCheckout(deps.db, { paymentIntentId: event.paymentIntentId }, deps.clock.now());
  } else if (event.type === "charge.refunded" && event.fullyRefunded) {
    await refundPayment(deps, event.paymentIntentId);
  } else if (event.type === "charge.refunded") {
    await recordPartialRefund(deps, event.paymentIntentId, event.amountRefunded);
  }
}

/**
 * A bad signature answers 400 and writes nothing. A provider outage while acting answers 502 and
 * leaves the event unrecorded, so the provider delivers it again.
 */
export async function handleWebhook(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "jwtSecret" | "tax">>,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  let event: ProviderEvent;
  try {
    event = await deps.payments.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      // A wrong STRIPE_WEBHOOK_SECRET shows here first: every event fails the same way.
      log.warn(
        { reason: error.message, signed: signature !== null },
        "webhook signature check failed; the event was refused",
      );
      throw new AppError(400, "INVALID_SIGNATURE", `Webhook signature check failed: ${error.message}`);
    }
    throw error;
  }
  if (event.id === null || event.thin) {
    log.info(
      { eventId: event.id, type: event.type },
      "webhook: signed event without an object to act on; acknowledged and ignored",
    );
    return { received: true };
  }
  const [processed] = await deps.db
    .select({ id: processedEvents.id })
    .from(processedEvents)
    .where(eq(processedEvents.id, event.id))
    .limit(1);
  if (processed) return { received: true, duplicate: true };
  await act(deps, event);
  // A partial refund's credit note is written in act; its tax reversal is recorded here.
  await syncTaxRecords(deps);
  await deps.db
    .insert(processedEvents)
    .values({ id: event.id, type: event.type, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  return { received: true };
}
