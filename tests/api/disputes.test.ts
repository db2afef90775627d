/**
 * Disputes and early fraud warnings through the real Stripe SDK against the fake Stripe, with signed
 * events: a dispute opened then won, another opened then lost, an unused key on hold, events delivered
 * twice and out of order, payments that are not ours, and an early fraud warning under each policy.
 * For each, the key, the subscription, the CSV and the overview agree.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { AuditAction } from "../../src/shared/audit-actions";
import { productKeys, sales } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { saleCsvRow } from "../../src/features/admin/sales-csv";
import { dueReminders } from "../../src/features/reminders/service";
import {
  api,
  failure,
  makeTestApp,
  signInAdmin,
  signUpWithKey,
  type TestContext,
  outboxOf,
  auditRowsOf,
} from "../support/app";
import { paidOnFakeStripe } from "../support/purchase";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";

let stripe: FakeStripe;
let ctx: TestContext;
let admin: string;
beforeAll(() => {
  stripe = startFakeStripe();
});
afterAll(() => stripe.stop());
async function start(env: Record<string, string> = {}) {
  ctx = makeTestApp({ env: { ...stripe.env, ...env } });
  stripe.refunds.length = 0;
  admin = (await signInAdmin(ctx)).token;
}
beforeEach(() => start());
afterEach(() => ctx.cleanup());

/** A paid, fulfilled sale; with `signUp` its key creates an account and a plugin key. */
async function sold(email: string, options: { signUp?: boolean } = {}) {
  const { id, sale, key } = await paidOnFakeStripe(ctx, stripe, "month", email);
  if (!options.signUp) return { id, sale, key, user: null };
  const { token, subscription } = await signUpWithKey(ctx, email, key);
  const pluginKey = (await api(ctx.app, token).api.figma["generate-key"].post()).data!.figmaKey;
  return { id, sale, key, user: { token, pluginKey, subscription } };
}

async function deliver(type: string, object: object, eventId = `evt_${crypto.randomUUID()}`) {
  const { payload, signature } = await stripe.signedEvent({ id: eventId, type, object });
  const answer = await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
  expect(answer.status).toBe(200);
}

const validate = (key: string) => api(ctx.app).api.plugin.validate.post({ key, robloxUserId: "123" });
const adminAlerts = () => outboxOf(ctx, "payment-alert");
const audits = (action: AuditAction) => auditRowsOf(ctx, action);
const notices = (to: string) => outboxOf(ctx, "refund-notice", to);
const overview = async () => (await api(ctx.app, admin).api.admin.overview.get()).data!;

describe("a dispute opened, then won", () => {
  test("the subscription is suspended (validation answers SUBSCRIPTION_SUSPENDED), then resumes with its end moved by the time on hold", async () => {
    const { id, sale, user } = await sold("disputed@example.com", { signUp: true });
    const endBefore = (await user!.subscription()).endDate!;
    expect((await validate(user!.pluginKey)).status).toBe(200);

    const dispute = stripe.openDispute(id);
    await deliver("charge.dispute.created", dispute);
    expect(await sale()).toMatchObject({
      status: "disputed",
      disputeId: dispute.id,
      disputeStatus: "needs_response",
      disputeAmountCents: 699,
      disputeFeeCents: 1500,
    });
    const suspended = await validate(user!.pluginKey);
    expect(suspended.status).toBe(403);
    expect(failure(suspended)?.error).toBe("SUBSCRIPTION_SUSPENDED");
    expect(Object.keys(failure(suspended)!)).not.toContain("lease");
    const dashboard = await api(ctx.app, user!.token).api.dashboard.get();
    expect(dashboard.data!.subscription!.status).toBe("suspended");
    expect((await adminAlerts()).map((e) => e.subject)).toEqual(["Layerlift: A payment was disputed"]);
    expect(await audits("sale.disputed")).toHaveLength(1);
    expect(await overview()).toMatchObject({ totalRevenue: 0, salesCount: 0 });
    expect((await saleCsvRow(ctx.deps.db, (await sale()).id))!.slice(4, 9)).toEqual([
      "6.99",
      "16.02",
      "0.00",
      "6.99",
      "-16.02",
    ]);
    // A disputed payment can't be refunded from the admin panel, and reminders wait while it is on hold.
    const refund = await api(ctx.app, admin)
      .api.admin.sales({ id: (await sale()).id })
      .refund.post({});
    expect(refund.status).toBe(409);
    expect(failure(refund)?.error).toBe("SALE_DISPUTED");
    expect(await dueReminders(ctx.deps.db, endBefore - DAY)).toEqual([]);

    // Noise and redelivery change nothing.
    await deliver("charge.dispute.funds_withdrawn", dispute);
    await deliver("charge.dispute.created", dispute);
    expect(await audits("sale.disputed")).toHaveLength(1);

    ctx.clock.advance(5 * DAY);
    stripe.setDisputeStatus(dispute.id, "won");
    await deliver("charge.dispute.closed", dispute);
    expect(await sale()).toMatchObject({ status: "paid", disputeStatus: "won", disputeClosedAt: ctx.clock.now() });
    expect(await user!.subscription()).toMatchObject({ suspendedAt: null, endDate: endBefore + 5 * DAY });
    expect((await validate(user!.pluginKey)).status).toBe(200);
    expect(await audits("sale.dispute-won")).toHaveLength(1);
    // The fee of a won dispute is a cost: the overview and the CSV agree on it.
    const row = (await saleCsvRow(ctx.deps.db, (await sale()).id))!;
    expect(row.slice(4, 9)).toEqual(["6.99", "16.02", "0.00", "0.00", "-9.03"]);
    expect(await overview()).toMatchObject({ totalRevenue: 6.99, adminRevenue: -9.03, salesCount: 1 });
  });
});

describe("a dispute opened, then lost", () => {
  test("it ends like a refund: the sale is refunded and the key's time is taken back", async () => {
    const { id, sale, user } = await sold("lost@example.com", { signUp: true });
    const dispute = stripe.openDispute(id);
    await deliver("charge.dispute.created", dispute);
    ctx.clock.advance(2 * DAY);
    stripe.setDisputeStatus(dispute.id, "lost");
    await deliver("charge.dispute.closed", dispute);
    expect(await sale()).toMatchObject({ status: "refunded", disputeStatus: "lost" });
    expect(await user!.subscription()).toMatchObject({ suspendedAt: null, status: "expired" });
    const afterChargeback = await validate(user!.pluginKey);
    expect(afterChargeback.status).toBe(403);
    expect(Object.keys(failure(afterChargeback)!)).not.toContain("lease");
    expect(await audits("sale.dispute-lost")).toHaveLength(1);
    expect(await audits("sale.refunded")).toHaveLength(1);
    await deliver("charge.dispute.closed", dispute);
    expect(await audits("sale.dispute-lost")).toHaveLength(1);
    // The buyer is told once, like any refund: the money, and the month taken off.
    expect((await notices("lost@example.com")).map((e) => e.payload)).toEqual([
      expect.objectContaining({
        refundedCents: 699,
        paidCents: 699,
        totalRefundedCents: 699,
        keyOutcome: "days-removed",
        daysRemoved: 30,
        endDate: null,
      }),
    ]);
    expect((await adminAlerts()).map((e) => e.subject)).toEqual([
      "Layerlift: A payment was disputed",
      "Layerlift: A dispute was lost",
    ]);
  });
});

describe("an unused key and events out of order", () => {
  test("a disputed sale's unused key can't create an account until the dispute is won", async () => {
    const { id, key } = await sold("unused@example.com");
    const dispute = stripe.openDispute(id, { namesIntent: false });
    await deliver("charge.dispute.created", dispute);
    const refused = await api(ctx.app).api.auth.signup.post({
      email: "unused@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    expect(refused.status).toBe(409);
    expect(failure(refused)?.error).toBe("PRODUCT_KEY_ON_HOLD");
    stripe.setDisputeStatus(dispute.id, "won");
    await deliver("charge.dispute.closed", dispute);
    const accepted = await api(ctx.app).api.auth.signup.post({
      email: "unused@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    expect(accepted.status).toBe(200);
  });

  test("closed (lost) delivered before created: the sale ends once, and the late created event changes nothing", async () => {
    const { id, sale } = await sold("late@example.com");
    const dispute = stripe.openDispute(id);
    stripe.setDisputeStatus(dispute.id, "lost");
    await deliver("charge.dispute.closed", dispute);
    await deliver("charge.dispute.created", { ...dispute, status: "needs_response" });
    expect(await sale()).toMatchObject({ status: "refunded", disputeStatus: "lost" });
    expect(await ctx.deps.db.select().from(productKeys)).toHaveLength(0);
    expect(await audits("sale.dispute-lost")).toHaveLength(1);
  });

  test("a dispute for a payment that is not ours is answered 200 and writes nothing", async () => {
    const { data } = await api(ctx.app).api["create-payment-intent"].post({
      plan: "month",
      email: "elsewhere@example.com",
    });
    const id = data!.clientSecret.split("_secret_")[0];
    stripe.succeed(id);
    stripe.intents.get(id)!.metadata = {}; // made by another integration on the same account
    const dispute = stripe.openDispute(id);
    await deliver("charge.dispute.created", dispute);
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
    expect(await adminAlerts()).toHaveLength(0);
  });
});

describe("early fraud warnings", () => {
  const warning = (id: string, chargeId: string, intentId?: string) => ({
    id,
    object: "radar.early_fraud_warning",
    actionable: true,
    charge: chargeId,
    fraud_type: "made_with_stolen_card",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    ...(intentId ? { payment_intent: intentId } : {}),
  });

  test("EARLY_FRAUD_WARNING=refund (the default) refunds once with the warning's idempotency key and ends what it paid for", async () => {
    const { id, sale, user } = await sold("stolen@example.com", { signUp: true });
    const event = warning("issfr_1", `ch_${id}`);
    await deliver("radar.early_fraud_warning.created", event, "evt_efw_1");
    await deliver("radar.early_fraud_warning.created", event, "evt_efw_1"); // redelivered
    expect(stripe.refunds).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.headers["idempotency-key"])).toEqual([
      "efw-issfr_1",
    ]);
    expect((await sale()).status).toBe("refunded");
    expect((await user!.subscription()).status).toBe("expired");
    expect(await audits("sale.fraud-warning")).toHaveLength(1);
    expect((await adminAlerts()).map((e) => e.subject)).toEqual(["Layerlift: Early fraud warning"]);
    expect((await notices("stolen@example.com")).map((e) => [e.subject, e.payload.keyOutcome])).toEqual([
      ["Your Layerlift payment was refunded", "days-removed"],
    ]);
  });

  test("EARLY_FRAUD_WARNING=alert only tells the admins", async () => {
    ctx.cleanup();
    await start({ EARLY_FRAUD_WARNING: "alert" });
    const { id, sale } = await sold("watch@example.com");
    await deliver("radar.early_fraud_warning.created", warning("issfr_2", `ch_${id}`, id));
    expect(stripe.refunds).toHaveLength(0);
    expect((await sale()).status).toBe("paid");
    expect((await audits("sale.fraud-warning"))[0]!.detail).toContain("policy alert");
    expect(await adminAlerts()).toHaveLength(1);
    expect(await notices("watch@example.com")).toHaveLength(0); // nothing was refunded
  });
});
