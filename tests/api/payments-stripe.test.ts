import { describe, expect, test } from "bun:test";
import type { PlanId } from "../../src/shared/plans";
import { eq } from "drizzle-orm";
import { auditLog, emails, processedEvents, productKeys, sales, subscriptions } from "../../src/db/schema";
import { salesReport } from "../../src/features/admin/service";
import { DAY } from "../../src/lib/clock";
import { api, failure, makeKey, signUpUser, type TestContext } from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { eachTestOnFakeStripe } from "../support/each-test";
import { startTestServer } from "../support/server";

let stripe: FakeStripe;
let ctx: TestContext;
eachTestOnFakeStripe((made) => ({ ctx, stripe } = made));

async function paidIntent(plan: PlanId = "pro", email = "buyer@example.com", fee: number | null = 102) {
  const answer = await api(ctx.app).api["create-payment-intent"].post({ plan, email });
  expect(answer.status).toBe(200);
  const id = (answer.data!.clientSecret as string).split("_secret_")[0];
  stripe.succeed(id, fee);
  return id;
}

function webhook(payload: string, signature: string) {
  return api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
}

const REFUNDED = { success: false, refunded: true as const, error: "This payment was refunded." };

/** Pays for a plan and opens the result page; answers the intent id and the e-mailed key. */
async function boughtKey(plan: PlanId = "month", email = "buyer@example.com") {
  const id = await paidIntent(plan, email);
  expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data!.success).toBe(true);
  const key = (await ctx.deps.db.select().from(emails).where(eq(emails.to, email)).orderBy(emails.id)).at(-1)!.payload
    .key as string;
  return { id, key };
}

/** Delivers Stripe's charge.refunded event for a fully refunded payment. */
async function refundEvent(id: string, eventId = `evt_refund_${id}`) {
  const { payload, signature } = await stripe.signedEvent(stripe.events.chargeRefunded(id, eventId, { full: true }));
  expect((await webhook(payload, signature)).status).toBe(200);
}

const subscriptionOf = async (userId: number) =>
  (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0]!;

const counts = async () => ({
  sales: (await ctx.deps.db.select().from(sales)).length,
  keys: (await ctx.deps.db.select().from(productKeys)).length,
  emails: (await ctx.deps.db.select().from(emails)).length,
});

describe("Stripe through the real SDK", () => {
  test("a create call that Stripe fails once is retried with the same Idempotency-Key and makes one intent", async () => {
    stripe.failNext(1);
    const answer = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "retry@example.com" });
    expect(answer.status).toBe(200);
    const creates = stripe.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/payment_intents" && r.body.includes("retry%40example.com"),
    );
    expect(creates).toHaveLength(2);
    expect(creates[1].headers["idempotency-key"]).toBe(creates[0].headers["idempotency-key"]);
    expect([...stripe.intents.values()].filter((i) => i.receipt_email === "retry@example.com")).toHaveLength(1);
  });

  test("creating an intent sends the catalogue amount, metadata and an Idempotency-Key", async () => {
    const answer = await api(ctx.app).api["create-payment-intent"].post({ plan: "month", email: "m@example.com" });
    expect(answer.status).toBe(200);
    expect(answer.data!.provider).toBe("stripe");
    const created = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents").at(-1)!;
    expect(created.headers.authorization).toBe("Bearer sk_test_fake");
    expect(created.headers["idempotency-key"]).toMatch(/^create-intent-[0-9a-f-]{36}$/);
    expect(created.body).toContain("amount=699");
    expect(created.body).toContain("currency=usd");
    expect(created.body).toContain("metadata[plan]=month");
    expect(created.body).toContain("automatic_payment_methods[enabled]=true");
    // Card only: no payment method that leaves for another site and returns later.
    expect(created.body).toContain("automatic_payment_methods[allow_redirects]=never");
    const intent = stripe.intents.get(answer.data!.clientSecret.split("_secret_")[0])!;
    expect(intent.metadata).toEqual({ plan: "month", email: "m@example.com" });
    expect(answer.data!.clientSecret).toBe(intent.client_secret);
  });

  test("the result page retrieves the intent from Stripe and fulfils it with the settled fee", async () => {
    const id = await paidIntent("lifetime", "life@example.com", 465);
    const answer = await api(ctx.app).api.payment.success.get({
      query: { payment_intent: id, redirect_status: "succeeded" },
    });
    expect(answer.data).toEqual({ success: true, plan: "Lifetime Access" });
    expect(stripe.requests.some((r) => r.method === "GET" && r.path.startsWith(`/v1/payment_intents/${id}`))).toBe(
      true,
    );
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({
      paymentIntentId: id,
      amountCents: 14999,
      feeCents: 465,
      plan: "lifetime",
    });
  });

  test("fifty concurrent result-page calls for one payment make one sale, one key and one e-mail", async () => {
    const id = await paidIntent();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api(ctx.app).api.payment.success.get({ query: { payment_intent: id, redirect_status: "succeeded" } }),
      ),
    );
    expect(answers.every((a) => a.status === 200 && a.data!.success === true && a.data!.plan === "4 Month Pro")).toBe(
      true,
    );
    expect(await counts()).toEqual({ sales: 1, keys: 1, emails: 1 });
  });

  test("an amount that does not match the plan is not fulfilled", async () => {
    const id = await paidIntent();
    stripe.intents.get(id)!.amount = 100;
    const answer = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(answer.data).toEqual({
      success: false,
      error: "The amount paid does not match the plan. Please contact support.",
    });
    expect(await counts()).toEqual({ sales: 0, keys: 0, emails: 0 });
  });

  test("a currency other than USD is not fulfilled", async () => {
    const id = await paidIntent();
    stripe.intents.get(id)!.currency = "eur";
    const answer = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(answer.data!.success).toBe(false);
    expect((await counts()).sales).toBe(0);
  });

  test("a payment still processing is not fulfilled and says so", async () => {
    const id = await paidIntent();
    stripe.intents.get(id)!.status = "processing";
    const answer = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(answer.data).toEqual({
      success: false,
      processing: true,
      error: "Your payment is still processing. Your product key will be e-mailed to you as soon as it completes.",
    });
    expect((await counts()).sales).toBe(0);
    // When it completes, the next verification fulfils it.
    stripe.succeed(id);
    expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data).toEqual({
      success: true,
      plan: "4 Month Pro",
    });
  });

  test("Stripe being unreachable answers 502 on the result page and writes nothing", async () => {
    const id = await paidIntent();
    stripe.setUnavailable(true);
    const answer = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(answer.status).toBe(502);
    expect(failure(answer)?.error).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
    expect((await counts()).sales).toBe(0);
  });
});

describe("Stripe webhook", () => {
  test("a signed payment_intent.succeeded fulfils the payment", async () => {
    const id = await paidIntent("month", "hook@example.com");
    const { payload, signature } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, "evt_1"));
    const answer = await webhook(payload, signature);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ received: true });
    expect(await counts()).toEqual({ sales: 1, keys: 1, emails: 1 });
    expect((await ctx.deps.db.select().from(emails).limit(1))[0]!.to).toBe("hook@example.com");
    expect((await ctx.deps.db.select().from(processedEvents).limit(1))[0]).toMatchObject({
      id: "evt_1",
      type: "payment_intent.succeeded",
    });
  });

  test("a bad signature answers 400 and writes nothing", async () => {
    const id = await paidIntent();
    const { payload } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, "evt_bad"));
    const { signature } = await stripe.signedEvent(
      { id: "evt_bad", type: "payment_intent.succeeded", object: stripe.intents.get(id)! },
      "whsec_someone_else",
    );
    const answer = await webhook(payload, signature);
    expect(answer.status).toBe(400);
    expect(failure(answer)?.error).toBe("INVALID_SIGNATURE");
    expect(await counts()).toEqual({ sales: 0, keys: 0, emails: 0 });
    expect(await ctx.deps.db.select().from(processedEvents)).toHaveLength(0);
  });

  test("a missing signature answers 400", async () => {
    const answer = await api(ctx.app).api.stripe.webhook.post("{}");
    expect(answer.status).toBe(400);
  });

  test("the same event delivered twice, plus the result page, make one sale, one key and one e-mail", async () => {
    const id = await paidIntent();
    const { payload, signature } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, "evt_twice"));
    expect((await webhook(payload, signature)).data).toEqual({ received: true });
    expect((await webhook(payload, signature)).data).toEqual({ received: true, duplicate: true });
    expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data!.success).toBe(true);
    expect(await counts()).toEqual({ sales: 1, keys: 1, emails: 1 });
  });

  test("a fee settled after the sale is filled in by the webhook", async () => {
    const id = await paidIntent("pro", "fee@example.com", null);
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.feeCents).toBe(0);
    stripe.succeed(id, 102);
    const { payload, signature } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, "evt_fee"));
    await webhook(payload, signature);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.feeCents).toBe(102);
  });

  test("a refund marks the sale refunded and deletes the unused key", async () => {
    const id = await paidIntent();
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_refund",
      type: "charge.refunded",
      object: { id: "ch_1", object: "charge", payment_intent: id, refunded: true, amount_refunded: 2499 },
    });
    expect((await webhook(payload, signature)).status).toBe(200);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.status).toBe("refunded");
    expect(await ctx.deps.db.select().from(productKeys)).toHaveLength(0);
  });

  test("a refund of a used key ends that subscription now", async () => {
    const id = await paidIntent("pro", "used@example.com");
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    const key = (await ctx.deps.db.select().from(emails).limit(1))[0]!.payload.key as string;
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "used@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: key,
    });
    expect(signup.status).toBe(200);
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_refund_used",
      type: "charge.refunded",
      object: { id: "ch_2", object: "charge", payment_intent: id, refunded: true },
    });
    await webhook(payload, signature);
    const sub = (
      await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, signup.data!.user.id)).limit(1)
    )[0]!;
    expect(sub).toMatchObject({ status: "expired", endDate: ctx.clock.now() });
    const me = await api(ctx.app, signup.data!.token).api.auth.me.get();
    expect(me.data!.subscription!.status).toBe("expired");
  });

  test("a partial refund leaves the sale paid and its key valid, records the refunded cents, and revenue is net of it; then the rest", async () => {
    const id = await paidIntent("pro", "partial@example.com", 102);
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    const partial = async (eventId: string, amount: number, refunded = false) => {
      const { payload, signature } = await stripe.signedEvent({
        id: eventId,
        type: "charge.refunded",
        object: {
          id: `ch_${id}`,
          object: "charge",
          payment_intent: id,
          amount: 2499,
          refunded,
          amount_refunded: amount,
        },
      });
      expect((await webhook(payload, signature)).status).toBe(200);
    };
    await partial("evt_partial_1", 500);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({ status: "paid", refundedCents: 500 });
    expect(await salesReport(ctx.deps.db)).toMatchObject({ totalRevenue: 19.99, adminRevenue: 18.97, salesCount: 1 });
    expect((await salesReport(ctx.deps.db)).sales[0]).toMatchObject({ amount: 24.99, refunded: 5, status: "paid" });

    // A second partial refund raises the running total; an older event arriving late never lowers it.
    await partial("evt_partial_2", 1200);
    await partial("evt_partial_late", 300);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.refundedCents).toBe(1200);
    const partialEntries = (await ctx.deps.db.select().from(auditLog)).filter(
      (row) => row.action === "sale.partially-refunded",
    );
    expect(partialEntries).toHaveLength(2);
    // The audit log writes money as money.
    expect(partialEntries[0]!.detail).toContain("$5.00 of $24.99 refunded so far");
    expect(partialEntries[1]!.detail).toContain("$12.00 of $24.99 refunded so far");

    // The key still creates an account: a partial refund is a goodwill gesture.
    const key = (await ctx.deps.db.select().from(productKeys).limit(1))[0]!.key;
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "partial@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    expect(signup.status).toBe(200);

    // Refunding the rest is a full refund: the sale is refunded and the key's time is taken back.
    await partial("evt_refund_rest", 2499, true);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.status).toBe("refunded");
    // The provider keeps its fee on a refunded payment: net revenue is less than nothing.
    expect(await salesReport(ctx.deps.db)).toMatchObject({ totalRevenue: 0, adminRevenue: -1.02, salesCount: 0 });
    expect((await salesReport(ctx.deps.db)).sales[0]).toMatchObject({ refunded: 24.99, status: "refunded" });
  });

  test("a partial refund for a payment that is not ours is answered 200 and writes nothing", async () => {
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_partial_foreign",
      type: "charge.refunded",
      object: {
        id: "ch_x",
        object: "charge",
        payment_intent: "pi_not_ours",
        amount: 1000,
        refunded: false,
        amount_refunded: 100,
      },
    });
    expect((await webhook(payload, signature)).status).toBe(200);
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
  });

  test("a listening server verifies a webhook on its raw body", async () => {
    const server = await startTestServer({ env: stripe.env });
    try {
      const answer = await fetch(`${server.url}/api/create-payment-intent`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ plan: "pro", email: "live@example.com" }),
      }).then((r) => r.json());
      const id = answer.clientSecret.split("_secret_")[0];
      stripe.succeed(id);
      const { payload, signature } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, "evt_live"));
      const response = await fetch(`${server.url}/api/stripe/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      expect(response.status).toBe(200);
      expect(await server.deps.db.select().from(sales)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe("refunds", () => {
  test("a refund before fulfilment: the success webhook and the result page then issue no key and no e-mail", async () => {
    const id = await paidIntent("pro", "early@example.com");
    stripe.refund(id);
    await refundEvent(id);
    const { payload, signature } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, "evt_late_success"));
    expect((await webhook(payload, signature)).status).toBe(200);
    const page = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(page.data).toEqual(REFUNDED);
    // No key and no key e-mail: only the refund notice, saying no key was issued.
    expect(await counts()).toEqual({ sales: 1, keys: 0, emails: 1 });
    expect(
      (await ctx.deps.db.select().from(emails).orderBy(emails.id)).map((e) => [e.template, e.payload.keyOutcome]),
    ).toEqual([["refund-notice", "none"]]);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({
      paymentIntentId: id,
      status: "refunded",
      productKeyId: null,
      email: "early@example.com",
    });
  });

  test("a refund recorded before fulfilment stops it even while Stripe's intent does not show the refund", async () => {
    const id = await paidIntent();
    await refundEvent(id);
    const page = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(page.data).toEqual(REFUNDED);
    // No key and no key e-mail: only the refund notice, saying no key was issued.
    expect(await counts()).toEqual({ sales: 1, keys: 0, emails: 1 });
    expect(
      (await ctx.deps.db.select().from(emails).orderBy(emails.id)).map((e) => [e.template, e.payload.keyOutcome]),
    ).toEqual([["refund-notice", "none"]]);
  });

  test("a payment refunded at Stripe is not fulfilled by the result page", async () => {
    const id = await paidIntent();
    stripe.refund(id);
    expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data).toEqual(REFUNDED);
    expect(await counts()).toEqual({ sales: 0, keys: 0, emails: 0 });
  });

  test("the result page of a sale refunded after fulfilment says it was refunded", async () => {
    const { id } = await boughtKey("pro");
    await refundEvent(id);
    const page = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(page.data).toEqual(REFUNDED);
  });

  test("refunding a used month key keeps the lifetime access redeemed after it", async () => {
    const { id, key } = await boughtKey("month", "life@example.com");
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "life@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: key,
    });
    const redeem = await api(ctx.app, signup.data!.token).api.subscription.redeem.post({
      productKey: await makeKey(ctx.deps, "lifetime"),
    });
    expect(redeem.status).toBe(200);
    await refundEvent(id);
    expect(await subscriptionOf(signup.data!.user.id)).toMatchObject({ status: "active", endDate: null });
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.status).toBe("refunded");
  });

  test("refunding one of two stacked month keys leaves the other key's 30 days", async () => {
    const first = await boughtKey("month", "stack@example.com");
    const second = await boughtKey("month", "stack@example.com");
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "stack@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: first.key,
    });
    await api(ctx.app, signup.data!.token).api.subscription.redeem.post({ productKey: second.key });
    expect((await subscriptionOf(signup.data!.user.id)).endDate).toBe(ctx.clock.now() + 60 * DAY);
    await refundEvent(first.id);
    expect(await subscriptionOf(signup.data!.user.id)).toMatchObject({
      status: "active",
      endDate: ctx.clock.now() + 30 * DAY,
    });
    const me = await api(ctx.app, signup.data!.token).api.auth.me.get();
    expect(me.data!.subscription!.status).toBe("active");
  });

  test("refunding a used lifetime key ends that subscription now", async () => {
    const { id } = await boughtKey("lifetime", "gone@example.com");
    const user = await signUpUser(ctx, "month");
    const key = (await ctx.deps.db.select().from(productKeys).where(eq(productKeys.plan, "lifetime")).limit(1))[0]!.key;
    await api(ctx.app, user.token).api.subscription.redeem.post({ productKey: key });
    await refundEvent(id);
    expect(await subscriptionOf(user.user.id)).toMatchObject({ status: "expired", endDate: ctx.clock.now() });
  });
});
