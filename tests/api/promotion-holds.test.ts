/**
 * A promotion code is used by paying with it, not by looking at it: closing the purchase dialog or a failed
 * payment gives the use back at once (and cancels the payment at Stripe), the same buyer asking again gets
 * their own open payment back, and no buyer is told "already used" for a code they never paid with.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, promotionCodes, sales } from "../../src/db/schema";
import { listPromotionCodes } from "../../src/features/pricing/admin-codes";
import { CHECKOUT_HOLD_MS } from "../../src/features/checkout/holds";
import { usesHeld } from "../../src/features/pricing/promotion-codes";
import type { PlanId } from "../../src/shared/plans";
import { api, failure, type TestContext } from "../support/app";
import { eachTestOnFakeStripe } from "../support/each-test";
import type { FakeStripe } from "../support/fake-stripe";

let stripe: FakeStripe;
let ctx: TestContext;
eachTestOnFakeStripe((made) => ({ ctx, stripe } = made));

/** LAUNCH20 as the admin made it: 20 % off, 3 uses, once per buyer. */
async function launch20() {
  const [code] = await ctx.deps.db
    .insert(promotionCodes)
    .values({ code: "LAUNCH20", percentOff: 20, maxRedemptions: 3, oncePerBuyer: true, createdAt: ctx.clock.now() })
    .returning();
  return code;
}

type Open = { paymentIntentId: string; clientSecret: string };

const choosePlan = (email: string, previous?: Open, plan: PlanId = "pro") =>
  api(ctx.app).api["create-payment-intent"].post({
    plan,
    email,
    promotionCode: "LAUNCH20",
    ...(previous ? { previous } : {}),
  });

const closeDialog = (open: Open) => api(ctx.app).api.payment.cancel.post(open);

const cancelsSentFor = (id: string) =>
  stripe.requests.filter((r) => r.method === "POST" && r.path === `/v1/payment_intents/${id}/cancel`);

const adminFigures = async (id: number) => (await listPromotionCodes(ctx.deps)).find((code) => code.id === id)!;

const lookup = () => api(ctx.app).api["promotion-codes"]({ code: "LAUNCH20" }).get();

describe("a promotion code is not burnt by looking at it", () => {
  test("the walk: choose, close, choose again, close, choose and pay: one use, none held, the code still open to others", async () => {
    const code = await launch20();
    const first = await choosePlan("buyer@example.com");
    expect(first.status).toBe(200);
    expect(first.data!.quote).toMatchObject({ promotionCode: "LAUNCH20", listPrice: 24.99, total: 19.99 });

    // Closing the dialog cancels the payment at Stripe and gives the use back at once.
    expect((await closeDialog(first.data!)).data).toEqual({ status: "released" });
    expect(stripe.intents.get(first.data!.paymentIntentId)!.status).toBe("canceled");
    expect(cancelsSentFor(first.data!.paymentIntentId)[0]!.body).toContain("cancellation_reason=abandoned");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(0);

    const second = await choosePlan("buyer@example.com");
    expect(second.status).toBe(200);
    expect(second.data!.quote).toEqual(first.data!.quote);
    await closeDialog(second.data!);

    const third = await choosePlan("buyer@example.com");
    stripe.succeed(third.data!.paymentIntentId);
    const paid = await api(ctx.app).api.payment.success.get({ query: { payment_intent: third.data!.paymentIntentId } });
    expect(paid.data).toMatchObject({ success: true });

    expect(await adminFigures(code.id)).toMatchObject({ uses: 1, reserved: 0 });
    expect((await lookup()).data).toMatchObject({ applies: true });
    // Now it is true: this buyer paid with it.
    expect(failure(await choosePlan("buyer@example.com"))).toMatchObject({ error: "PROMOTION_CODE_ALREADY_USED" });
    expect((await choosePlan("someone-else@example.com")).status).toBe(200);
  });

  test("reopening the dialog gets the buyer's own open payment back: same intent, same amount, same code", async () => {
    const code = await launch20();
    const first = (await choosePlan("buyer@example.com")).data!;
    const again = await choosePlan("buyer@example.com", first);
    expect(again.data).toMatchObject({
      paymentIntentId: first.paymentIntentId,
      clientSecret: first.clientSecret,
      quote: first.quote,
    });
    expect(stripe.intents.get(first.paymentIntentId)!.status).toBe("requires_payment_method");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
    // Asking for another plan is a new payment; the old one is cancelled, not left holding a use.
    const month = await choosePlan("buyer@example.com", first, "month");
    expect(month.data!.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(month.data!.quote).toMatchObject({ listPrice: 6.99, discount: 1.4, total: 5.59 });
    expect(stripe.intents.get(first.paymentIntentId)!.status).toBe("canceled");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
  });

  test("the same address from another window is not refused: the open payment there is taken over", async () => {
    const code = await launch20();
    const elsewhere = (await choosePlan("buyer@example.com")).data!;
    const here = await choosePlan("buyer@example.com");
    expect(here.status).toBe(200);
    expect(here.data!.quote.promotionCode).toBe("LAUNCH20");
    expect(stripe.intents.get(elsewhere.paymentIntentId)!.status).toBe("canceled");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
    // Someone typing a buyer's address can't block the buyer: the buyer is never told "already used".
    for (let i = 0; i < 3; i++) expect((await choosePlan("buyer@example.com")).status).toBe(200);
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
  });

  test("the window whose payment was taken over learns so when it reports its failed payment; its own close does not", async () => {
    await launch20();
    const first = (await choosePlan("buyer@example.com")).data!;
    const second = (await choosePlan("buyer@example.com")).data!;
    // The first window's card form finds its payment cancelled and asks why: another window goes on with it.
    expect((await closeDialog(first)).data).toEqual({ status: "released", takenOver: true });
    // The second window closing its own dialog gave nothing up to anyone.
    expect((await closeDialog(second)).data).toEqual({ status: "released" });
    // A payment without a once-per-buyer code is never taken over.
    const plain = (await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com" }))
      .data!;
    expect((await closeDialog(plain)).data).toEqual({ status: "released" });
  });

  test("a failed payment gives the use back at once and cancels the payment at Stripe", async () => {
    const code = await launch20();
    const open = (await choosePlan("buyer@example.com")).data!;
    const intent = stripe.intents.get(open.paymentIntentId)!;
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_failed_1",
      type: "payment_intent.payment_failed",
      object: intent,
    });
    expect(
      (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
    ).toBe(200);
    expect(intent.status).toBe("canceled");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(0);
    // The dialog's own report of the failure finds it already given back.
    expect((await closeDialog(open)).data).toEqual({ status: "released" });
  });

  test("a payment paid before the dialog's close arrives is honoured, and a wrong secret cancels nothing", async () => {
    const code = await launch20();
    const open = (await choosePlan("buyer@example.com")).data!;
    const wrong = await closeDialog({ ...open, clientSecret: `${open.paymentIntentId}_secret_guess` });
    expect(wrong.status).toBe(404);
    expect(stripe.intents.get(open.paymentIntentId)!.status).toBe("requires_payment_method");
    stripe.succeed(open.paymentIntentId);
    expect((await closeDialog(open)).data).toEqual({ status: "paid" });
    expect(await adminFigures(code.id)).toMatchObject({ uses: 1, reserved: 0 });
  });

  test(`a hold lasts ${CHECKOUT_HOLD_MS / 60_000} minutes: then the code is open to others again`, async () => {
    expect(CHECKOUT_HOLD_MS).toBe(15 * 60_000);
    await ctx.deps.db
      .insert(promotionCodes)
      .values({ code: "LAUNCH20", percentOff: 20, maxRedemptions: 1, createdAt: ctx.clock.now() });
    await choosePlan("slow@example.com");
    expect((await lookup()).data).toMatchObject({ applies: false, reason: "PROMOTION_CODE_USED_UP" });
    ctx.clock.advance(CHECKOUT_HOLD_MS);
    expect((await lookup()).data).toMatchObject({ applies: true });
  });

  test("an open payment whose hold ran out is not taken up again: reopening starts a new one, the code checked anew", async () => {
    const code = await launch20();
    const first = (await choosePlan("buyer@example.com")).data!;
    ctx.clock.advance(CHECKOUT_HOLD_MS);
    // Meanwhile its use went back to the code; giving the old payment back would hold a use without asking.
    const again = await choosePlan("buyer@example.com", first);
    expect(again.status).toBe(200);
    expect(again.data!.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(stripe.intents.get(first.paymentIntentId)!.status).toBe("canceled");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
  });

  test("12 parallel checkouts on a 3-use code start exactly 3 payments", async () => {
    const code = await launch20();
    const made = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").length;
    const before = made();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => choosePlan(`racer${i}@example.com`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 422).map((a) => failure(a)!.error)).toEqual(
      Array(9).fill("PROMOTION_CODE_USED_UP"),
    );
    expect(made() - before).toBe(3);
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(3);
  });
});

describe("a once-per-buyer code under parallel requests from one buyer", () => {
  test("8 parallel checkouts by one address leave one payment open with the code; the others are cancelled or refused", async () => {
    const code = await launch20();
    const earlier = new Set(stripe.intents.keys());
    const answers = await Promise.all(Array.from({ length: 8 }, () => choosePlan("twin@example.com")));
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(failure(answer)!.error).toBe("PROMOTION_CODE_IN_CHECKOUT");
    expect(await usesHeld(ctx.deps.db, code.id, ctx.clock.now())).toBe(1);
    // Only the payment that holds the use can still be paid at Stripe.
    const payable = [...stripe.intents.entries()].filter(
      ([id, intent]) => !earlier.has(id) && intent.status !== "canceled",
    );
    expect(payable).toHaveLength(1);
  });

  test("8 parallel free orders by one address with a once-per-buyer 100% code make one sale and one key", async () => {
    await ctx.deps.db
      .insert(promotionCodes)
      .values({ code: "GIFT", percentOff: 100, oncePerBuyer: true, createdAt: ctx.clock.now() });
    const order = () =>
      api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "twin@example.com", promotionCode: "GIFT" });
    const answers = await Promise.all(Array.from({ length: 8 }, order));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(failure(answer)!.error).toBe("PROMOTION_CODE_ALREADY_USED");
    expect(await ctx.deps.db.select().from(sales).where(eq(sales.email, "twin@example.com"))).toHaveLength(1);
    expect(await ctx.deps.db.select().from(productKeys).where(eq(productKeys.source, "purchase"))).toHaveLength(1);
  });

  test("6 parallel free orders on a 2-use 100% code make exactly 2 sales", async () => {
    await ctx.deps.db
      .insert(promotionCodes)
      .values({ code: "GIFT", percentOff: 100, maxRedemptions: 2, createdAt: ctx.clock.now() });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(ctx.app).api["create-payment-intent"].post({
          plan: "pro",
          email: `gift${i}@example.com`,
          promotionCode: "GIFT",
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422).map((a) => failure(a)!.error)).toEqual(
      Array(4).fill("PROMOTION_CODE_USED_UP"),
    );
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(2);
  });
});
