/**
 * The Stripe webhook at its edges, with objects in Stripe's own shapes (tests/support/stripe-objects.ts):
 * a signature dated in the future, a thin event, a
 * payment that isn't ours (an info line carrying the request's id), and a dispute inquiry that only alerts
 * until it becomes a chargeback or takes the funds.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AuditAction } from "../../src/shared/audit-actions";
import { emails, processedEvents, sales } from "../../src/db/schema";
import {
  call,
  makeTestApp,
  signInAdmin,
  signUpWithKey,
  type RawAnswer,
  type TestContext,
  auditRowsOf,
} from "../support/app";
import { paidOnFakeStripe } from "../support/purchase";
import { startFakeStripe, WEBHOOK_SECRET, type FakeDispute, type FakeStripe } from "../support/fake-stripe";
import { captureLog } from "../support/log";
import { foreignPaymentIntent, inquiryDispute } from "../support/stripe-objects";

let stripe: FakeStripe;
let ctx: TestContext;
const signer = new Stripe("sk_test_signer");
beforeAll(() => {
  stripe = startFakeStripe();
});
afterAll(() => stripe.stop());
beforeEach(async () => {
  ctx = makeTestApp({ env: stripe.env });
  await signInAdmin(ctx);
});
afterEach(() => ctx.cleanup());

async function post(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  const signature = await signer.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return call(ctx.app, "POST", "/api/stripe/webhook", { body: payload, headers: { "stripe-signature": signature } });
}

const eventPayload = (id: string, type: string, object: object) =>
  JSON.stringify({
    id,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("signature timestamps", () => {
  test("a signature dated more than 5 minutes ahead is refused like one more than 5 minutes old; a minute ahead is fine", async () => {
    const intent = { ...foreignPaymentIntent, id: "pi_not_ours_future" };
    const ahead = await post(eventPayload("evt_future", "payment_intent.succeeded", intent), {
      timestamp: nowSeconds() + 3600,
    });
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toBe("INVALID_SIGNATURE");
    const old = await post(eventPayload("evt_old", "payment_intent.succeeded", intent), {
      timestamp: nowSeconds() - 3600,
    });
    expect(old.status).toBe(400);
    expect(await ctx.deps.db.select().from(processedEvents)).toHaveLength(0);
    const slightlyAhead = await post(eventPayload("evt_near", "payment_intent.succeeded", intent), {
      timestamp: nowSeconds() + 60,
    });
    expect(slightlyAhead.status).toBe(200);
  });
});

describe("events with nothing to act on", () => {
  test("a thin event with a valid signature answers 200 and is ignored; a bad signature is still INVALID_SIGNATURE", async () => {
    const thin = JSON.stringify({
      id: "evt_test_65R1JxJ2m6Sr6Fz4hS8mBq0q",
      object: "v2.core.event",
      type: "v1.billing.meter.error_report_triggered",
      created: new Date().toISOString(),
      livemode: false,
      related_object: { id: "mtr_test_61R1", type: "billing.meter", url: "/v1/billing/meters/mtr_test_61R1" },
    });
    const answer = await post(thin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true });
    // An event without its object, as a v1 thin event.
    const noObject = await post(
      JSON.stringify({ id: "evt_no_object", object: "event", type: "charge.refunded", data: {} }),
    );
    expect(noObject.status).toBe(200);
    expect(await ctx.deps.db.select().from(processedEvents)).toHaveLength(0);
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
    const forged = await post(thin, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe("INVALID_SIGNATURE");
  });

  test("a payment of another product, succeeded but not ours: 200, nothing written, logged at info with the request's id", async () => {
    const intent = { ...foreignPaymentIntent, status: "succeeded" as const };
    stripe.intents.set(intent.id, intent as never);
    const log = captureLog("info");
    let answer: RawAnswer;
    try {
      answer = await post(eventPayload("evt_foreign_payment", "payment_intent.succeeded", intent));
    } finally {
      log.restore();
    }
    expect(answer.status).toBe(200);
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
    const reqId = answer.headers.get("x-request-id");
    expect(reqId).toBeTruthy();
    const line = log.lines.find((l) => l.msg === "webhook: payment not fulfilled");
    expect(line).toMatchObject({ level: "info", paymentIntentId: intent.id });
    expect(log.lines.filter((l) => l.level === "error")).toEqual([]);
    // Every line written while the request was handled carries its id.
    expect(log.lines.length).toBeGreaterThanOrEqual(2);
    for (const written of log.lines) expect(written.reqId).toBe(reqId);
  });
});

describe("a dispute inquiry", () => {
  /** A paid sale whose key feeds a signed-up account's subscription. */
  async function soldAndUsed(email: string) {
    const { id, sale, key } = await paidOnFakeStripe(ctx, stripe, "month", email);
    const { subscription } = await signUpWithKey(ctx, email, key);
    return { id, sale, subscription };
  }

  /** A dispute opened as an inquiry: warning_needs_response, no funds taken), aimed at our sale's charge. */
  function inquiryAbout(intentId: string, disputeId: string): FakeDispute {
    const dispute = {
      ...structuredClone(inquiryDispute),
      id: disputeId,
      charge: `ch_${intentId}`,
      amount: 699,
    } as unknown as FakeDispute;
    stripe.disputes.set(disputeId, dispute);
    return dispute;
  }

  const deliver = async (type: string, dispute: FakeDispute) => {
    const answer = await post(eventPayload(`evt_${crypto.randomUUID()}`, type, dispute));
    expect(answer.status).toBe(200);
  };
  const alerts = async () => await ctx.deps.db.select().from(emails).where(eq(emails.template, "payment-alert"));
  const audits = (action: AuditAction) => auditRowsOf(ctx, action);

  test("alerts the admin once and leaves access alone; becoming a chargeback (needs_response) puts it on hold", async () => {
    const { id, sale, subscription } = await soldAndUsed("asked@example.com");
    const dispute = inquiryAbout(id, "dp_inquiry_1");
    await deliver("charge.dispute.created", dispute);
    await deliver("charge.dispute.updated", dispute);
    expect((await sale()).status).toBe("paid");
    expect((await sale()).disputeStatus).toBe("warning_needs_response");
    expect((await subscription()).suspendedAt).toBeNull();
    expect(await alerts()).toHaveLength(1);
    expect(JSON.stringify((await alerts())[0])).toContain("asking about");
    expect(await audits("sale.dispute-inquiry")).toHaveLength(1);
    expect(await audits("sale.disputed")).toHaveLength(0);

    dispute.status = "needs_response";
    await deliver("charge.dispute.updated", dispute);
    expect((await sale()).status).toBe("disputed");
    expect((await subscription()).suspendedAt).not.toBeNull();
    expect(await audits("sale.disputed")).toHaveLength(1);
  });

  test("an inquiry whose funds are withdrawn puts it on hold; one that closes leaves everything as it was", async () => {
    const withdrawn = await soldAndUsed("withdrawn@example.com");
    const dispute = inquiryAbout(withdrawn.id, "dp_inquiry_2");
    await deliver("charge.dispute.created", dispute);
    expect((await withdrawn.subscription()).suspendedAt).toBeNull();
    dispute.balance_transactions.push({
      id: "txn_dp_inquiry_2",
      object: "balance_transaction",
      amount: -699,
      fee: 1500,
      net: -2199,
      currency: "usd",
      type: "adjustment",
      reporting_category: "dispute",
    } as never);
    await deliver("charge.dispute.funds_withdrawn", dispute);
    expect((await withdrawn.sale()).status).toBe("disputed");
    expect((await withdrawn.subscription()).suspendedAt).not.toBeNull();

    const closed = await soldAndUsed("closed@example.com");
    const other = inquiryAbout(closed.id, "dp_inquiry_3");
    await deliver("charge.dispute.created", other);
    other.status = "warning_closed";
    await deliver("charge.dispute.closed", other);
    expect((await closed.sale()).status).toBe("paid");
    expect((await closed.subscription()).suspendedAt).toBeNull();
  });
});
