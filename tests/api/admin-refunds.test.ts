/**
 * Refunds from the admin panel, through the real Stripe SDK against the fake Stripe (and the demo
 * provider): full and partial, the webhook for the same refund afterwards, a second click, and amounts
 * that are wrong. The overview's figures follow.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, productKeys, sales, subscriptions } from "../../src/db/schema";
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
  return { id, saleId: sale().id };
}

const refund = (saleId: number, body: { amount?: number } = {}, token = admin) =>
  api(ctx.app, token).api.admin.sales({ id: saleId }).refund.post(body);

async function refundWebhook(id: string, eventId: string) {
  const intent = stripe.intents.get(id)!;
  const { payload, signature } = await stripe.signedEvent({
    id: eventId,
    type: "charge.refunded",
    object: {
      id: `ch_${id}`,
      object: "charge",
      payment_intent: id,
      amount: intent.amount,
      amount_refunded: intent.latest_charge!.amount_refunded,
      refunded: intent.latest_charge!.refunded,
    },
  });
  expect(
    (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
  ).toBe(200);
}

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
    expect(ctx.deps.db.select().from(productKeys).all()).toHaveLength(0);
    const audits = () =>
      ctx.deps.db
        .select()
        .from(auditLog)
        .all()
        .filter((row) => row.action === "sale.refunded");
    expect(audits()).toHaveLength(1);
    expect(audits()[0].actorUserId).not.toBeNull();

    // The buyer is told once: the amount, and that the never-redeemed key is gone.
    expect(notices("buyer@example.com").map((e) => e.payload)).toEqual([
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
      },
    ]);
    expect(notices("buyer@example.com")[0].status).toBe("pending");

    await refundWebhook(id, "evt_after_admin_refund");
    expect(notices("buyer@example.com")).toHaveLength(1);
    expect(audits()).toHaveLength(1);
    expect(stripe.refunds).toHaveLength(1);
    expect(await overview()).toMatchObject({
      totalRevenue: 0,
      adminRevenue: -ctx.deps.db.select().from(sales).get()!.feeCents / 100,
      salesCount: 0,
    });

    const again = await refund(saleId);
    expect(again.status).toBe(409);
    expect(failure(again)?.message).toBe("This sale has already been refunded.");
    expect(stripe.refunds).toHaveLength(1);
  });

  test("a partial refund keeps the key; then the rest takes back the key's time", async () => {
    const { id, saleId } = await sold("month", "partial@example.com");
    const key = ctx.deps.db.select().from(productKeys).get()!.key;
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "partial@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    const userId = signup.data!.user.id;
    const endBefore = ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get()!.endDate!;

    const part = await refund(saleId, { amount: 2.5 });
    expect(part.data).toMatchObject({ status: "paid", refunded: 2.5 });
    await refundWebhook(id, "evt_partial_after_admin");
    expect(ctx.deps.db.select().from(sales).get()!.refundedCents).toBe(250);
    expect(ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get()!.endDate).toBe(
      endBefore,
    );
    expect(await overview()).toMatchObject({ totalRevenue: 4.49, salesCount: 1 });

    expect(notices("partial@example.com").map((e) => e.payload)).toEqual([
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
      },
    ]);

    const tooMuch = await refund(saleId, { amount: 5 });
    expect(tooMuch.status).toBe(409);
    expect(failure(tooMuch)?.message).toBe("That is more than is left to refund: $4.49.");

    const rest = await refund(saleId);
    expect(rest.data).toMatchObject({ status: "refunded", refunded: 6.99 });
    expect(stripe.refunds.map((r) => r.amount)).toEqual([250, 449]);
    const sub = ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).get()!;
    expect(sub.endDate).toBe(Math.max(ctx.clock.now(), endBefore - 30 * DAY));
    // The rest is its own notice: $4.49 now, $6.99 in all, and the key's 30 days taken off (which ends the access).
    expect(
      notices("partial@example.com")
        .map((e) => e.payload)
        .at(-1),
    ).toEqual({
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
    });
    await refundWebhook(id, "evt_rest_after_admin");
    expect(notices("partial@example.com")).toHaveLength(2);
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
    expect(ctx.deps.db.select().from(sales).get()).toMatchObject({ status: "paid", refundedCents: 0 });
  });

  test("Stripe unreachable is a 502 and nothing is recorded", async () => {
    const { saleId } = await sold();
    stripe.setUnavailable(true);
    const answer = await refund(saleId);
    expect(answer.status).toBe(502);
    stripe.setUnavailable(false);
    expect(ctx.deps.db.select().from(sales).get()).toMatchObject({ status: "paid", refundedCents: 0 });
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
      const saleId = demo.deps.db.select().from(sales).get()!.id;
      expect(
        (await api(demo.app, token).api.admin.sales({ id: saleId }).refund.post({ amount: 4.99 })).data,
      ).toMatchObject({ status: "paid", refunded: 4.99 });
      expect((await api(demo.app, token).api.admin.sales({ id: saleId }).refund.post({})).data).toMatchObject({
        status: "refunded",
        refunded: 24.99,
      });
      expect(demo.deps.db.select().from(productKeys).all()).toHaveLength(0);
    } finally {
      demo.cleanup();
    }
  });
});
