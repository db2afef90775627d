/**
 * The demo provider: an in-process stand-in for the card provider, for development only (the
 * configuration refuses to start in production without Stripe). Intents live in the database and
 * are confirmed through POST /api/payment/demo/confirm (service.ts); the browser then returns to
 * /purchase/success exactly as it would from Stripe.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db";
import { demoPaymentIntents, type DemoPaymentIntent } from "../../../db/schema";
import type { Clock } from "../../../lib/clock";
import { newToken } from "../../../lib/random";
import { WebhookSignatureError, type CreateIntentInput, type PaymentProvider, type ProviderIntent } from "../provider";

/** What a card processor of this size charges: 2.9% + 30¢. */
function demoFeeCents(amountCents: number): number {
  return Math.round(amountCents * 0.029) + 30;
}

const randomPart = (bytes: number) => newToken(bytes).replace(/[-_]/g, "x");

function intentFrom(row: DemoPaymentIntent): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
    feeCents: row.status === "succeeded" ? demoFeeCents(row.amountCents) : null,
    // Demo payments are never refunded.
    amountRefunded: 0,
    clientSecret: row.clientSecret,
  };
}

export function createDemoProvider(db: Db, clock: Clock): PaymentProvider {
  return {
    name: "demo",

    // An in-process call is never retried, so its idempotency key is only recorded, never looked up.
    async createIntent(input: CreateIntentInput) {
      const id = `pi_demo_${randomPart(12)}`;
      const row = db.insert(demoPaymentIntents).values({
        id,
        clientSecret: `${id}_secret_${randomPart(18)}`,
        amountCents: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
        receiptEmail: input.receiptEmail,
        idempotencyKey: input.idempotencyKey,
        createdAt: clock.now(),
      }).returning().get();
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrieveIntent(id: string) {
      const row = db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).get();
      return row ? intentFrom(row) : null;
    },

    async verifyWebhook() {
      throw new WebhookSignatureError("The demo provider sends no webhooks.");
    },
  };
}
