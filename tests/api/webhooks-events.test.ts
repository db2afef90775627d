/**
 * Every event the site announces, recorded by the change that causes it (through the real routes, the fake
 * Stripe and its signed events): sales, full and partial refunds, disputes opened and closed, key uses and
 * renewals, cancellations, ends of subscriptions, accounts made and deleted, and tickets. Each body carries
 * ids, amounts in cents, the plan and the buyer's address, never a product key, plugin key or token.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales, subscriptions, webhookDeliveries } from "../../src/db/schema";
import { DAY, MINUTE } from "../../src/lib/clock";
import { announceEndedSubscriptions } from "../../src/features/webhooks/ended";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../../src/shared/webhooks";
import { exampleBody, WEBHOOK_EXAMPLES } from "../../src/features/webhooks/catalogue";
import { api, call, makeKey, signUpWithKey, type TestContext } from "../support/app";
import { eachTestOnFakeStripe } from "../support/each-test";
import type { FakeStripe } from "../support/fake-stripe";
import { paidOnFakeStripe } from "../support/purchase";

let ctx: TestContext;
let stripe: FakeStripe;
let admin: string;
eachTestOnFakeStripe((made) => ({ ctx, stripe, admin } = made), { admin: true });

interface Event {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** An endpoint that asked for every event (it is never called here: the recorded bodies are what is sent). */
async function subscribeToEverything() {
  const { status } = await api(ctx.app, admin).api.admin.webhooks.post({
    url: "http://127.0.0.1:9/hooks",
    events: [...WEBHOOK_EVENT_TYPES],
  });
  expect(status).toBe(201);
}

/** The events recorded so far; each carries exactly the fields its documented example shows. */
async function recorded(): Promise<Event[]> {
  const rows = await ctx.deps.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);
  const events: Event[] = rows.map((row) => JSON.parse(row.body));
  for (const event of events)
    expect({ type: event.type, fields: Object.keys(event.data).sort() }).toEqual({
      type: event.type,
      fields: Object.keys(WEBHOOK_EXAMPLES[event.type as WebhookEventType]).sort(),
    });
  return events;
}
const ofType = async (type: string) => (await recorded()).filter((event) => event.type === type);

async function stripeEvent(type: string, object: object) {
  const { payload, signature } = await stripe.signedEvent({ id: `evt_${crypto.randomUUID()}`, type, object });
  const answer = await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
  expect(answer.status).toBe(200);
}

describe("sales", () => {
  test("a purchase announces sale.completed; signing up with its key, account.created and key.redeemed", async () => {
    await subscribeToEverything();
    const { sale, key } = await paidOnFakeStripe(ctx, stripe, "pro", "buyer@example.com");
    const { data } = await api(ctx.app).api.auth.signup.post({
      email: "buyer@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    const events = await recorded();
    expect(events.map((event) => event.type)).toEqual(["sale.completed", "account.created", "key.redeemed"]);
    expect(events[0]!.data).toMatchObject({
      saleId: (await sale()).id,
      plan: "pro",
      amountCents: 2499,
      currency: "usd",
    });
    expect(events[1]!.data).toEqual({ userId: data!.user.id, email: "buyer@example.com" });
    expect(events[2]!.data).toMatchObject({ plan: "pro", saleId: (await sale()).id, email: "buyer@example.com" });
    const everything = JSON.stringify(events);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(data!.token);
  });

  test("each sale event says the seats the sale paid for and its kind: a purchase, a renewal, added seats", async () => {
    await subscribeToEverything();
    /** Pays the checkout `path` started (the fake Stripe succeeds it) and fulfils it: the intent's id. */
    const pay = async (path: string, body: Record<string, unknown>, token?: string) => {
      const answer = await call(ctx.app, "POST", path, { token, body });
      expect(answer.status).toBe(200);
      const id = (answer.body as { clientSecret: string }).clientSecret.split("_secret_")[0]!;
      stripe.succeed(id);
      await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
      return id;
    };
    await pay("/api/create-payment-intent", { plan: "pro", email: "studio@example.com", seats: 3 });
    const [bought] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.seats, 3));
    const { token } = await signUpWithKey(ctx, "studio@example.com", bought!.key);
    await pay("/api/subscription/renew", { plan: "pro", seats: 2 }, token);
    const added = await pay("/api/seats/add", { seats: 1 }, token);
    const [addedSale] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, added));
    expect((await api(ctx.app, admin).api.admin.sales({ id: addedSale!.id }).refund.post({})).status).toBe(200);

    const completed = await ofType("sale.completed");
    expect(completed.map((event) => [event.data.seats, event.data.kind])).toEqual([
      [3, "purchase"],
      [2, "renewal"],
      [1, "added-seats"],
    ]);
    expect((await ofType("sale.refunded")).map((event) => event.data)).toMatchObject([
      { saleId: addedSale!.id, seats: 1, kind: "added-seats", full: true },
    ]);
  });

  test("a partial refund, then the rest, announce sale.refunded with the amounts", async () => {
    await subscribeToEverything();
    const { sale } = await paidOnFakeStripe(ctx, stripe, "pro", "buyer@example.com");
    const saleId = (await sale()).id;
    expect((await api(ctx.app, admin).api.admin.sales({ id: saleId }).refund.post({ amount: 5 })).status).toBe(200);
    expect((await api(ctx.app, admin).api.admin.sales({ id: saleId }).refund.post({})).status).toBe(200);
    const refunds = await ofType("sale.refunded");
    expect(refunds.map((event) => event.data)).toMatchObject([
      { saleId, refundedCents: 500, totalRefundedCents: 500, full: false, amountCents: 2499 },
      { saleId, refundedCents: 1999, totalRefundedCents: 2499, full: true },
    ]);
  });

  test("a dispute announces dispute.opened, and dispute.closed with its outcome", async () => {
    await subscribeToEverything();
    const { id, sale } = await paidOnFakeStripe(ctx, stripe, "month", "buyer@example.com");
    const dispute = stripe.openDispute(id);
    await stripeEvent("charge.dispute.created", dispute);
    await stripeEvent("charge.dispute.created", dispute); // a redelivery announces nothing new
    stripe.setDisputeStatus(dispute.id, "won");
    await stripeEvent("charge.dispute.closed", dispute);
    const opened = await ofType("dispute.opened");
    const closed = await ofType("dispute.closed");
    expect(opened).toHaveLength(1);
    expect(opened[0]!.data).toMatchObject({
      saleId: (await sale()).id,
      disputeId: dispute.id,
      disputeAmountCents: 699,
    });
    expect(closed).toHaveLength(1);
    expect(closed[0]!.data).toMatchObject({ disputeId: dispute.id, outcome: "won" });
  });

  test("a dispute first seen already lost announces dispute.closed, once, beside the refund", async () => {
    await subscribeToEverything();
    const { id } = await paidOnFakeStripe(ctx, stripe, "month", "buyer@example.com");
    const dispute = stripe.openDispute(id);
    stripe.setDisputeStatus(dispute.id, "lost");
    await stripeEvent("charge.dispute.closed", dispute);
    await stripeEvent("charge.dispute.closed", dispute); // a redelivery announces nothing new
    const closed = await ofType("dispute.closed");
    expect(closed).toHaveLength(1);
    expect(closed[0]!.data).toMatchObject({ disputeId: dispute.id, disputeStatus: "lost" });
    expect(await ofType("sale.refunded")).toHaveLength(1);
  });
});

describe("subscriptions and accounts", () => {
  test("a redeemed key renews; a cancellation and the end are announced; deletion too", async () => {
    await subscribeToEverything();
    const { token, user } = await signUpWithKey(ctx, "member@example.com", await makeKey(ctx.deps, "month"));
    expect(
      (await api(ctx.app, token).api.subscription.redeem.post({ productKey: await makeKey(ctx.deps, "month") })).status,
    ).toBe(200);
    const [renewed] = await ofType("subscription.renewed");
    expect(renewed!.data).toMatchObject({
      userId: user.id,
      email: "member@example.com",
      plan: "month",
      status: "active",
    });
    expect((await api(ctx.app, token).api.subscription.cancel.post()).status).toBe(200);
    const [cancelled] = await ofType("subscription.cancelled");
    expect(cancelled!.data).toMatchObject({ userId: user.id, status: "cancelled" });

    // The end: the first round starts the count, the next one after the end announces it once.
    expect(await announceEndedSubscriptions(ctx.deps)).toBe(0);
    ctx.clock.advance(61 * DAY);
    expect(await announceEndedSubscriptions(ctx.deps)).toBe(1);
    expect(await announceEndedSubscriptions(ctx.deps)).toBe(0);
    const [ended] = await ofType("subscription.ended");
    expect(ended!.data).toMatchObject({ userId: user.id, plan: "month" });

    const fresh = await api(ctx.app).api.auth.login.post({ email: "member@example.com", password: "correct horse" });
    expect((await api(ctx.app, fresh.data!.token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    const [deleted] = await ofType("account.deleted");
    // The deletion erases the address everywhere, the webhook bodies too: the receiver knows the account by its id.
    expect(deleted!.data).toEqual({ userId: user.id, email: `deleted-account-${user.id}@deleted.invalid` });
    const bodies = await ctx.deps.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries);
    expect(bodies.length).toBeGreaterThan(5);
    expect(JSON.stringify(bodies)).not.toContain("member@example.com");
  });

  test("an end written with a time the last round had already passed (its transaction landing late) is announced", async () => {
    await subscribeToEverything();
    const { user } = await signUpWithKey(ctx, "member@example.com", await makeKey(ctx.deps, "month"));
    expect(await announceEndedSubscriptions(ctx.deps)).toBe(0);
    ctx.clock.advance(10 * MINUTE);
    expect(await announceEndedSubscriptions(ctx.deps)).toBe(0);
    // A refund that took its time "now" 30 seconds ago and committed only after that round.
    const endedAt = ctx.clock.now() - 30_000;
    await ctx.deps.db
      .update(subscriptions)
      .set({ status: "expired", endDate: endedAt })
      .where(eq(subscriptions.userId, user.id));
    ctx.clock.advance(2 * MINUTE);
    expect(await announceEndedSubscriptions(ctx.deps)).toBe(1);
    const [ended] = await ofType("subscription.ended");
    expect(ended!.data).toMatchObject({ userId: user.id, plan: "month" });
  });

  test("a support ticket announces ticket.created, without its message", async () => {
    await subscribeToEverything();
    await api(ctx.app).api.support.tickets.post({
      email: "asker@example.com",
      subject: "billing",
      message: "My card was charged twice, please help.",
    });
    const [ticket] = await ofType("ticket.created");
    expect(ticket!.data).toMatchObject({ email: "asker@example.com", subject: "billing" });
    expect(JSON.stringify(ticket)).not.toContain("charged twice");
  });
});

describe("the OpenAPI document", () => {
  test("describes every event under webhooks, with the three signature headers and an example body", async () => {
    const { data } = await api(ctx.app).api["openapi.json"].get();
    const webhooks = (data as { webhooks: Record<string, { post: Record<string, unknown> }> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = webhooks[type]!.post as {
        parameters: { name: string }[];
        requestBody: { content: { "application/json": { example: { type: string } } } };
      };
      expect(post.parameters.map((parameter) => parameter.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      expect(post.requestBody.content["application/json"].example.type).toBe(type);
    }
  });

  test("the operator's page shows every event with the same example body", async () => {
    const page = await Bun.file(new URL("../../docs/webhooks.md", import.meta.url)).text();
    for (const type of WEBHOOK_EVENT_TYPES) expect(page).toContain(JSON.stringify(exampleBody(type), null, 2));
  });
});
