/**
 * Stripe through its SDK: PaymentIntents with automatic payment methods, retrieve on verify,
 * webhook signatures checked on the raw body. The client comes from lib/stripe-sdk.ts.
 */
import Stripe from "stripe";
import { stripeClient } from "../../../lib/stripe-sdk";
import type { StripeConfig } from "../../../config";
import {
  WebhookSignatureError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from "../provider";

/** The fee of the intent's charge, from its balance transaction when Stripe has settled it. */
function feeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === "string") return null;
  const balance = charge.balance_transaction;
  if (!balance || typeof balance === "string") return null;
  return typeof balance.fee === "number" ? balance.fee : null;
}

function intentFrom(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
    feeCents: feeOf(intent),
    amountRefunded:
      typeof intent.latest_charge === "object" && intent.latest_charge
        ? (intent.latest_charge.amount_refunded ?? 0)
        : 0,
    // Retrieved with the secret key, an intent carries its client secret.
    clientSecret: intent.client_secret ?? null,
  };
}

/** How far ahead of our clock a signature's timestamp may be (the SDK itself refuses only old ones). */
export const WEBHOOK_FUTURE_TOLERANCE_SECONDS = 300;

/** The signature header's timestamp, in seconds; checked by the SDK as part of what was signed. */
function signedAt(signature: string): number | null {
  const match = /(?:^|,)\s*t=(\d+)/.exec(signature);
  return match ? Number(match[1]) : null;
}

/** An event with nothing to act on: acknowledged and left alone. */
function ignoredEvent(id: string | null, type: string): ProviderEvent {
  return {
    id,
    type,
    objectId: null,
    chargeId: null,
    paymentIntentId: null,
    fullyRefunded: false,
    amountRefunded: 0,
    thin: true,
  };
}

function eventFrom(event: Stripe.Event): ProviderEvent {
  // A thin event (event destinations) names what changed without the object: nothing here to act on.
  if (!event.data?.object || typeof event.data.object !== "object") return ignoredEvent(event.id, event.type);
  const object = event.data.object as {
    object?: string;
    id?: string;
    payment_intent?: unknown;
    charge?: unknown;
    refunded?: boolean;
    amount_refunded?: number;
  };
  let paymentIntentId: string | null = null;
  if (object.object === "payment_intent") paymentIntentId = object.id ?? null;
  else if (typeof object.payment_intent === "string") paymentIntentId = object.payment_intent;
  else if (object.payment_intent && typeof object.payment_intent === "object") {
    paymentIntentId = (object.payment_intent as { id?: string }).id ?? null;
  }
  const charge = object.object === "charge";
  const chargeId = charge ? (object.id ?? null) : typeof object.charge === "string" ? object.charge : null;
  return {
    id: event.id,
    type: event.type,
    paymentIntentId,
    objectId: object.id ?? null,
    chargeId,
    thin: false,
    fullyRefunded: charge && object.refunded === true,
    amountRefunded: charge && typeof object.amount_refunded === "number" ? object.amount_refunded : 0,
  };
}

export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = stripeClient(config);
  return {
    name: "stripe",

    async createIntent(input: CreateIntentInput) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          // Card payments only, as the site sells ("pay by card"): no method that leaves for another site and comes
          // back later. 3-D Secure still completes inside the dialog.
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          metadata: input.metadata,
          receipt_email: input.receiptEmail,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async cancelIntent(id: string) {
      try {
        // abandoned: the buyer closed the dialog, the payment failed, or its hold ran out.
        await stripe.paymentIntents.cancel(
          id,
          { cancellation_reason: "abandoned" },
          { idempotencyKey: `cancel-${id}` },
        );
      } catch (error) {
        // Paid (or being paid) meanwhile, or already cancelled: Stripe refuses; what the intent is now decides.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      return this.retrieveIntent(id);
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents }, { idempotencyKey });
      // The charge's running total is the truth, whatever other refunds happened meanwhile.
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      const amountRefunded = charge?.amount_refunded ?? 0;
      return { amountRefunded, fullyRefunded: amountRefunded >= intent.amount };
    },

    async retrieveDispute(id: string) {
      let dispute: Stripe.Dispute;
      try {
        dispute = await stripe.disputes.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const named =
        typeof dispute.payment_intent === "string" ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
      const chargeId = typeof dispute.charge === "string" ? dispute.charge : dispute.charge.id;
      return {
        id: dispute.id,
        status: dispute.status,
        paymentIntentId: named ?? (await this.paymentIntentOfCharge(chargeId)),
        amountCents: dispute.amount,
        feeCents: (dispute.balance_transactions ?? []).reduce((sum, bt) => sum + (bt.fee ?? 0), 0),
        fundsWithdrawn: (dispute.balance_transactions ?? []).some((bt) => bt.amount < 0),
      };
    },

    async paymentIntentOfCharge(chargeId: string) {
      try {
        const charge = await stripe.charges.retrieve(chargeId);
        return typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async retrieveIntent(id: string) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge.balance_transaction"] });
        return intentFrom(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async verifyWebhook(rawBody: string, signature: string | null) {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header.");
      try {
        await stripe.webhooks.signature!.verifyHeaderAsync(
          rawBody,
          signature,
          config.webhookSecret,
          stripe.webhooks.DEFAULT_TOLERANCE,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError(error.message);
        throw new WebhookSignatureError("The signature could not be checked.");
      }
      const timestamp = signedAt(signature);
      if (timestamp !== null && timestamp - Math.floor(Date.now() / 1000) > WEBHOOK_FUTURE_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError("Timestamp is more than 5 minutes in the future.");
      }
      // Signed by Stripe, so it is acknowledged even when there is nothing here to act on.
      let event: Partial<Stripe.Event> | null = null;
      try {
        event = JSON.parse(rawBody);
      } catch {}
      if (!event || typeof event !== "object" || typeof event.id !== "string" || typeof event.type !== "string")
        return ignoredEvent(null, "unreadable");
      return eventFrom(event as Stripe.Event);
    },
  };
}
