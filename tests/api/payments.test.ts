import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { PlanId } from "../../src/shared/plans";
import { eq } from "drizzle-orm";
import { checkouts, demoPaymentIntents, emails, issuedDocuments, productKeys, sales } from "../../src/db/schema";
import { api, failure, invalid, makeTestApp, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

async function startPurchase(plan: PlanId = "pro", email = "buyer@example.com") {
  const answer = await api(ctx.app).api["create-payment-intent"].post({ plan, email });
  expect(answer.status).toBe(200);
  return answer.data!.clientSecret as string;
}

const intentId = (clientSecret: string) => clientSecret.split("_secret_")[0];

describe("create-payment-intent (demo provider)", () => {
  test("answers a client secret of the form {id}_secret_{random} for the catalogue price", async () => {
    const answer = await api(ctx.app).api["create-payment-intent"].post({
      plan: "lifetime",
      email: "Buyer@Example.com",
    });
    expect(answer.status).toBe(200);
    expect(answer.data!.provider).toBe("demo");
    expect(answer.data!.clientSecret).toMatch(/^pi_demo_\w+_secret_\w+$/);
    const row = (await ctx.deps.db.select().from(demoPaymentIntents).limit(1))[0]!;
    expect(row).toMatchObject({
      amountCents: 14999,
      currency: "usd",
      metadata: { plan: "lifetime", email: "buyer@example.com" },
    });
    expect(answer.data!.clientSecret).toBe(row.clientSecret);
  });

  test("an unknown plan is refused with a sentence and no intent is made", async () => {
    const answer = await api(ctx.app).api["create-payment-intent"].post(
      invalid({ plan: "forever", email: "a@example.com" }),
    );
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("Please choose a plan: month, pro or lifetime.");
    expect(await ctx.deps.db.select().from(demoPaymentIntents)).toHaveLength(0);
  });

  test("a missing or malformed e-mail is refused", async () => {
    for (const email of ["", "not-an-email"]) {
      const answer = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email });
      expect(answer.status).toBe(422);
      expect(failure(answer)?.message).toBe("Please enter a valid email address.");
    }
  });

  test("a price sent by the client is ignored", async () => {
    const answer = await api(ctx.app).api["create-payment-intent"].post(
      invalid({ plan: "month", email: "a@example.com", amount: 1 }),
    );
    expect(answer.status).toBe(200);
    expect((await ctx.deps.db.select().from(demoPaymentIntents).limit(1))[0]!.amountCents).toBe(699);
  });

  test("too many intents from one address answer 429", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const answers = [];
      for (let i = 0; i < 12; i++) {
        answers.push(
          (await api(limited.app).api["create-payment-intent"].post({ plan: "pro", email: "a@example.com" })).status,
        );
      }
      expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    } finally {
      limited.cleanup();
    }
  });
});

describe("demo confirm and fulfilment", () => {
  test("pro: confirm, then the result page answers success twice with one sale of 24.99 and one key e-mail", async () => {
    const secret = await startPurchase("pro", "pro-buyer@example.com");
    const confirmed = await api(ctx.app).api.payment.demo.confirm.post({
      clientSecret: secret,
      cardNumber: "4242 4242 4242 4242",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ paymentIntentId: intentId(secret), status: "succeeded" });

    for (let i = 0; i < 2; i++) {
      const result = await api(ctx.app).api.payment.success.get({
        query: { payment_intent: intentId(secret), redirect_status: "succeeded" },
      });
      expect(result.status).toBe(200);
      expect(result.data).toEqual({ success: true, plan: "4 Month Pro" });
    }
    const allSales = await ctx.deps.db.select().from(sales);
    expect(allSales).toHaveLength(1);
    expect(allSales[0]).toMatchObject({
      amountCents: 2499,
      plan: "pro",
      email: "pro-buyer@example.com",
      status: "paid",
      feeCents: 102,
    });
    const outbox = await ctx.deps.db.select().from(emails);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to: "pro-buyer@example.com",
      template: "product-key",
      subject: "Your Layerlift product key",
    });
    expect(outbox[0].payload).toMatchObject({ plan: "pro", planName: "4 Month Pro" });
  });

  test("the e-mailed key signs up an account on the plan that was bought", async () => {
    const secret = await startPurchase("month", "monthly@example.com");
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: secret });
    const key = (await ctx.deps.db.select().from(emails).limit(1))[0]!.payload.key as string;
    const keyRow = (await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, key)).limit(1))[0]!;
    expect(keyRow).toMatchObject({
      source: "purchase",
      plan: "month",
      isUsed: false,
      saleId: (await ctx.deps.db.select().from(sales).limit(1))[0]!.id,
    });
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "monthly@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: key,
    });
    expect(signup.status).toBe(200);
    expect(signup.data!.subscription!.plan).toBe("month");
  });

  test("a card number ending 0002 is declined with the provider's sentence and nothing is sold", async () => {
    const secret = await startPurchase();
    const answer = await api(ctx.app).api.payment.demo.confirm.post({
      clientSecret: secret,
      cardNumber: "4000 0000 0000 0002",
    });
    expect(answer.status).toBe(402);
    expect(failure(answer)).toEqual({ error: "CARD_DECLINED", message: "Your card was declined." });
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
    const result = await api(ctx.app).api.payment.success.get({ query: { payment_intent: intentId(secret) } });
    expect(result.data!.success).toBe(false);
    expect(result.data!.error).toBe("This payment did not go through, so no product key was issued. Please try again.");
  });

  test("an incomplete card number is refused", async () => {
    const secret = await startPurchase();
    const answer = await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: secret, cardNumber: "4242" });
    expect(answer.status).toBe(400);
    expect(failure(answer)?.message).toBe("Your card number is incomplete.");
  });

  test("an unknown client secret answers 404", async () => {
    const answer = await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: "pi_demo_x_secret_y" });
    expect(answer.status).toBe(404);
  });

  test("a result for an unknown payment answers success false with a sentence", async () => {
    const answer = await api(ctx.app).api.payment.success.get({ query: { payment_intent: "pi_demo_nothing" } });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      success: false,
      error: "We couldn't find this payment. If you were charged, please contact support.",
    });
  });

  test("an unconfirmed payment is not fulfilled", async () => {
    const secret = await startPurchase();
    const answer = await api(ctx.app).api.payment.success.get({ query: { payment_intent: intentId(secret) } });
    expect(answer.data!.success).toBe(false);
    expect(await ctx.deps.db.select().from(productKeys)).toHaveLength(0);
  });

  test("the result page without payment_intent answers 422", async () => {
    const answer = await api(ctx.app).api.payment.success.get(invalid({}));
    expect(answer.status).toBe(422);
  });

  test("the Stripe webhook answers 404 while the demo provider is active", async () => {
    const answer = await api(ctx.app).api.stripe.webhook.post("{}");
    expect(answer.status).toBe(404);
  });
});

describe("fulfilment under parallel requests", () => {
  /** Everything a fulfilment writes, counted. */
  const written = async () => ({
    sales: (await ctx.deps.db.select().from(sales)).length,
    keys: (await ctx.deps.db.select().from(productKeys)).length,
    emails: (await ctx.deps.db.select().from(emails)).length,
    documents: (await ctx.deps.db.select().from(issuedDocuments)).length,
  });

  test("20 parallel confirmations of one payment make one sale, one key, one e-mail and one invoice", async () => {
    const secret = await startPurchase("pro", "eager@example.com");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(ctx.app).api.payment.demo.confirm.post({ clientSecret: secret })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await written()).toEqual({ sales: 1, keys: 1, emails: 1, documents: 1 });
    const [sale] = await ctx.deps.db.select().from(sales);
    expect(sale).toMatchObject({ paymentIntentId: intentId(secret), invoiceNumber: "LL-2026-000001" });
    // No number was taken by the calls that found the sale already made: the next sale has the next one.
    const next = await startPurchase("month", "next@example.com");
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: next });
    const [nextSale] = await ctx.deps.db
      .select()
      .from(sales)
      .where(eq(sales.paymentIntentId, intentId(next)));
    expect(nextSale.invoiceNumber).toBe("LL-2026-000002");
  });

  test("30 parallel purchases get invoice numbers 1 to 30, each once", async () => {
    const secrets: string[] = [];
    for (let i = 0; i < 30; i++) secrets.push(await startPurchase("month", `buyer${i}@example.com`));
    const answers = await Promise.all(
      secrets.flatMap((clientSecret) => [
        api(ctx.app).api.payment.demo.confirm.post({ clientSecret }),
        api(ctx.app).api.payment.demo.confirm.post({ clientSecret }),
        api(ctx.app).api.payment.success.get({ query: { payment_intent: intentId(clientSecret) } }),
      ]),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await written()).toEqual({ sales: 30, keys: 30, emails: 30, documents: 30 });
    const numbers = (await ctx.deps.db.select({ number: sales.invoiceNumber }).from(sales)).map((s) => s.number);
    expect(numbers.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `LL-2026-${String(i + 1).padStart(6, "0")}`));
  });

  test("a confirmation racing the dialog's cancel either pays or cancels, never both", async () => {
    for (let round = 0; round < 40; round++) {
      const secret = await startPurchase("pro", `racer${round}@example.com`);
      const paymentIntentId = intentId(secret);
      // Each round lets the cancel run a little further ahead, so the two meet at a different step.
      const cancel = api(ctx.app).api.payment.cancel.post({ paymentIntentId, clientSecret: secret });
      for (let tick = 0; tick < round; tick++) await Promise.resolve();
      const [confirmed, canceled] = await Promise.all([
        api(ctx.app).api.payment.demo.confirm.post({ clientSecret: secret }),
        cancel,
      ]);
      const [intent] = await ctx.deps.db
        .select()
        .from(demoPaymentIntents)
        .where(eq(demoPaymentIntents.id, paymentIntentId));
      const [checkout] = await ctx.deps.db
        .select()
        .from(checkouts)
        .where(eq(checkouts.paymentIntentId, paymentIntentId));
      const sold = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, paymentIntentId));
      if (confirmed.status === 200) {
        expect(canceled.data).toEqual({ status: "paid" });
        expect([intent.status, checkout.status, sold.length]).toEqual(["succeeded", "paid", 1]);
      } else {
        expect(failure(confirmed)?.error).toBe("PAYMENT_CANCELED");
        expect(canceled.data).toEqual({ status: "released" });
        expect([intent.status, checkout.status, sold.length]).toEqual(["canceled", "released", 0]);
      }
    }
  }, 120_000); // 40 rounds of a race: most of a minute beside a full run
});
