/**
 * From payment to a working plugin without a support ticket: the key on the result page for the
 * browser that paid, "Can't find your key?", and Renew / Extend from the dashboard. Demo provider
 * here; tests/api/buyer-path-stripe.test.ts runs the same paths against the fake Stripe.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { demoPaymentIntents, emails, productKeys, sales, subscriptions } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { KEY_RESEND_MESSAGE, LOST_KEY_EMAILS_PER_DAY } from "../../src/features/product-keys/resend";
import { refundPayment } from "../../src/features/refunds/record";
import { renderEmail } from "../../src/features/email/templates/render";
import type { PlanId } from "../../src/shared/plans";
import { api, failure, invalid, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const intentId = (clientSecret: string) => clientSecret.split("_secret_")[0];

/** Buys a plan with the demo card, as the purchase dialog does; answers the intent's id and client secret. */
async function buy(plan: PlanId = "pro", email = "buyer@example.com") {
  const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan, email });
  const clientSecret = data!.clientSecret;
  expect(
    (await api(ctx.app).api.payment.demo.confirm.post({ clientSecret, cardNumber: "4242424242424242" })).status,
  ).toBe(200);
  return { id: intentId(clientSecret), clientSecret };
}

const result = (query: { payment_intent: string; payment_intent_client_secret?: string }) =>
  api(ctx.app).api.payment.success.get({ query: { ...query, redirect_status: "succeeded" } });

const emailsTo = (to: string, template?: string) =>
  ctx.deps.db
    .select()
    .from(emails)
    .where(template ? and(eq(emails.to, to), eq(emails.template, template)) : eq(emails.to, to))
    .orderBy(emails.id);

describe("the key on the result page", () => {
  test("with the intent's client secret the answer adds the key and the address it was e-mailed to", async () => {
    const { id, clientSecret } = await buy("pro", "Buyer@Example.com");
    const answer = await result({ payment_intent: id, payment_intent_client_secret: clientSecret });
    const key = (await ctx.deps.db.select().from(productKeys).limit(1))[0]!.key;
    expect(answer.data).toEqual({
      success: true,
      plan: "4 Month Pro",
      productKey: key,
      seats: 1,
      email: "buyer@example.com",
      amountPaid: 24.99,
      invoiceUrl: expect.stringMatching(/^\/api\/invoices\/LL-\d{4}-\d{6}\.pdf\?sig=/),
    });
    expect((await emailsTo("buyer@example.com", "product-key"))[0].payload.key).toBe(key);
  });

  test("without it, or with a wrong one, the answer is today's: no key", async () => {
    const { id, clientSecret } = await buy();
    const wrong = [
      undefined,
      "",
      "pi_x_secret_y",
      `${clientSecret}x`,
      clientSecret.slice(0, -1),
      clientSecret.replace(/.$/, (c) => (c === "a" ? "b" : "a")),
    ];
    for (const secret of wrong) {
      const answer = await result({
        payment_intent: id,
        ...(secret === undefined ? {} : { payment_intent_client_secret: secret }),
      });
      expect(answer.data).toEqual({ success: true, plan: "4 Month Pro" });
    }
  });

  test("another intent's client secret does not open this one", async () => {
    const first = await buy("pro", "one@example.com");
    const second = await buy("pro", "two@example.com");
    expect(
      (await result({ payment_intent: first.id, payment_intent_client_secret: second.clientSecret })).data,
    ).toEqual({ success: true, plan: "4 Month Pro" });
  });

  test("never for a refunded sale", async () => {
    const { id, clientSecret } = await buy();
    await refundPayment(ctx.deps, id);
    expect((await result({ payment_intent: id, payment_intent_client_secret: clientSecret })).data).toEqual({
      success: false,
      refunded: true,
      error: "This payment was refunded.",
    });
  });

  test("the key e-mail's sign-up link fills in the key and the address", async () => {
    await buy("month", "first.buyer+tag@example.com");
    const [row] = await emailsTo("first.buyer+tag@example.com", "product-key");
    const { html } = await renderEmail(row.template, row.payload, ctx.deps.config.appUrl);
    const key = row.payload.key as string;
    expect(html).toContain(`/signup?key=${key}&amp;email=first.buyer%2Btag%40example.com`);
  });
});

describe("POST /api/keys/resend", () => {
  const resend = (email: string) => api(ctx.app).api.keys.resend.post({ email });

  test("e-mails every key bought with the address, each marked unused or used; refunded keys are left out", async () => {
    await buy("month", "keeper@example.com");
    await buy("pro", "keeper@example.com");
    const refunded = await buy("lifetime", "keeper@example.com");
    await refundPayment(ctx.deps, refunded.id);
    const [monthKey, proKey] = (await ctx.deps.db.select().from(productKeys).orderBy(productKeys.id)).map((k) => k.key);
    // The month key creates an account.
    expect(
      (
        await api(ctx.app).api.auth.signup.post({
          email: "keeper@example.com",
          password: "correct horse",
          confirmPassword: "correct horse",
          productKey: monthKey,
        })
      ).status,
    ).toBe(200);

    const answer = await resend("  Keeper@Example.com ");
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ message: KEY_RESEND_MESSAGE });
    const [sent] = await emailsTo("keeper@example.com", "lost-keys");
    expect(sent.payload.keys).toEqual([
      {
        key: monthKey,
        planName: "1 Month Subscription",
        boughtAt: new Date(ctx.clock.now()).toISOString(),
        used: true,
      },
      { key: proKey, planName: "4 Month Pro", boughtAt: new Date(ctx.clock.now()).toISOString(), used: false },
    ]);
    const { text } = await renderEmail(sent.template, sent.payload, ctx.deps.config.appUrl);
    expect(text).toContain(`${monthKey}`);
    expect(text).toContain("already used to create an account");
    expect(text).toContain(": unused");
    expect(text).toContain(`/signup?key=${proKey}&email=keeper%40example.com`);
  });

  test("an unknown address gets exactly the same answer as a known one, and nothing is sent", async () => {
    await buy("pro", "known@example.com");
    const before = (await ctx.deps.db.select().from(emails)).length;
    const answers = [];
    for (const email of ["nobody@example.com", "someone.else@example.org"]) {
      const answer = await resend(email);
      answers.push({ status: answer.status, data: answer.data });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 200, data: { message: KEY_RESEND_MESSAGE } });
    expect((await ctx.deps.db.select().from(emails)).length).toBe(before);
  });

  test("a value that is not an e-mail address is a 422 (whether or not anyone bought), and nothing is sent", async () => {
    await buy("pro", "known@example.com");
    const before = (await ctx.deps.db.select().from(emails)).length;
    for (const email of ["not-an-address", "", "10.0.0.77", "a".repeat(1000)]) {
      const answer = await resend(email);
      expect(answer.status).toBe(422);
      expect(failure(answer)?.message).toBe("Please enter a valid email address.");
    }
    expect((await ctx.deps.db.select().from(emails)).length).toBe(before);
  });

  test(`one address gets at most ${LOST_KEY_EMAILS_PER_DAY} such e-mails a day, whatever asks`, async () => {
    await buy("pro", "flooded@example.com");
    for (let i = 0; i < LOST_KEY_EMAILS_PER_DAY + 3; i++)
      expect((await resend("flooded@example.com")).data).toEqual({ message: KEY_RESEND_MESSAGE });
    expect(await emailsTo("flooded@example.com", "lost-keys")).toHaveLength(LOST_KEY_EMAILS_PER_DAY);
    ctx.clock.advance(DAY + 1);
    await resend("flooded@example.com");
    expect(await emailsTo("flooded@example.com", "lost-keys")).toHaveLength(LOST_KEY_EMAILS_PER_DAY + 1);
  });

  test("is rate limited per address and per IP, known address or not", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await api(limited.app).api.keys.resend.post({ email: "someone@example.com" })).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
      const other = [];
      for (let i = 0; i < 3; i++)
        other.push((await api(limited.app).api.keys.resend.post({ email: `other${i}@example.com` })).status);
      expect(other).toContain(429); // the IP's bucket (5) is spent
    } finally {
      limited.cleanup();
    }
  });

  test("a body without an e-mail field is a 422", async () => {
    const answer = await api(ctx.app).api.keys.resend.post(invalid({}));
    expect(answer.status).toBe(422);
  });
});

describe("POST /api/subscription/renew", () => {
  const subscriptionOf = async (userId: number) =>
    (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1))[0]!;

  test("paying applies the new key to the account at once: the end moves by the plan's days, no key typed", async () => {
    const user = await signUpUser(ctx, "month");
    const endBefore = (await subscriptionOf(user.user.id)).endDate!;
    const answer = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "pro" });
    expect(answer.status).toBe(200);
    expect(answer.data!.provider).toBe("demo");
    const intent = (await ctx.deps.db.select().from(demoPaymentIntents).limit(1))[0]!;
    expect(intent.metadata).toEqual({ plan: "pro", email: user.email, renewalUserId: String(user.user.id) });
    expect(intent.amountCents).toBe(2499);

    expect((await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: answer.data!.clientSecret })).status).toBe(
      200,
    );
    const after = await subscriptionOf(user.user.id);
    expect(after.endDate).toBe(endBefore + 120 * DAY);
    expect(after.plan).toBe("pro");
    const sale = (await ctx.deps.db.select().from(sales).limit(1))[0]!;
    expect(sale.renewalUserId).toBe(user.user.id);
    const key = (
      await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1)
    )[0]!;
    expect(key).toMatchObject({ isUsed: true, usedByUserId: user.user.id, source: "purchase" });
    // A receipt naming the key and saying it was applied; no product-key e-mail to type from.
    expect(await emailsTo(user.email, "product-key")).toHaveLength(0);
    const [receipt] = await emailsTo(user.email, "renewal-receipt");
    const { text } = await renderEmail(receipt.template, receipt.payload, ctx.deps.config.appUrl);
    expect(text).toContain(key.key);
    expect(text).toContain("already been applied to your account");

    // Verifying again (the result page, a webhook) changes nothing.
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: sale.paymentIntentId } });
    expect((await subscriptionOf(user.user.id)).endDate).toBe(endBefore + 120 * DAY);
  });

  test("renews an expired subscription from now, and a lifetime plan makes it lifetime", async () => {
    const user = await signUpUser(ctx, "month");
    ctx.clock.advance(40 * DAY);
    const { data: session } = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
    const month = await api(ctx.app, session!.token).api.subscription.renew.post({ plan: "month" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: month.data!.clientSecret });
    expect(await subscriptionOf(user.user.id)).toMatchObject({
      status: "active",
      endDate: ctx.clock.now() + 30 * DAY,
      startDate: ctx.clock.now(),
    });
    const lifetime = await api(ctx.app, session!.token).api.subscription.renew.post({ plan: "lifetime" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: lifetime.data!.clientSecret });
    expect(await subscriptionOf(user.user.id)).toMatchObject({ plan: "lifetime", endDate: null });
  });

  test("a plan the catalogue lacks is a 422, a price from the client is ignored, and no intent is made for either mistake", async () => {
    const user = await signUpUser(ctx);
    const bad = await api(ctx.app, user.token).api.subscription.renew.post(invalid({ plan: "forever" }));
    expect(bad.status).toBe(422);
    expect(failure(bad)?.message).toBe("Please choose a plan: month, pro or lifetime.");
    expect(await ctx.deps.db.select().from(demoPaymentIntents)).toHaveLength(0);
    const cheap = await api(ctx.app, user.token).api.subscription.renew.post(
      invalid({ plan: "lifetime", amount: 1, renewalUserId: 999, email: "x@example.com" }),
    );
    expect(cheap.status).toBe(200);
    expect((await ctx.deps.db.select().from(demoPaymentIntents).limit(1))[0]).toMatchObject({
      amountCents: 14999,
      metadata: { plan: "lifetime", email: user.email, renewalUserId: String(user.user.id) },
    });
  });

  test("signed out is a 401; lifetime access is a 409 before any intent", async () => {
    expect((await api(ctx.app).api.subscription.renew.post({ plan: "pro" })).status).toBe(401);
    const user = await signUpUser(ctx, "lifetime");
    const answer = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "pro" });
    expect(answer.status).toBe(409);
    expect(failure(answer)?.error).toBe("ALREADY_LIFETIME");
    expect(await ctx.deps.db.select().from(demoPaymentIntents)).toHaveLength(0);
  });

  test("when the account got lifetime access before the renewal was paid, the key is e-mailed unused instead", async () => {
    const user = await signUpUser(ctx, "month");
    const answer = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "pro" });
    const lifetime = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "lifetime" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: lifetime.data!.clientSecret });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: answer.data!.clientSecret });
    const proSale = (await ctx.deps.db.select().from(sales).where(eq(sales.plan, "pro")).limit(1))[0]!;
    expect(proSale.renewalUserId).toBeNull();
    const key = (
      await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, proSale.productKeyId!)).limit(1)
    )[0]!;
    expect(key.isUsed).toBe(false);
    expect((await emailsTo(user.email, "product-key")).map((e) => e.payload.key)).toEqual([key.key]);
  });
});
