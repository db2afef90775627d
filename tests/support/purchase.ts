/** Purchases as a buyer makes them: through the fake Stripe, or with the demo card. */
import { eq } from "drizzle-orm";
import { productKeys, sales, type Sale } from "../../src/db/schema";
import type { PlanId } from "../../src/shared/plans";
import { api, type TestContext } from "./app";
import type { FakeStripe } from "./fake-stripe";

/** The sale of intent `id` as it is now (a function: read again after each change), and its key. */
async function boughtThrough(ctx: TestContext, id: string) {
  const sale = async (): Promise<Sale> => {
    const [found] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id)).limit(1);
    if (!found) throw new Error(`no sale for payment ${id}`);
    return found;
  };
  const productKeyId = (await sale()).productKeyId!;
  const [key] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, productKeyId)).limit(1);
  return { id, sale, key: key!.key };
}

/** Paid through the fake Stripe and fulfilled by the result page: the intent's id, the sale as it is now, and its key. */
export async function paidOnFakeStripe(ctx: TestContext, stripe: FakeStripe, plan: PlanId, email: string) {
  const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan, email });
  const id = data!.clientSecret.split("_secret_")[0];
  stripe.succeed(id);
  await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
  return boughtThrough(ctx, id);
}

/**
 * Paid with the demo card (optionally from a billing country, ticking the box for immediate supply as the dialog asks
 * there, and with a promotion code): the intent's id, the sale as it is now, and its key.
 */
export async function paidWithDemoCard(
  ctx: TestContext,
  plan: PlanId,
  email: string,
  country?: string,
  promotionCode?: string,
) {
  const { data } = await api(ctx.app).api["create-payment-intent"].post({
    plan,
    email,
    ...(country ? { country, withdrawalConsent: true } : {}),
    ...(promotionCode ? { promotionCode } : {}),
  });
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
  return boughtThrough(ctx, data!.clientSecret.split("_secret_")[0]);
}

/** The payment of `clientSecret` (already started) paid with the demo card: its sale as it is then. */
export async function paidSecretWithDemoCard(ctx: TestContext, clientSecret: string): Promise<Sale> {
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret, cardNumber: "4242424242424242" });
  const [sale] = await ctx.deps.db
    .select()
    .from(sales)
    .where(eq(sales.paymentIntentId, clientSecret.split("_secret_")[0]!))
    .limit(1);
  return sale!;
}
