/**
 * A refund is made once however often it is asked for: the Idempotency-Key (kept in the database for
 * 24 hours), DUPLICATE_REFUND without a key, concurrent identical requests, and amounts checked in
 * cents before the provider hears of them. Through the real Stripe SDK against the fake Stripe, and
 * with the demo provider.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { createApp } from "../../src/app";
import { closeDatabase } from "../../src/db";
import { refundRequests, sales } from "../../src/db/schema";
import { DAY, MINUTE } from "../../src/lib/clock";
import { api, call, makeTestApp, openSameDatabase, signInAdmin, type TestContext } from "../support/app";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";

let stripe: FakeStripe;
beforeAll(() => {
  stripe = startFakeStripe();
});
afterAll(() => stripe.stop());

const opened: TestContext[] = [];
afterEach(() => {
  for (const ctx of opened.splice(0)) ctx.cleanup();
});

async function setUp(provider: "stripe" | "demo") {
  const ctx = makeTestApp(provider === "stripe" ? { env: stripe.env } : {});
  opened.push(ctx);
  const admin = (await signInAdmin(ctx)).token;
  const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com" });
  const intentId = data!.clientSecret.split("_secret_")[0];
  if (provider === "stripe") {
    stripe.succeed(intentId);
    await api(ctx.app).api.payment.success.get({ query: { payment_intent: intentId } });
  } else {
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
  }
  const saleId = (await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, intentId)).limit(1))[0]!.id;
  const refund = (body: { amount?: number }, key?: string, app = ctx.app) =>
    call(app, "POST", `/api/admin/sales/${saleId}/refund`, {
      token: admin,
      body,
      headers: key ? { "idempotency-key": key } : {},
    });
  const refundedCents = async () =>
    (await ctx.deps.db.select().from(sales).where(eq(sales.id, saleId)).limit(1))[0]!.refundedCents;
  const stripeRefunds = () => stripe.refunds.filter((r) => r.charge === `ch_${intentId}`);
  return { ctx, admin, intentId, saleId, refund, refundedCents, stripeRefunds };
}

describe("Idempotency-Key on a refund", () => {
  test("Stripe: the same key and body again answers the first result and refunds nothing more", async () => {
    const { refund, refundedCents, stripeRefunds } = await setUp("stripe");
    const first = await refund({ amount: 5 }, "refund-key-1");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "paid", refunded: 5 });
    const again = await refund({ amount: 5 }, "refund-key-1");
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(stripeRefunds().map((r) => r.amount)).toEqual([500]);
    expect(await refundedCents()).toBe(500);
  });

  test("the same key with another amount is a 422 and moves no money; a new key makes a new refund", async () => {
    const { refund, refundedCents, stripeRefunds } = await setUp("stripe");
    expect((await refund({ amount: 5 }, "k-a")).status).toBe(200);
    const reused = await refund({ amount: 6 }, "k-a");
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe("IDEMPOTENCY_KEY_REUSED");
    expect((await refund({}, "k-a")).status).toBe(422);
    expect(await refundedCents()).toBe(500);
    expect((await refund({ amount: 5 }, "k-b")).status).toBe(200);
    expect(stripeRefunds().map((r) => r.amount)).toEqual([500, 500]);
    expect(await refundedCents()).toBe(1000);
  });

  test("a retry after a failed answer sends Stripe the same key, so Stripe refunds once", async () => {
    const { refund, refundedCents, stripeRefunds } = await setUp("stripe");
    stripe.requests.length = 0;
    stripe.setUnavailable(true);
    const failed = await refund({ amount: 4 }, "k-fail");
    stripe.setUnavailable(false);
    expect(failed.status).toBe(502);
    expect(await refundedCents()).toBe(0);
    const retried = await refund({ amount: 4 }, "k-fail");
    expect(retried.status).toBe(200);
    const sent = stripe.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.headers["idempotency-key"]);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent).size).toBe(1);
    expect(stripeRefunds().map((r) => r.amount)).toEqual([400]);
    expect(await refundedCents()).toBe(400);
  });

  test("keys are kept in the database: after a restart the same key still replays; after 24 hours it is forgotten", async () => {
    const { ctx, refund, refundedCents, stripeRefunds } = await setUp("stripe");
    expect((await refund({ amount: 2 }, "k-restart")).status).toBe(200);
    const reopened = openSameDatabase(ctx.deps);
    try {
      const restarted = createApp({ ...ctx.deps, db: reopened });
      const again = await refund({ amount: 2 }, "k-restart", restarted);
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(stripeRefunds()).toHaveLength(1);
    } finally {
      await closeDatabase(reopened);
    }
    ctx.clock.advance(DAY + MINUTE);
    const later = await refund({ amount: 2 }, "k-restart");
    expect(later.status).toBe(200);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await refundedCents()).toBe(400);
    // The day-old request was forgotten, so the table holds only the new one.
    expect(await ctx.deps.db.select().from(refundRequests)).toHaveLength(1);
  });
});

describe("without a key", () => {
  test("the same amount of the same sale within 10 minutes is a 409 DUPLICATE_REFUND; another amount, a key, or later is fine", async () => {
    const { ctx, refund, refundedCents, stripeRefunds } = await setUp("stripe");
    expect((await refund({ amount: 5 })).status).toBe(200);
    const twice = await refund({ amount: 5 });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("DUPLICATE_REFUND");
    expect(twice.body.message).toContain("less than 10 minutes ago");
    expect(await refundedCents()).toBe(500);
    expect((await refund({ amount: 1 })).status).toBe(200);
    expect((await refund({ amount: 5 }, "a-new-key")).status).toBe(200);
    ctx.clock.advance(10 * MINUTE + 1);
    expect((await refund({ amount: 5 })).status).toBe(200);
    expect(stripeRefunds().map((r) => r.amount)).toEqual([500, 100, 500, 500]);
    expect(await refundedCents()).toBe(1600);
  });
});

describe("concurrent identical requests give exactly one refund", () => {
  for (const provider of ["stripe", "demo"] as const) {
    for (const keyed of [false, true]) {
      test(`${provider}, ${keyed ? "one key" : "no key"}: 10 at once`, async () => {
        const { refund, refundedCents, stripeRefunds } = await setUp(provider);
        // Sent a few milliseconds apart, so some arrive while the first is with the provider and some after it answered.
        const answers = await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            await Bun.sleep(i * 3);
            return refund({ amount: 1 }, keyed ? "same-key" : undefined);
          }),
        );
        const ok = answers.filter((a) => a.status === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        for (const answer of answers) {
          if (answer.status === 200) expect(answer.body).toMatchObject({ refunded: 1 });
          else expect(answer.status).toBe(409);
        }
        expect(await refundedCents()).toBe(100);
        if (provider === "stripe") expect(stripeRefunds()).toHaveLength(1);
      });
    }
  }

  test("demo: concurrent refunds of different amounts never refund more than the sale", async () => {
    const { refund, refundedCents } = await setUp("demo");
    const answers = await Promise.all([20, 20, 20].map((amount, i) => refund({ amount }, `k-${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await refundedCents()).toBe(2000);
  });
});

describe("amounts in cents", () => {
  for (const provider of ["stripe", "demo"] as const) {
    test(`${provider}: an amount that rounds to 0 cents is a 422 and no provider is asked`, async () => {
      const { refund, refundedCents, stripeRefunds } = await setUp(provider);
      stripe.requests.length = 0;
      for (const amount of [1e-9, 0.004, 0.001]) {
        const answer = await refund({ amount });
        expect(answer.status).toBe(422);
        expect(answer.body.error).toBe("VALIDATION");
      }
      expect(stripe.requests.filter((r) => r.path === "/v1/refunds")).toHaveLength(0);
      expect(stripeRefunds()).toHaveLength(0);
      expect(await refundedCents()).toBe(0);
      expect((await refund({ amount: 0.01 })).status).toBe(200);
      expect(await refundedCents()).toBe(1);
    });
  }
});
