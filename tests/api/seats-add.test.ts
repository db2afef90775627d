/**
 * Adding seats mid-term: more seats for the running subscription, each priced to the whole days left of it (lifetime
 * access: the full price), the code and tax on the total. Paid, the seats are the account's at once with no key, the
 * receipt and invoice say "<plan> — N added seats"; a refund ends only those seats; a renewal replaces them with its
 * count; a payment and a refund at once never leave more seats than are paid for.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  checkouts,
  demoPaymentIntents,
  planPrices,
  productKeys,
  promotionCodes,
  sales,
  subscriptions,
  users,
} from "../../src/db/schema";
import { fulfilPayment } from "../../src/features/checkout/fulfilment";
import { refundPayment } from "../../src/features/refunds/record";
import { paidSeats } from "../../src/features/seats/service";
import { renderEmail } from "../../src/features/email/templates/render";
import { DAY, HOUR } from "../../src/lib/clock";
import { forUpdate, postgresPoolOf } from "../../src/db";
import { api, call, outboxOf, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { LEAD, seatHelpers } from "../support/seats";
import { getBytes, pdfToText } from "../support/pdf";
import { SELLER_ENV } from "../support/production-env";

let ctx: TestContext;
eachTestApp(
  (made) => {
    ctx = made;
  },
  () => ({ env: SELLER_ENV }),
);

type Quote = {
  seats: number;
  unitPrice: number;
  listPrice: number;
  discount: number;
  total: number;
  addedSeats?: { planPrice: number; daysLeft: number | null; planDays: number | null };
};

const startAdding = (token: string, body: Record<string, unknown>) =>
  call(ctx.app, "POST", "/api/seats/add", { token, body });

/** `ms` later (a session does not last that long): a new session of the lead's. */
async function later(ms: number, email = LEAD) {
  ctx.clock.advance(ms);
  const { data } = await api(ctx.app).api.auth.login.post({ email, password: "correct horse" });
  return data!.token;
}

/** Adds seats from the dashboard with `body` and pays with the demo card: the intent's id and its quote. */
async function addSeats(token: string, body: Record<string, unknown>) {
  const answer = await startAdding(token, body);
  expect(answer.status).toBe(200);
  const { clientSecret, quote, provider } = answer.body as { clientSecret: string; quote: Quote; provider: string };
  if (provider !== "free")
    expect((await api(ctx.app).api.payment.demo.confirm.post({ clientSecret })).status).toBe(200);
  return { id: clientSecret.split("_secret_")[0]!, clientSecret, quote };
}

const { buySeats, giveKey, validate, liveSeats, saleOf } = seatHelpers(() => ctx);

describe("the price of added seats", () => {
  test("is the plan's price to the whole days left: 2 seats × $24.99 × 45/120 days = $18.74", async () => {
    let { token } = await signUpWithKey(ctx, LEAD, (await buySeats(5)).key);
    token = await later(75 * DAY);
    const { quote } = await addSeats(token, { seats: 2 });
    expect(quote).toMatchObject({
      seats: 2,
      unitPrice: 9.37,
      listPrice: 18.74,
      discount: 0,
      total: 18.74,
      addedSeats: { planPrice: 24.99, daysLeft: 45, planDays: 120 },
    });
  });

  test("counts whole days (a part of a day is not one), at least one, and rounds each seat to the cent", async () => {
    let { token } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    token = await later(75 * DAY + 12 * HOUR);
    // 44.5 days left: 44 whole ones; $24.99 × 44/120 = $9.163 → $9.16 a seat.
    const first = await startAdding(token, { seats: 3 });
    expect((first.body as { quote: Quote }).quote).toMatchObject({
      unitPrice: 9.16,
      listPrice: 27.48,
      addedSeats: { daysLeft: 44, planDays: 120 },
    });
    token = await later(44 * DAY + 6 * HOUR);
    // Six hours left: one day; $24.99 / 120 = $0.208 → $0.21.
    const last = await startAdding(token, { seats: 1 });
    expect((last.body as { quote: Quote }).quote).toMatchObject({
      unitPrice: 0.21,
      total: 0.21,
      addedSeats: { daysLeft: 1 },
    });
  });

  test("is the full price for lifetime access, and a promotion code applies to the total", async () => {
    const [lifetime] = await ctx.deps.db.select().from(planPrices).where(eq(planPrices.plan, "lifetime"));
    let { token } = await signUpWithKey(ctx, LEAD, (await buySeats(1, LEAD, "lifetime")).key);
    await ctx.deps.db.insert(promotionCodes).values({ code: "TEAM10", percentOff: 10, createdAt: ctx.clock.now() });
    token = await later(400 * DAY);
    const { id, quote } = await addSeats(token, { seats: 2, promotionCode: "team10" });
    const list = lifetime!.priceCents * 2;
    const discount = Math.round(list / 10);
    expect(quote).toMatchObject({
      seats: 2,
      unitPrice: lifetime!.priceCents / 100,
      listPrice: list / 100,
      discount: discount / 100,
      total: (list - discount) / 100,
      addedSeats: { daysLeft: null, planDays: null },
    });
    expect(await saleOf(id)).toMatchObject({ kind: "added-seats", seats: 2, amountCents: list - discount });
  });
});

describe("adding seats is refused, with nothing reserved", () => {
  test("without a subscription (409), after it ended (409), past 100 seats or out of range (422), signed out (401)", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const none = await startAdding(admin, { seats: 1 });
    expect({ status: none.status, body: none.body }).toMatchObject({ status: 409 });
    expect(none.body).toMatchObject({ error: "NO_SUBSCRIPTION" });

    let { token } = await signUpWithKey(ctx, LEAD, (await buySeats(5)).key);
    const tooMany = await startAdding(token, { seats: 96 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ error: "INVALID_SEATS", message: expect.stringContaining("add 95 more") });
    for (const wrong of [0, 100, 2.5, "2"]) {
      const answer = await startAdding(token, { seats: wrong });
      expect({ wrong, status: answer.status }).toEqual({ wrong, status: 422 });
      expect(answer.body).toMatchObject({ error: "INVALID_SEATS" });
    }
    expect((await call(ctx.app, "POST", "/api/seats/add", { body: { seats: 1 } })).status).toBe(401);

    token = await later(121 * DAY);
    const ended = await startAdding(token, { seats: 1 });
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({ error: "SUBSCRIPTION_EXPIRED" });
    // Only the purchase's own checkout exists.
    expect(await ctx.deps.db.select().from(checkouts)).toHaveLength(1);
  });
});

describe("paid added seats", () => {
  test("are the account's at once, with no key; the receipt and the invoice say what was bought; paying twice changes nothing", async () => {
    let { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(5)).key);
    token = await later(75 * DAY);
    const keysBefore = (await ctx.deps.db.select().from(productKeys)).length;
    const { id } = await addSeats(token, { seats: 2 });
    expect(await liveSeats(user.id)).toHaveLength(7);
    expect(((await call(ctx.app, "GET", "/api/seats", { token })).body as { seats: unknown[] }).seats).toHaveLength(7);
    const sale = await saleOf(id);
    expect(sale).toMatchObject({
      kind: "added-seats",
      seats: 2,
      amountCents: 1874,
      productKeyId: null,
      renewalUserId: user.id,
    });
    expect(sale.invoiceNumber).not.toBeNull();
    expect(await ctx.deps.db.select().from(productKeys)).toHaveLength(keysBefore);
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(7);

    const receipts = await outboxOf(ctx, "added-seats-receipt", LEAD);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.payload).toMatchObject({ description: "4 Month Pro — 2 added seats", seats: 7 });
    const rendered = await renderEmail("added-seats-receipt", receipts[0]!.payload as never, "https://x.example");
    expect(rendered.text).toContain("$18.74 for 4 Month Pro — 2 added seats");
    const keyEmails = (await outboxOf(ctx, "product-key", LEAD)).filter((email) => email.saleId === sale.id);
    expect(keyEmails).toHaveLength(0);
    const purchases = (await call(ctx.app, "GET", "/api/account/purchases", { token })).body as {
      purchases: { id: number; kind: string; planName: string; productKey: string | null }[];
    };
    expect(purchases.purchases.find((one) => one.id === sale.id)).toMatchObject({
      kind: "added-seats",
      planName: "4 Month Pro — 2 added seats",
      productKey: null,
    });

    const admin = (await signInAdmin(ctx)).token;
    const listed = (await api(ctx.app, admin).api.admin.sales.get({ query: {} })).data!.sales;
    const row = listed.find((one) => one._id === sale.id)!;
    expect(row).toMatchObject({ kind: "added-seats", seats: 2, plan: "pro", amount: 18.74 });
    const pdf = pdfToText((await getBytes(ctx.app, row.invoiceUrl!)).bytes);
    for (const expected of ["Layerlift 4 Month Pro — 2 added seats", "9.37 USD", "18.74 USD"])
      expect(pdf).toContain(expected);
    // The sales CSV's seats column holds the added count, its gross the money paid.
    const csv = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    const [header, ...rows] = csv
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    const added = rows.find((cells) => cells.includes(id))!;
    expect(added[header!.indexOf("seats")]).toBe("2");
    expect(added[header!.indexOf("gross")]).toBe("18.74");

    // The webhook or the result page again: one sale, the same seats, one receipt.
    await fulfilPayment(ctx.deps, id);
    await fulfilPayment(ctx.deps, id, { refreshFee: true });
    expect(await ctx.deps.db.select().from(sales).where(eq(sales.kind, "added-seats"))).toHaveLength(1);
    expect(await liveSeats(user.id)).toHaveLength(7);
    expect(await outboxOf(ctx, "added-seats-receipt", LEAD)).toHaveLength(1);
  });

  test("with a code taking 100% off are a free order, added at once", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(3)).key);
    await ctx.deps.db.insert(promotionCodes).values({ code: "ONUS", percentOff: 100, createdAt: ctx.clock.now() });
    const answer = await startAdding(token, { seats: 2, promotionCode: "onus" });
    expect(answer.body).toMatchObject({ provider: "free", quote: { seats: 2, total: 0 } });
    const id = (answer.body as { paymentIntentId: string }).paymentIntentId;
    expect(await saleOf(id)).toMatchObject({ kind: "added-seats", seats: 2, amountCents: 0, productKeyId: null });
    expect(await liveSeats(user.id)).toHaveLength(5);
    expect(await outboxOf(ctx, "added-seats-receipt", LEAD)).toHaveLength(1);
  });
});

describe("refunding added seats", () => {
  test("ends the newest seats it paid for, never the owner's access; the others' keys keep working", async () => {
    let { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(3)).key);
    token = await later(30 * DAY);
    const { id } = await addSeats(token, { seats: 2 });
    const live = await liveSeats(user.id);
    const keys: string[] = [];
    for (const seat of live.slice(1)) keys.push(await giveKey(token, seat.id));
    const [before] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));

    const admin = (await signInAdmin(ctx)).token;
    const sale = await saleOf(id);
    const refund = await call(ctx.app, "POST", `/api/admin/sales/${sale.id}/refund`, { token: admin, body: {} });
    expect(refund.status).toBe(200);
    expect((await liveSeats(user.id)).map((seat) => seat.position)).toEqual([1, 2, 3]);
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(3);
    const [after] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after).toEqual(before!);
    expect((await validate(keys[1]!, "1002")).body).toMatchObject({ valid: true });
    expect((await validate(keys[3]!, "1004")).body).toMatchObject({ error: "SEAT_ENDED" });
    const notices = await outboxOf(ctx, "refund-notice", LEAD);
    expect(notices.at(-1)!.payload).toMatchObject({
      planName: "4 Month Pro",
      addedSeats: 2,
      keyOutcome: "seats-ended",
    });
    const notice = await renderEmail("refund-notice", notices.at(-1)!.payload as never, "https://x.example");
    expect(notice.text).toContain("you paid for 4 Month Pro — 2 added seats.");
    // Recorded once: the provider's refund event after it changes nothing.
    await refundPayment(ctx.deps, id);
    expect(await liveSeats(user.id)).toHaveLength(3);
  });

  test("in part keeps the seats, and the notice says so", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    const { id } = await addSeats(token, { seats: 3 });
    const admin = (await signInAdmin(ctx)).token;
    const sale = await saleOf(id);
    const refund = await call(ctx.app, "POST", `/api/admin/sales/${sale.id}/refund`, {
      token: admin,
      body: { amount: 10 },
    });
    expect(refund.status).toBe(200);
    expect(await liveSeats(user.id)).toHaveLength(5);
    const notices = await outboxOf(ctx, "refund-notice", LEAD);
    expect(notices.at(-1)!.payload).toMatchObject({ keyOutcome: "seats-kept", refundedCents: 1000 });
  });

  test("keeps an admin's goodwill seats on top", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    const { id } = await addSeats(token, { seats: 3 });
    const admin = (await signInAdmin(ctx)).token;
    await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 6 } });
    await refundPayment(ctx.deps, id);
    // 2 paid + 1 goodwill.
    expect(await liveSeats(user.id)).toHaveLength(3);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.goodwillSeats).toBe(1);
  });
});

describe("a renewal after added seats", () => {
  test("replaces them with its own count; seats added after it count on top", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(5)).key);
    await addSeats(token, { seats: 2 });
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(7);
    const renewal = await call(ctx.app, "POST", "/api/subscription/renew", {
      token,
      body: { plan: "pro", seats: 3 },
    });
    const { clientSecret } = renewal.body as { clientSecret: string };
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret });
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(3);
    expect(await liveSeats(user.id)).toHaveLength(3);
    await addSeats(token, { seats: 1 });
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(4);
    expect(await liveSeats(user.id)).toHaveLength(4);
  });
});

/** How many sessions of the test database wait on a lock (PostgreSQL). */
async function waitingOnLocks(pool: NonNullable<ReturnType<typeof postgresPoolOf>>): Promise<number> {
  const [row] = (await pool.client.unsafe(
    "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
  )) as { waiting: number }[];
  return row!.waiting;
}

/**
 * Runs `first` and `second` at once. On PostgreSQL the account's row is held locked until both wait on it, `first`
 * queued before `second`, so they surely overlap in that order: each has written its sale's change and must count
 * seats only once it has the row. (SQLite makes one write transaction at a time: there they run one after the other.)
 */
async function whileAccountLocked(userId: number, first: () => Promise<unknown>, second: () => Promise<unknown>) {
  const pool = postgresPoolOf(ctx.deps.db);
  if (!pool) return Promise.all([first(), second()]);
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = ctx.deps.db.transaction(async (tx) => {
    await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
    locked();
    await released;
  });
  await isLocked;
  const until = async (waiting: number) => {
    while ((await waitingOnLocks(pool)) < waiting) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const running = [first()];
  await until(1);
  running.push(second());
  await until(2);
  release();
  await holder;
  return Promise.all(running);
}

describe("a payment for added seats and a refund of others at once", () => {
  test("are made one after the other: never more seats than are paid for", async () => {
    for (const round of [1, 2, 3]) {
      const email = `lead${round}@studio.example`;
      const { token, user } = await signUpWithKey(ctx, email, (await buySeats(5, email)).key);
      const paid = await addSeats(token, { seats: 2 });
      // Paid at the provider, not yet fulfilled: its fulfilment races the refund of the first.
      const pending = await startAdding(token, { seats: 3 });
      const pendingId = (pending.body as { paymentIntentId: string }).paymentIntentId;
      await ctx.deps.db
        .update(demoPaymentIntents)
        .set({ status: "succeeded" })
        .where(eq(demoPaymentIntents.id, pendingId));

      const fulfil = () => fulfilPayment(ctx.deps, pendingId);
      const refund = () => refundPayment(ctx.deps, paid.id);
      // Either one may get the account's row first.
      if (round % 2 === 1) await whileAccountLocked(user.id, refund, fulfil);
      else await whileAccountLocked(user.id, fulfil, refund);
      const live = await liveSeats(user.id);
      expect(live).toHaveLength(8);
      expect(await paidSeats(ctx.deps.db, user.id)).toBe(8);
    }
  });
});
