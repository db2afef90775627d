/**
 * Refunds from the admin panel, through the real Stripe SDK against the fake Stripe (and the demo
 * provider): full and partial, the webhook for the same refund afterwards, a second click, and amounts
 * that are wrong. The overview's figures follow.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, creditNotes, productKeys, sales, subscriptions } from "../../src/db/schema";
import { refundPayment } from "../../src/features/refunds/record";
import { DAY } from "../../src/lib/clock";
import {
  api,
  failure,
  invalid,
  makeTestApp,
  signInAdmin,
  signUpUser,
  type TestContext,
  outboxOf,
} from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { eachTestOnFakeStripe } from "../support/each-test";
import { paidOnFakeStripe } from "../support/purchase";

let stripe: FakeStripe;
let ctx: TestContext;
let admin: string;
eachTestOnFakeStripe((made) => ({ ctx, stripe, admin } = made), { admin: true });

/** A paid and fulfilled sale; answers its intent id and sale id. */
async function sold(plan: "month" | "pro" = "pro", email = "buyer@example.com") {
  const { id, sale } = await paidOnFakeStripe(ctx, stripe, plan, email);
  return { id, saleId: (await sale()).id };
}

const refund = (saleId: number, body: { amount?: number } = {}, token = admin) =>
  api(ctx.app, token).api.admin.sales({ id: saleId }).refund.post(body);

async function refundWebhook(id: string, eventId: string) {
  const { payload, signature } = await stripe.signedEvent(stripe.events.chargeRefunded(id, eventId));
  expect(
    (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
  ).toBe(200);
}

const subscriptionOf = async (userId: number) =>
  (await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

/** The refund notices in the outbox for `to`, oldest first. */
const notices = (to: string) => outboxOf(ctx, "refund-notice", to);

const overview = async () => (await api(ctx.app, admin).api.admin.overview.get()).data!;

describe("refund from the admin panel, with Stripe", () => {
  test("a full refund: Stripe refunds with an idempotency key, the sale is refunded, the unused key deleted; the webhook after it changes nothing", async () => {
    const { id, saleId } = await sold("pro");
    const answer = await refund(saleId);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ _id: saleId, status: "refunded", refunded: 24.99 });
    const call = stripe.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
    expect(call.body).toContain(`payment_intent=${id}`);
    expect(call.body).toContain("amount=2499");
    expect(call.headers["idempotency-key"]).toStartWith(`refund-sale-${saleId}-`);
    expect(await ctx.deps.db.select().from(productKeys)).toHaveLength(0);
    const audits = async () =>
      (await ctx.deps.db.select().from(auditLog).orderBy(auditLog.id)).filter((row) => row.action === "sale.refunded");
    expect(await audits()).toHaveLength(1);
    expect((await audits())[0]!.actorUserId).not.toBeNull();

    // The buyer is told once: the amount, and that the never-redeemed key is gone.
    expect((await notices("buyer@example.com")).map((e) => e.payload)).toEqual([
      {
        planName: "4 Month Pro",
        refundedCents: 2499,
        paidCents: 2499,
        totalRefundedCents: 2499,
        key: expect.stringMatching(/^[A-Z0-9]{12}$/),
        keyOutcome: "removed",
        daysRemoved: null,
        endDate: null,
        creditNoteNumber: "LL-CN-2026-000001",
        creditNoteUrl: expect.stringMatching(/\/api\/invoices\/LL-CN-2026-000001\.pdf\?sig=/),
        currency: "usd",
        language: "en",
      },
    ]);
    expect((await notices("buyer@example.com"))[0]!.status).toBe("pending");

    await refundWebhook(id, "evt_after_admin_refund");
    expect(await notices("buyer@example.com")).toHaveLength(1);
    expect(await audits()).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(1);
    expect(await overview()).toMatchObject({
      totalRevenue: 0,
      adminRevenue: -(await ctx.deps.db.select().from(sales).limit(1))[0]!.feeCents / 100,
      salesCount: 0,
    });

    const again = await refund(saleId);
    expect(again.status).toBe(409);
    expect(failure(again)?.message).toBe("This sale has already been refunded.");
    expect(stripe.refunds).toHaveLength(1);
  });

  test("a partial refund keeps the key; then the rest takes back the key's time", async () => {
    const { id, saleId } = await sold("month", "partial@example.com");
    const key = (await ctx.deps.db.select().from(productKeys).limit(1))[0]!.key;
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "partial@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    const userId = signup.data!.user.id;
    const endBefore = (await subscriptionOf(userId)).endDate!;

    const part = await refund(saleId, { amount: 2.5 });
    expect(part.data).toMatchObject({ status: "paid", refunded: 2.5 });
    await refundWebhook(id, "evt_partial_after_admin");
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.refundedCents).toBe(250);
    expect((await subscriptionOf(userId)).endDate).toBe(endBefore);
    expect(await overview()).toMatchObject({ totalRevenue: 4.49, salesCount: 1 });

    expect((await notices("partial@example.com")).map((e) => e.payload)).toEqual([
      {
        planName: "1 Month Subscription",
        refundedCents: 250,
        paidCents: 699,
        totalRefundedCents: 250,
        key,
        keyOutcome: "kept",
        daysRemoved: null,
        endDate: null,
        creditNoteNumber: "LL-CN-2026-000001",
        creditNoteUrl: expect.stringMatching(/\/api\/invoices\/LL-CN-2026-000001\.pdf\?sig=/),
        currency: "usd",
        language: "en",
      },
    ]);

    const tooMuch = await refund(saleId, { amount: 5 });
    expect(tooMuch.status).toBe(409);
    expect(failure(tooMuch)?.message).toBe("That is more than is left to refund: $4.49.");

    const rest = await refund(saleId);
    expect(rest.data).toMatchObject({ status: "refunded", refunded: 6.99 });
    expect(stripe.refunds.map((r) => r.amount)).toEqual([250, 449]);
    const sub = await subscriptionOf(userId);
    expect(sub.endDate).toBe(Math.max(ctx.clock.now(), endBefore - 30 * DAY));
    // The rest is its own notice: $4.49 now, $6.99 in all, and the key's 30 days taken off (which ends the access).
    expect((await notices("partial@example.com")).map((e) => e.payload).at(-1)).toEqual({
      planName: "1 Month Subscription",
      refundedCents: 449,
      paidCents: 699,
      totalRefundedCents: 699,
      key,
      keyOutcome: "days-removed",
      daysRemoved: 30,
      endDate: null,
      creditNoteNumber: "LL-CN-2026-000002",
      creditNoteUrl: expect.stringMatching(/\/api\/invoices\/LL-CN-2026-000002\.pdf\?sig=/),
      currency: "usd",
      language: "en",
    });
    await refundWebhook(id, "evt_rest_after_admin");
    expect(await notices("partial@example.com")).toHaveLength(2);
  });

  test("a negative, zero or sub-cent amount is a 422 and nothing changes; an unknown sale is a 404; only admins may refund", async () => {
    const { saleId } = await sold();
    for (const amount of [-1, 0, 1.234]) {
      const answer = await refund(saleId, { amount });
      expect(answer.status).toBe(422);
    }
    expect((await refund(saleId, invalid({ amount: "ten" }))).status).toBe(422);
    expect((await refund(9999)).status).toBe(404);
    const user = await signUpUser(ctx);
    expect((await refund(saleId, {}, user.token)).status).toBe(403);
    expect(stripe.refunds).toHaveLength(0);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({ status: "paid", refundedCents: 0 });
  });

  test("Stripe unreachable is a 502 and nothing is recorded", async () => {
    const { saleId } = await sold();
    stripe.setUnavailable(true);
    const answer = await refund(saleId);
    expect(answer.status).toBe(502);
    stripe.setUnavailable(false);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({ status: "paid", refundedCents: 0 });
  });
});

describe("refunds at the same time", () => {
  test("partial refunds of several sales at once: credit notes cover every cent, numbered without gaps or repeats", async () => {
    const bought: { saleId: number }[] = [];
    for (let i = 0; i < 4; i++) bought.push(await sold("pro", `parallel${i}@example.com`));
    const answers = await Promise.all(
      bought.flatMap(({ saleId }) => [refund(saleId, { amount: 1 }), refund(saleId, { amount: 2 })]),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(stripe.refunds).toHaveLength(8);
    const notes = await ctx.deps.db.select().from(creditNotes).orderBy(creditNotes.id);
    expect(notes.map((n) => n.number)).toEqual(notes.map((_, i) => `LL-CN-2026-${String(i + 1).padStart(6, "0")}`));
    // Each sale's notes add up to what was refunded. Two refunds of one sale recorded together (the
    // provider's running total already holds both) share one note.
    for (const { saleId } of bought) {
      const ofSale = notes.filter((n) => n.saleId === saleId);
      expect(ofSale.length).toBeGreaterThanOrEqual(1);
      expect(ofSale.reduce((sum, n) => sum + n.amountCents, 0)).toBe(300);
      expect((await ctx.deps.db.select().from(sales).where(eq(sales.id, saleId)))[0]!.refundedCents).toBe(300);
    }
  });

  test("the same refund recorded five times at once (our answer and the provider's redelivered events) is recorded once", async () => {
    const { id } = await sold("pro", "recorded@example.com");
    stripe.refund(id);
    const recorded = await Promise.all(Array.from({ length: 5 }, () => refundPayment(ctx.deps, id)));
    expect(recorded.map((sale) => sale?.status)).toEqual(Array(5).fill("refunded"));
    expect(await ctx.deps.db.select().from(creditNotes)).toHaveLength(1);
    expect(await notices("recorded@example.com")).toHaveLength(1);
    expect((await ctx.deps.db.select().from(auditLog)).filter((row) => row.action === "sale.refunded")).toHaveLength(1);
  });
});

describe("refund from the admin panel, with the demo provider", () => {
  test("the demo provider refunds itself, in part and then in full", async () => {
    const demo = makeTestApp();
    try {
      const token = (await signInAdmin(demo)).token;
      const { data } = await api(demo.app).api["create-payment-intent"].post({
        plan: "pro",
        email: "demo@example.com",
      });
      await api(demo.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
      const saleId = (await demo.deps.db.select().from(sales))[0]!.id;
      expect(
        (await api(demo.app, token).api.admin.sales({ id: saleId }).refund.post({ amount: 4.99 })).data,
      ).toMatchObject({ status: "paid", refunded: 4.99 });
      expect((await api(demo.app, token).api.admin.sales({ id: saleId }).refund.post({})).data).toMatchObject({
        status: "refunded",
        refunded: 24.99,
      });
      expect(await demo.deps.db.select().from(productKeys)).toHaveLength(0);
    } finally {
      demo.cleanup();
    }
  });
});
