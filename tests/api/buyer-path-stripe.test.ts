/**
 * The buyer path against the fake Stripe through the real SDK: the result page's key checked against
 * the client secret Stripe keeps, and a dashboard renewal whose account id travels in the intent's
 * metadata and is applied by the webhook or the result call, whichever comes first.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emails, productKeys, sales, subscriptions } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { renderEmail } from "../../src/features/email/templates/render";
import { api, signUpUser, type TestContext } from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { eachTestOnFakeStripe } from "../support/each-test";

// Rendering e-mails (react-email's first render) is slow on a busy machine.
setDefaultTimeout(90_000);

let stripe: FakeStripe;
let ctx: TestContext;
eachTestOnFakeStripe((made) => ({ ctx, stripe } = made));

const result = (query: { payment_intent: string; payment_intent_client_secret?: string }) =>
  api(ctx.app).api.payment.success.get({ query: { ...query, redirect_status: "succeeded" } });

describe("the key on the result page, with Stripe", () => {
  test("Stripe's return URL parameters open the key; a wrong client secret or a refund does not", async () => {
    const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan: "month", email: "card@example.com" });
    const clientSecret = data!.clientSecret;
    const id = clientSecret.split("_secret_")[0];
    stripe.succeed(id);

    // The first call fulfils the payment and already answers the key.
    const first = await result({ payment_intent: id, payment_intent_client_secret: clientSecret });
    const key = (await ctx.deps.db.select().from(productKeys).limit(1))[0]!.key;
    expect(first.data).toEqual({
      success: true,
      plan: "1 Month Subscription",
      productKey: key,
      email: "card@example.com",
      amountPaid: 6.99,
      seats: 1,
      invoiceUrl: expect.stringMatching(/^\/api\/invoices\/LL-2026-000001\.pdf\?sig=/),
    });
    expect((await result({ payment_intent: id, payment_intent_client_secret: `${id}_secret_guess` })).data).toEqual({
      success: true,
      plan: "1 Month Subscription",
    });
    expect((await result({ payment_intent: id, payment_intent_client_secret: clientSecret })).data).toEqual({
      success: true,
      plan: "1 Month Subscription",
      productKey: key,
      email: "card@example.com",
      amountPaid: 6.99,
      seats: 1,
      invoiceUrl: expect.stringMatching(/^\/api\/invoices\/LL-2026-000001\.pdf\?sig=/),
    });

    stripe.refund(id);
    const { payload, signature } = await stripe.signedEvent(stripe.events.chargeRefunded(id));
    expect(
      (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
    ).toBe(200);
    expect((await result({ payment_intent: id, payment_intent_client_secret: clientSecret })).data).toEqual({
      success: false,
      refunded: true,
      error: "This payment was refunded.",
    });
  });
});

describe("Renew / Extend with Stripe", () => {
  test("the account id travels in the intent's metadata; the webhook applies the key once", async () => {
    const user = await signUpUser(ctx, "month");
    const sub = async () =>
      (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.user.id)).limit(1))[0]!;
    const endBefore = (await sub()).endDate!;
    const answer = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "month" });
    expect(answer.data!.provider).toBe("stripe");
    const id = answer.data!.clientSecret.split("_secret_")[0];
    expect(stripe.intents.get(id)!.metadata).toEqual({
      plan: "month",
      email: user.email,
      renewalUserId: String(user.user.id),
    });
    expect(stripe.intents.get(id)!.amount).toBe(699);
    stripe.succeed(id);

    const { payload, signature } = await stripe.signedEvent(stripe.events.paymentSucceeded(id, `evt_${id}`));
    expect(
      (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
    ).toBe(200);
    // The dialog's own verification after the webhook: no second key, no second 30 days.
    expect(
      (await result({ payment_intent: id, payment_intent_client_secret: answer.data!.clientSecret })).data!.success,
    ).toBe(true);

    expect((await sub()).endDate).toBe(endBefore + 30 * DAY);
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(1);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.renewalUserId).toBe(user.user.id);
    const receipts = await ctx.deps.db.select().from(emails).where(eq(emails.template, "renewal-receipt"));
    expect(receipts).toHaveLength(1);
    // The receipt says what was paid.
    expect((await renderEmail(receipts[0]!.template, receipts[0]!.payload, ctx.deps.config.appUrl)).text).toContain(
      "Your payment of $6.99 for 1 Month Subscription went through",
    );

    // "Can't find your key?" words the renewal key as a renewal, not as a key that created an account.
    expect((await api(ctx.app).api.keys.resend.post({ email: user.email })).status).toBe(200);
    const lost = (await ctx.deps.db.select().from(emails).where(eq(emails.template, "lost-keys")).limit(1))[0]!;
    const { text } = await renderEmail(lost.template, lost.payload, ctx.deps.config.appUrl);
    expect(text).toContain("a renewal, already applied to your account");
    expect(text).not.toContain("used to create an account");
  });
});
