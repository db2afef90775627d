/**
 * The demo provider: an in-process stand-in for the card provider, for development only (the
 * configuration refuses to start in production without Stripe). Intents live in the database and
 * are confirmed through POST /api/payment/demo/confirm (service.ts); the browser then returns to
 * /purchase/success exactly as it would from Stripe.
 */
import { and, eq } from "drizzle-orm";
import { forUpdate, type Db } from "../../../db";
import { demoPaymentIntents, type DemoPaymentIntent } from "../../../db/schema";
import type { Clock } from "../../../lib/clock";
import { newToken } from "../../../lib/random";
import { AppError } from "../../../lib/errors";
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
    amountRefunded: row.amountRefunded,
    clientSecret: row.clientSecret,
  };
}

async function demoIntent(db: Db, id: string): Promise<DemoPaymentIntent | undefined> {
  const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).limit(1);
  return row;
}

export function createDemoProvider(db: Db, clock: Clock): PaymentProvider {
  return {
    name: "demo",

    // An in-process call is never retried, so its idempotency key is only recorded, never looked up.
    async createIntent(input: CreateIntentInput) {
      const id = `pi_demo_${randomPart(12)}`;
      const [row] = await db
        .insert(demoPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomPart(18)}`,
          amountCents: input.amountCents,
          currency: input.currency,
          metadata: input.metadata,
          receiptEmail: input.receiptEmail,
          idempotencyKey: input.idempotencyKey,
          createdAt: clock.now(),
        })
        .returning();
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      // What is left to refund is read in the transaction that refunds it: parallel refunds can't both take it.
      return db.transaction(async (tx) => {
        const [row] = await forUpdate(
          tx.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, paymentIntentId)).limit(1),
        );
        if (row?.status !== "succeeded") throw new AppError(409, "NOT_REFUNDABLE", "This payment can't be refunded.");
        let amountRefunded = row.amountRefunded;
        if (!row.refundKeys.includes(idempotencyKey)) {
          if (amountCents <= 0 || row.amountRefunded + amountCents > row.amountCents) {
            throw new AppError(409, "REFUND_TOO_LARGE", "That is more than is left to refund.");
          }
          amountRefunded += amountCents;
          await tx
            .update(demoPaymentIntents)
            .set({ amountRefunded, refundKeys: [...row.refundKeys, idempotencyKey] })
            .where(eq(demoPaymentIntents.id, row.id));
        }
        return { amountRefunded, fullyRefunded: amountRefunded >= row.amountCents };
      });
    },

    async retrieveIntent(id: string) {
      const row = await demoIntent(db, id);
      return row ? intentFrom(row) : null;
    },

    async cancelIntent(id: string) {
      const [canceled] = await db
        .update(demoPaymentIntents)
        .set({ status: "canceled" })
        .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.status, "requires_payment_method")))
        .returning();
      // Not cancelled: paid first, cancelled before, or unknown; answered as it is.
      const row = canceled ?? (await demoIntent(db, id));
      return row ? intentFrom(row) : null;
    },

    // Demo payments are never disputed.
    async retrieveDispute() {
      return null;
    },

    async paymentIntentOfCharge() {
      return null;
    },

    async verifyWebhook() {
      throw new WebhookSignatureError("The demo provider sends no webhooks.");
    },
  };
}
