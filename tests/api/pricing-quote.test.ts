import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { checkouts, promotionCodes, sales } from "../../src/db/schema";
import { readCatalogue, updatePlanPrice } from "../../src/features/pricing/catalogue";
import { quote } from "../../src/features/checkout/quote";
import { usesHeld } from "../../src/features/pricing/promotion-codes";
import { CHECKOUT_HOLD_MS } from "../../src/features/checkout/holds";
import { settleExpiredCheckouts } from "../../src/features/checkout/expired-checkouts";
import { closeDatabase } from "../../src/db";
import { createApp } from "../../src/app";
import type { PlanId } from "../../src/shared/plans";
import { api, failure, openSameDatabase, signUpUser, type TestContext } from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { eachTestOnFakeStripe } from "../support/each-test";

let stripe: FakeStripe;
let ctx: TestContext;
eachTestOnFakeStripe((made) => ({ ctx, stripe } = made));

const DAY = 24 * 60 * 60 * 1000;

async function addCode(values: Partial<typeof promotionCodes.$inferInsert> & { code: string }) {
  const [code] = await ctx.deps.db
    .insert(promotionCodes)
    .values({ percentOff: 20, createdAt: ctx.clock.now(), ...values })
    .returning();
  return code;
}

const saleOf = async (paymentIntentId: string) =>
  (await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, paymentIntentId)).limit(1))[0];

/** The amount sent to Stripe by the last create call. */
const lastAmountSent = () => {
  const created = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").at(-1)!;
  return Number(new URLSearchParams(created.body).get("amount"));
};

const intentsMade = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").length;

async function start(plan: PlanId, email: string, promotionCode?: string) {
  return api(ctx.app).api["create-payment-intent"].post({
    plan,
    email,
    ...(promotionCode === undefined ? {} : { promotionCode }),
  });
}

const intentId = (clientSecret: string) => clientSecret.split("_secret_")[0];

describe("the price list", () => {
  test("a fresh site has the launch prices, was price and badge", async () => {
    const catalogue = (await readCatalogue(ctx.deps.db)).map((p) => [
      p.id,
      p.priceCents,
      p.compareAtCents,
      p.badge,
      p.visible,
    ]);
    expect(catalogue).toEqual([
      ["month", 699, 999, "30% OFF!", true],
      ["pro", 2499, null, null, true],
      ["lifetime", 14999, null, null, true],
    ]);
  });

  test("a change is read at once, and a payment started before it is fulfilled at the price it was started with", async () => {
    const before = await start("pro", "early@example.com");
    expect(lastAmountSent()).toBe(2499);
    const admin = await signUpUser(ctx, "pro");
    await updatePlanPrice(ctx.deps, admin.user.id, "pro", {
      priceCents: 1999,
      compareAtCents: 2499,
      badge: "Spring sale",
    });
    expect((await readCatalogue(ctx.deps.db)).find((p) => p.id === "pro")).toMatchObject({
      priceCents: 1999,
      compareAtCents: 2499,
      badge: "Spring sale",
    });

    await start("pro", "late@example.com");
    expect(lastAmountSent()).toBe(1999);

    // The buyer who started at 24.99 pays 24.99 and gets the key, although the price is now 19.99.
    const early = intentId(before.data!.clientSecret);
    stripe.succeed(early);
    const result = await api(ctx.app).api.payment.success.get({ query: { payment_intent: early } });
    expect(result.data).toMatchObject({ success: true });
    expect((await saleOf(early))!.amountCents).toBe(2499);
  });

  test("a hidden plan can't be bought, and the renewal from the dashboard uses the current price", async () => {
    const user = await signUpUser(ctx, "month");
    await updatePlanPrice(ctx.deps, user.user.id, "month", { priceCents: 599 });
    const renewal = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "month" });
    expect(renewal.status).toBe(200);
    expect(lastAmountSent()).toBe(599);
    expect(renewal.data!.quote).toEqual({
      seats: 1,
      unitPrice: 5.99,
      listPrice: 5.99,
      discount: 0,
      promotionCode: null,
      subtotal: 5.99,
      tax: 0,
      total: 5.99,
    });

    await updatePlanPrice(ctx.deps, user.user.id, "lifetime", { visible: false });
    const made = intentsMade();
    const hidden = await start("lifetime", "buyer@example.com");
    expect(hidden.status).toBe(422);
    expect(failure(hidden)).toMatchObject({
      error: "NOT_FOR_SALE",
      message: "The Lifetime Access plan is not on sale at the moment.",
    });
    expect(intentsMade()).toBe(made);
  });
});

describe("the quote", () => {
  test("catalogue price, then the code, then no tax: the lines and the total", async () => {
    await addCode({ code: "LAUNCH20", percentOff: 20 });
    await addCode({ code: "FIVE", percentOff: null, amountOffCents: 500 });
    await addCode({ code: "ALMOST", percentOff: null, amountOffCents: 680 });
    await addCode({ code: "FREE", percentOff: 100 });
    const q = (plan: PlanId, promotionCode?: string) =>
      quote(ctx.deps, { plan, email: "q@example.com", promotionCode });

    expect(await q("pro")).toEqual({
      plan: "pro",
      email: "q@example.com",
      accountId: null,
      currency: "usd",
      seats: 1,
      kind: "purchase",
      unitPriceCents: 2499,
      proration: null,
      listPriceCents: 2499,
      discountCents: 0,
      promotionCode: null,
      promotionCodeId: null,
      subtotalCents: 2499,
      taxCents: 0,
      tax: null,
      totalCents: 2499,
    });
    // Case-insensitive; 20% of 24.99 is 4.998, rounded to the cent.
    expect(await q("pro", " launch20 ")).toMatchObject({
      promotionCode: "LAUNCH20",
      discountCents: 500,
      subtotalCents: 1999,
      totalCents: 1999,
    });
    expect(await q("month", "five")).toMatchObject({ listPriceCents: 699, discountCents: 500, totalCents: 199 });
    // 6.99 − 6.80 would leave 19¢, less than a card can be charged: the buyer pays 0.50.
    expect(await q("month", "ALMOST")).toMatchObject({ discountCents: 649, totalCents: 50 });
    expect(await q("lifetime", "FREE")).toMatchObject({ discountCents: 14999, totalCents: 0 });
  });

  test("each refusal is a 422 with its own sentence, and no intent is made", async () => {
    const now = ctx.clock.now();
    await addCode({ code: "LATER", startsAt: now + DAY });
    await addCode({ code: "OVER", endsAt: now - 1 });
    await addCode({ code: "OFF", active: false });
    await addCode({ code: "PROONLY", plans: ["pro"] });
    await addCode({ code: "ONE", maxRedemptions: 1 });
    await addCode({ code: "ONCE", oncePerBuyer: true });
    expect((await start("pro", "first@example.com", "ONE")).status).toBe(200);
    // Used means paid: an open payment with a once-per-buyer code is not a use of it.
    const once = intentId((await start("pro", "me@example.com", "ONCE")).data!.clientSecret);
    stripe.succeed(once);
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: once } });
    const made = intentsMade();

    const cases: [string, PlanId, string, string][] = [
      ["NOPE", "pro", "PROMOTION_CODE_UNKNOWN", "There is no promotion code NOPE. Please check how it is spelled."],
      ["later", "pro", "PROMOTION_CODE_NOT_STARTED", "The promotion code LATER can be used from 2026-11-02 (UTC)."],
      ["OVER", "pro", "PROMOTION_CODE_ENDED", "The promotion code OVER has ended."],
      ["OFF", "pro", "PROMOTION_CODE_ENDED", "The promotion code OFF has ended."],
      [
        "PROONLY",
        "month",
        "PROMOTION_CODE_NOT_FOR_PLAN",
        "The promotion code PROONLY is not for the 1 Month Subscription plan.",
      ],
      ["ONE", "pro", "PROMOTION_CODE_USED_UP", "The promotion code ONE has been used as many times as it can be."],
      [
        "ONCE",
        "pro",
        "PROMOTION_CODE_ALREADY_USED",
        "You have already used the promotion code ONCE; it can be used once per buyer.",
      ],
    ];
    for (const [code, plan, error, message] of cases) {
      const answer = await start(plan, "me@example.com", code);
      expect(answer.status).toBe(422);
      expect(failure(answer)).toMatchObject({ error, message });
    }
    expect(intentsMade()).toBe(made);
    expect(await ctx.deps.db.select().from(checkouts)).toHaveLength(2);
  });
});

describe("promotion uses under races, cancellation and redelivery", () => {
  test("10 buyers racing for the last 3 uses: 3 payments start, 7 are told it is used up", async () => {
    const code = await addCode({ code: "LAST3", maxRedemptions: 5 });
    for (const email of ["a@example.com", "b@example.com"]) {
      const started = await start("month", email, "LAST3");
      stripe.succeed(intentId(started.data!.clientSecret));
      await api(ctx.app).api.payment.success.get({ query: { payment_intent: intentId(started.data!.clientSecret) } });
    }
    const made = intentsMade();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => start("pro", `racer${i}@example.com`, "last3")),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 422).map((a) => failure(a)!.error);
    expect(refused).toEqual(Array(7).fill("PROMOTION_CODE_USED_UP"));
    expect(intentsMade() - made).toBe(3);
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(5);
    // Every started payment carries the discounted amount: 24.99 − 20%.
    for (const answer of answers.filter((a) => a.status === 200)) {
      expect(stripe.intents.get(intentId(answer.data!.clientSecret))!.amount).toBe(1999);
    }
  });

  test("payment_intent.canceled frees the use once, however often Stripe delivers it", async () => {
    const code = await addCode({ code: "SOLO", maxRedemptions: 1 });
    const first = await start("pro", "one@example.com", "SOLO");
    expect((await start("pro", "two@example.com", "SOLO")).status).toBe(422);
    const id = intentId(first.data!.clientSecret);
    stripe.intents.get(id)!.status = "canceled";
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_cancel_1",
      type: "payment_intent.canceled",
      object: stripe.intents.get(id)!,
    });
    for (let i = 0; i < 2; i++) {
      const delivered = await api(ctx.app).api.stripe.webhook.post(payload, {
        headers: { "stripe-signature": signature },
      });
      expect(delivered.status).toBe(200);
    }
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(0);
    const second = await start("pro", "two@example.com", "SOLO");
    expect(second.status).toBe(200);
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
  });

  test("an unpaid reservation stops holding its use after the hold; a payment made meanwhile is honoured and counted", async () => {
    const code = await addCode({ code: "HOLD", maxRedemptions: 1 });
    const held = await start("month", "slow@example.com", "HOLD");
    ctx.clock.advance(CHECKOUT_HOLD_MS);
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(0);
    // The slow buyer pays after all: the payment is honoured, with its discount, and holds the use for good.
    const id = intentId(held.data!.clientSecret);
    stripe.succeed(id);
    for (let i = 0; i < 2; i++) {
      expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data).toMatchObject({
        success: true,
      });
    }
    expect(await saleOf(id)).toMatchObject({
      amountCents: 559,
      promotionCode: "HOLD",
      discountCents: 140,
    });
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
  });
});

describe("with Stripe: free orders, expired holds and restarts", () => {
  test("a free order makes no call to Stripe at all", async () => {
    await addCode({ code: "GIFT", percentOff: 100 });
    const before = stripe.requests.length;
    const order = await start("lifetime", "gift@example.com", "GIFT");
    expect(order.data).toMatchObject({ provider: "free", quote: { listPrice: 149.99, discount: 149.99, total: 0 } });
    const result = await api(ctx.app).api.payment.success.get({
      query: { payment_intent: order.data!.paymentIntentId, payment_intent_client_secret: order.data!.clientSecret },
    });
    expect(result.data).toMatchObject({ success: true, plan: "Lifetime Access" });
    expect(result.data!.productKey).toHaveLength(12);
    expect(stripe.requests.length).toBe(before);
  });

  test("after the hold an unpaid intent is cancelled at Stripe and its use freed; one paid meanwhile is fulfilled instead", async () => {
    const code = await addCode({ code: "TWO", maxRedemptions: 2 });
    const unpaid = intentId((await start("pro", "slow@example.com", "TWO")).data!.clientSecret);
    const paid = intentId((await start("pro", "quiet@example.com", "TWO")).data!.clientSecret);
    stripe.succeed(paid); // paid, but neither the result page nor the webhook has told us yet
    ctx.clock.advance(CHECKOUT_HOLD_MS + 1);
    const seen = stripe.requests.length;
    expect(await settleExpiredCheckouts(ctx.deps)).toEqual({ released: 1, fulfilled: 1 });
    const cancels = stripe.requests.slice(seen).filter((r) => r.method === "POST" && r.path.endsWith("/cancel"));
    expect(cancels.map((r) => r.path)).toEqual([
      `/v1/payment_intents/${unpaid}/cancel`,
      `/v1/payment_intents/${paid}/cancel`,
    ]);
    expect(stripe.intents.get(unpaid)!.status).toBe("canceled");
    expect(await saleOf(paid)).toMatchObject({
      promotionCode: "TWO",
      amountCents: 1999,
    });
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
    // A second round finds nothing left to do.
    expect(await settleExpiredCheckouts(ctx.deps)).toEqual({ released: 0, fulfilled: 0 });
  });

  test("the count is exact after a restart and redelivered webhooks", async () => {
    const code = await addCode({ code: "THREE", maxRedemptions: 3 });
    const ids: string[] = [];
    for (const email of ["a@example.com", "b@example.com"])
      ids.push(intentId((await start("month", email, "THREE")).data!.clientSecret));
    stripe.succeed(ids[0]);
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_paid_1",
      type: "payment_intent.succeeded",
      object: stripe.intents.get(ids[0])!,
    });
    const deliver = () => api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
    await deliver();
    await deliver();
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: ids[0] } });

    // The server restarts: a new app on the same database file.
    const restarted = openSameDatabase(ctx.deps);
    try {
      expect(await usesHeld(restarted, code.id, ctx.clock.now())).toBe(2);
      const again = createApp({ ...ctx.deps, db: restarted });
      await api(again).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
      expect(await usesHeld(restarted, code.id, ctx.clock.now())).toBe(2);
      expect(
        (
          await api(again).api["create-payment-intent"].post({
            plan: "month",
            email: "c@example.com",
            promotionCode: "THREE",
          })
        ).status,
      ).toBe(200);
      expect(
        failure(
          await api(again).api["create-payment-intent"].post({
            plan: "month",
            email: "d@example.com",
            promotionCode: "THREE",
          }),
        )!.error,
      ).toBe("PROMOTION_CODE_USED_UP");
      expect((await restarted.select().from(sales)).length).toBe(1);
    } finally {
      await closeDatabase(restarted);
    }
  });
});
