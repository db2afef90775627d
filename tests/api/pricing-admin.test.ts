/**
 * The price list and promotion codes through the API, with the demo provider: GET /api/plans, the
 * admin's changes (validated, audited, nothing changed by bad input), the public look-up, the pages
 * the server renders, and what the books say about codes.
 */
import { describe, expect, onTestFinished, setDefaultTimeout, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { auditLog, emails, planPrices, promotionCodes, sales } from "../../src/db/schema";
import type { PromotionCreateBody } from "../../src/shared/api/pricing";
import type { PlanId } from "../../src/shared/plans";
import { refundPayment } from "../../src/features/refunds/record";
import { SALES_CSV_COLUMNS } from "../../src/features/admin/sales-csv";
import {
  api,
  call,
  failure,
  makeTestApp,
  openSameDatabase,
  signInAdmin,
  signUpUser,
  type TestContext,
} from "../support/app";
import { onPostgres } from "../support/postgres-pass";
import { closeDatabase } from "../../src/db";
import { createApp } from "../../src/app";
import { KEPT_CATALOGUE_MS } from "../../src/features/pricing/catalogue";
import { eachTestWithAdmin } from "../support/each-test";

// Some tests render pages on the server (React), which takes seconds on a busy machine.
setDefaultTimeout(90_000);

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

const adminApi = () => api(ctx.app, admin).api.admin;
const priceRows = () => ctx.deps.db.select().from(planPrices).orderBy(asc(planPrices.plan));
const codeRows = () => ctx.deps.db.select().from(promotionCodes).orderBy(asc(promotionCodes.id));
const auditRows = () => ctx.deps.db.select().from(auditLog).orderBy(asc(auditLog.id));

async function createCode(body: PromotionCreateBody) {
  const answer = await adminApi()["promotion-codes"].post(body);
  expect(answer.status).toBe(200);
  return answer.data!;
}

/** Buys with the demo card; answers the intent id. */
async function buy(plan: PlanId, email: string, promotionCode?: string) {
  const { data, status } = await api(ctx.app).api["create-payment-intent"].post({
    plan,
    email,
    ...(promotionCode ? { promotionCode } : {}),
  });
  expect(status).toBe(200);
  if (data!.provider !== "free") await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
  return data!;
}

/** A page's HTML, without React's text separators (<!-- -->). */
const page = async (path: string) =>
  (await (await ctx.app.handle(new Request(`http://localhost${path}`))).text()).replaceAll("<!-- -->", "");
const offers = (html: string) => {
  const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1];
  return (JSON.parse(block).offers as { name: string; price: string }[]).map((o) => [o.name, o.price]);
};

describe("GET /api/plans and PUT /api/admin/plans/:id", () => {
  test("answers the launch price list in dollars", async () => {
    const { data } = await api(ctx.app).api.plans.get();
    expect(data!.map((p) => [p.id, p.name, p.price, p.compareAtPrice, p.badge, p.days, p.popular])).toEqual([
      ["month", "1 Month Subscription", 6.99, 9.99, "30% OFF!", 30, false],
      ["pro", "4 Month Pro", 24.99, null, null, 120, true],
      ["lifetime", "Lifetime Access", 149.99, null, null, null, false],
    ]);
  });

  test("an admin changes a price, badge and visibility: audited, and the next page shows it with no restart", async () => {
    expect(offers(await page("/purchase"))).toContainEqual(["4 Month Pro", "24.99"]);
    expect(await page("/purchase")).toContain("$24.99");

    const changed = await adminApi()
      .plans({ id: "pro" })
      .put({ price: 19.99, compareAtPrice: 24.99, badge: "Spring sale" });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({
      id: "pro",
      price: 19.99,
      compareAtPrice: 24.99,
      badge: "Spring sale",
      visible: true,
    });
    const hidden = await adminApi().plans({ id: "lifetime" }).put({ visible: false });
    expect(hidden.data!.visible).toBe(false);

    for (const path of ["/", "/purchase"]) {
      expect(offers(await page(path))).toEqual([
        ["1 Month Subscription", "6.99"],
        ["4 Month Pro", "19.99"],
      ]);
    }
    const html = await page("/purchase");
    expect(html).toContain("$19.99");
    expect(html).toContain("Spring sale");
    expect(html).not.toContain("Lifetime Access");
    expect((await api(ctx.app).api.plans.get()).data!.map((p) => p.id)).toEqual(["month", "pro"]);
    expect((await adminApi().plans.get()).data!.map((p) => [p.id, p.visible])).toEqual([
      ["month", true],
      ["pro", true],
      ["lifetime", false],
    ]);

    const audit = (await auditRows()).filter((row) => row.action === "plan.update");
    expect(audit.map((row) => row.subject)).toEqual(["plan:pro", "plan:lifetime"]);
    expect(JSON.parse(audit[0].detail!)).toEqual({
      before: { price: 2499, compareAt: null, badge: null, visible: true },
      after: { price: 1999, compareAt: 2499, badge: "Spring sale", visible: true },
    });
  });

  // Another instance on the same database exists only on PostgreSQL (a SQLite file has one server).
  test.skipIf(!onPostgres)(
    "a price changed through another instance shows on this one's pages within a second",
    async () => {
      expect(offers(await page("/purchase"))).toContainEqual(["4 Month Pro", "24.99"]);
      const other = openSameDatabase(ctx.deps);
      onTestFinished(() => closeDatabase(other));
      const otherApp = createApp({ ...ctx.deps, db: other });
      const changed = await api(otherApp, admin).api.admin.plans({ id: "pro" }).put({ price: 17.99 });
      expect(changed.status).toBe(200);
      await Bun.sleep(KEPT_CATALOGUE_MS + 100);
      expect(offers(await page("/purchase"))).toContainEqual(["4 Month Pro", "17.99"]);
      expect((await api(ctx.app).api.plans.get()).data!.find((p) => p.id === "pro")!.price).toBe(17.99);
    },
  );

  test("bad prices are refused with a sentence and change nothing", async () => {
    const before = await priceRows();
    const audits = (await auditRows()).length;
    const cases: [PlanId | string, unknown, number, string][] = [
      ["pro", { price: -1 }, 422, "The price must be at least 0.50 dollars."],
      ["pro", { price: 0.49 }, 422, "The price must be at least 0.50 dollars."],
      ["pro", { price: 6.999 }, 422, "price has at most 2 decimals (whole cents), e.g. 5.00."],
      ["pro", { compareAtPrice: 20 }, 422, 'The "was" price must be above the price, or empty for none.'],
      ["month", { price: 9.99 }, 422, 'The "was" price must be above the price, or empty for none.'],
      ["pro", { compareAtPrice: 30.001 }, 422, "compareAtPrice has at most 2 decimals (whole cents), e.g. 5.00."],
      ["pro", { price: "cheap" }, 422, "The price must be at least 0.50 dollars."],
      ["pro", { cost: 5 }, 422, "Give at least one of price, compareAtPrice, badge and visible."],
      ["forever", { price: 5 }, 422, "There is no such plan. The plans are month, pro and lifetime."],
    ];
    for (const [id, body, status, message] of cases) {
      const answer = await call(ctx.app, "PUT", `/api/admin/plans/${id}`, { token: admin, body });
      expect([id, JSON.stringify(body), answer.status]).toEqual([id, JSON.stringify(body), status]);
      if (message) expect(answer.body.message).toBe(message);
    }
    const user = await signUpUser(ctx);
    expect((await call(ctx.app, "PUT", "/api/admin/plans/pro", { token: user.token, body: { price: 1 } })).status).toBe(
      403,
    );
    expect((await call(ctx.app, "PUT", "/api/admin/plans/pro", { body: { price: 1 } })).status).toBe(401);
    expect(await priceRows()).toEqual(before);
    expect((await auditRows()).length).toBe(audits);
    // Removing the "was" price is allowed, and then the month price may go up.
    expect(
      (await adminApi().plans({ id: "month" }).put({ compareAtPrice: null, badge: null, price: 9.99 })).data,
    ).toMatchObject({ price: 9.99, compareAtPrice: null, badge: null });
  });
});

describe("promotion codes: the admin's side", () => {
  test("creates codes (case-insensitive, audited) and refuses bad ones, changing nothing", async () => {
    const created = await createCode({
      code: "launch20",
      percentOff: 20,
      endsAt: "2026-12-01T00:00:00Z",
      maxRedemptions: 100,
    });
    expect(created).toMatchObject({
      code: "LAUNCH20",
      percentOff: 20,
      amountOff: null,
      plans: null,
      startsAt: null,
      endsAt: "2026-12-01T00:00:00.000Z",
      maxRedemptions: 100,
      oncePerBuyer: false,
      active: true,
      uses: 0,
      reserved: 0,
      discountGiven: 0,
      revenue: 0,
    });
    expect((await createCode({ code: "PRO-5", amountOff: 5, plans: ["pro", "month", "lifetime"] })).plans).toBeNull();
    expect((await createCode({ code: "STREAMER", amountOff: 5, plans: ["pro"], oncePerBuyer: true })).plans).toEqual([
      "pro",
    ]);
    expect((await auditRows()).filter((r) => r.action === "promotion-code.create").length).toBe(3);

    const codes = await codeRows();
    const audits = (await auditRows()).length;
    const cases: [unknown, number, string, string?][] = [
      [{ code: "BIG", percentOff: 101 }, 422, "percentOff is a whole number from 1 to 100."],
      [{ code: "ZERO", percentOff: 0 }, 422, "percentOff is a whole number from 1 to 100."],
      [
        { code: "BOTH", percentOff: 10, amountOff: 1 },
        422,
        "Give exactly one of percentOff (1–100) and amountOff (dollars).",
      ],
      [{ code: "NONE" }, 422, "Give exactly one of percentOff (1–100) and amountOff (dollars)."],
      [{ code: "NEG", amountOff: -1 }, 422, "amountOff is a number of dollars above 0."],
      [{ code: "CENTS", amountOff: 1.005 }, 422, "amountOff has at most 2 decimals (whole cents), e.g. 5.00."],
      [
        { code: "BACKWARDS", percentOff: 5, startsAt: "2026-12-10T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" },
        422,
        "endsAt must be after startsAt.",
      ],
      [{ code: "PAST", percentOff: 5, endsAt: "2026-01-01T00:00:00Z" }, 422, "endsAt must be in the future."],
      [
        { code: "Launch20", percentOff: 5 },
        409,
        "There is already a promotion code LAUNCH20 (codes are case-insensitive).",
        "PROMOTION_CODE_EXISTS",
      ],
      [{ code: "GAME", percentOff: 5, plans: ["forever"] }, 422, "plans lists plan ids: month, pro, lifetime."],
      [{ code: "no spaces", percentOff: 5 }, 422, "The code must be 2 to 40 letters, digits and dashes."],
      [{ code: "X", percentOff: 5, maxRedemptions: 0 }, 422, "The code must be 2 to 40 letters, digits and dashes."],
      [{ code: "LIMIT", percentOff: 5, maxRedemptions: 0 }, 422, "maxRedemptions is a whole number of 1 or more."],
    ];
    for (const [body, status, message, error] of cases) {
      const answer = await call(ctx.app, "POST", "/api/admin/promotion-codes", { token: admin, body });
      expect([JSON.stringify(body), answer.status, answer.body.message]).toEqual([
        JSON.stringify(body),
        status,
        message,
      ]);
      if (error) expect(answer.body.error).toBe(error);
    }
    expect(await codeRows()).toEqual(codes);
    expect((await auditRows()).length).toBe(audits);
  });

  test("lists each code's uses, discount given and revenue; turns a code off; deletes only an unused one", async () => {
    const launch = await createCode({ code: "LAUNCH20", percentOff: 20 });
    const unused = await createCode({ code: "SPARE", percentOff: 10 });
    const first = await buy("pro", "a@example.com", "launch20");
    expect(first.quote).toEqual({
      seats: 1,
      unitPrice: 24.99,
      listPrice: 24.99,
      discount: 5,
      promotionCode: "LAUNCH20",
      subtotal: 19.99,
      tax: 0,
      total: 19.99,
    });
    const second = await buy("month", "b@example.com", "LAUNCH20");
    await buy("lifetime", "c@example.com");
    await api(ctx.app).api["create-payment-intent"].post({
      plan: "month",
      email: "d@example.com",
      promotionCode: "LAUNCH20",
    });
    await refundPayment(ctx.deps, second.paymentIntentId);

    const list = (await adminApi()["promotion-codes"].get()).data!;
    expect(list.map((c) => [c.code, c.uses, c.reserved, c.discountGiven, c.revenue])).toEqual([
      ["SPARE", 0, 0, 0, 0],
      // Two paid (one since refunded: neither its discount nor its money counts), one started and unpaid.
      ["LAUNCH20", 2, 1, 5, 19.99],
    ]);

    const off = await adminApi()["promotion-codes"]({ id: launch.id }).patch({ active: false });
    expect(off.data!.active).toBe(false);
    const refused = await api(ctx.app).api["create-payment-intent"].post({
      plan: "pro",
      email: "e@example.com",
      promotionCode: "LAUNCH20",
    });
    expect(failure(refused)).toMatchObject({
      error: "PROMOTION_CODE_ENDED",
      message: "The promotion code LAUNCH20 has ended.",
    });
    expect((await adminApi()["promotion-codes"]({ id: launch.id }).patch({ active: true })).data!.active).toBe(true);

    const kept = await adminApi()["promotion-codes"]({ id: launch.id }).delete();
    expect(kept.status).toBe(409);
    expect(failure(kept)).toMatchObject({
      error: "PROMOTION_CODE_USED",
      message: "The promotion code LAUNCH20 has been used, so it can't be deleted. Turn it off instead.",
    });
    expect((await adminApi()["promotion-codes"]({ id: unused.id }).delete()).status).toBe(200);
    expect((await codeRows()).map((c) => c.code)).toEqual(["LAUNCH20"]);
    expect((await auditRows()).map((r) => r.action).filter((a) => a.startsWith("promotion-code."))).toEqual([
      "promotion-code.create",
      "promotion-code.create",
      "promotion-code.deactivate",
      "promotion-code.activate",
      "promotion-code.delete",
    ]);
  });

  test("the sales API and sales.csv carry the code and the discount; the overview and the chart count what was paid", async () => {
    await createCode({ code: "FIVE", amountOff: 5 });
    await buy("pro", "a@example.com", "FIVE");
    await buy("month", "b@example.com");
    const { data } = await adminApi().sales.get({ query: {} });
    expect(data!.sales.map((s) => [s.email, s.amount, s.promotionCode, s.discount])).toEqual([
      ["b@example.com", 6.99, null, 0],
      ["a@example.com", 19.99, "FIVE", 5],
    ]);
    // Revenue is what buyers paid, after their codes: the $5.00 taken off is counted nowhere.
    const overview = (await adminApi().overview.get()).data!;
    expect([overview.totalRevenue, overview.salesCount]).toEqual([26.98, 2]);
    const today = (await adminApi().revenue.get({ query: {} })).data!.days.at(-1)!;
    expect([today.gross, today.sales]).toEqual([26.98, 2]);

    const csv = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    const [header, ...rows] = csv
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(header).toEqual([...SALES_CSV_COLUMNS]);
    const at = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [r[at("buyer")], r[at("gross")], r[at("promotion_code")], r[at("discount")]])).toEqual([
      ["a@example.com", "19.99", "FIVE", "5.00"],
      ["b@example.com", "6.99", "", "0.00"],
    ]);
  });
});

describe("GET /api/promotion-codes/:code", () => {
  test("says whether a code applies and what it takes off each plan, never how many uses are left", async () => {
    await createCode({ code: "LAUNCH20", percentOff: 20, maxRedemptions: 50 });
    await createCode({ code: "PROFIVE", amountOff: 5, plans: ["pro"] });
    const all = (await api(ctx.app).api["promotion-codes"]({ code: "launch20" }).get({ query: {} })).data!;
    expect(all).toEqual({
      code: "LAUNCH20",
      applies: true,
      message: "LAUNCH20 takes 20% off.",
      percentOff: 20,
      amountOff: null,
      prices: [
        { plan: "month", listPrice: 6.99, discount: 1.4, total: 5.59 },
        { plan: "pro", listPrice: 24.99, discount: 5, total: 19.99 },
        { plan: "lifetime", listPrice: 149.99, discount: 30, total: 119.99 },
      ],
    });
    expect(JSON.stringify(all)).not.toMatch(/50|remaining|left|max/i);
    const forPlan = (
      await api(ctx.app)
        .api["promotion-codes"]({ code: "PROFIVE" })
        .get({ query: { plan: "month" } })
    ).data!;
    expect(forPlan).toMatchObject({
      applies: false,
      reason: "PROMOTION_CODE_NOT_FOR_PLAN",
      message: "The promotion code PROFIVE is not for the 1 Month Subscription plan.",
      prices: [],
    });
    const unknown = (await api(ctx.app).api["promotion-codes"]({ code: "NOPE" }).get({ query: {} })).data!;
    expect(unknown).toMatchObject({ applies: false, reason: "PROMOTION_CODE_UNKNOWN" });
    expect((await call(ctx.app, "GET", "/api/promotion-codes/LAUNCH20?plan=forever")).status).toBe(422);
  });

  test("is rate limited per IP", async () => {
    ctx = makeTestApp({ rateLimits: true });
    onTestFinished(ctx.cleanup);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await call(ctx.app, "GET", `/api/promotion-codes/TRY${i}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  test("/purchase?code= arrives with the code applied in the server's HTML; a code that does not apply says why", async () => {
    await createCode({ code: "LAUNCH20", percentOff: 20 });
    const html = await page("/purchase?code=launch20");
    expect(html.length).toBeGreaterThan(0);
    const screen = html.slice(html.indexOf('<div id="root">'));
    expect(screen).toContain("Promotion code applied.");
    expect(screen).toContain("LAUNCH20 takes 20% off.");
    expect(screen).toContain("$19.99");
    expect(screen).toContain("LAUNCH20 takes $5.00 off");
    const refused = await page("/purchase?code=NOPE");
    expect(refused).toContain("There is no promotion code NOPE. Please check how it is spelled.");
    expect(await page("/purchase")).not.toContain("Promotion code applied.");
  });
});

describe("free orders", () => {
  test("a code that makes the total 0 issues the key at once with no card: a sale of 0 with the code, the key e-mailed and shown", async () => {
    await createCode({ code: "GIFT", percentOff: 100 });
    const order = await buy("pro", "gift@example.com", "gift");
    expect(order.provider).toBe("free");
    expect(order.quote.total).toBe(0);
    const [sale] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, order.paymentIntentId));
    expect(sale).toMatchObject({
      amountCents: 0,
      feeCents: 0,
      status: "paid",
      promotionCode: "GIFT",
      discountCents: 2499,
      email: "gift@example.com",
    });
    const result = await api(ctx.app).api.payment.success.get({
      query: { payment_intent: order.paymentIntentId, payment_intent_client_secret: order.clientSecret },
    });
    expect(result.data).toMatchObject({ success: true, plan: "4 Month Pro", email: "gift@example.com" });
    expect(result.data!.productKey).toHaveLength(12);
    const shared = await api(ctx.app).api.payment.success.get({ query: { payment_intent: order.paymentIntentId } });
    expect(shared.data!.productKey).toBeUndefined();
    const mail = await ctx.deps.db
      .select({ template: emails.template, payload: emails.payload })
      .from(emails)
      .where(eq(emails.to, "gift@example.com"))
      .orderBy(asc(emails.id));
    expect(mail.map((m) => [m.template, m.payload.key])).toEqual([["product-key", result.data!.productKey]]);
    // "Refunding" it takes the key back, with no provider to ask.
    const refunded = await adminApi().sales({ id: sale.id }).refund.post({});
    expect(refunded.data!.status).toBe("refunded");
  });

  test("a free renewal is applied to the account at once", async () => {
    await createCode({ code: "ONUS", percentOff: 100 });
    const user = await signUpUser(ctx, "month");
    const before = (await api(ctx.app, user.token).api.dashboard.get()).data!.subscription!.endDate!;
    const renewal = await api(ctx.app, user.token).api.subscription.renew.post({
      plan: "month",
      promotionCode: "onus",
    });
    expect(renewal.data!.provider).toBe("free");
    const after = (await api(ctx.app, user.token).api.dashboard.get()).data!.subscription!.endDate!;
    expect(Date.parse(after) - Date.parse(before)).toBe(30 * 24 * 60 * 60 * 1000);
  });

  test("free orders are limited per address and per IP", async () => {
    ctx = makeTestApp({ rateLimits: true, env: { TRUST_PROXY: "1" } });
    onTestFinished(ctx.cleanup);
    admin = (await signInAdmin(ctx)).token;
    await createCode({ code: "GIFT", percentOff: 100 });
    const order = (email: string, ip: string) =>
      call(ctx.app, "POST", "/api/create-payment-intent", {
        body: { plan: "month", email, promotionCode: "GIFT" },
        headers: { "x-forwarded-for": ip },
      });
    const sameAddress = [];
    for (let i = 0; i < 4; i++) sameAddress.push((await order("one@example.com", `10.0.0.${i}`)).status);
    expect(sameAddress).toEqual([200, 200, 200, 429]);
    const sameIp = [];
    for (let i = 0; i < 6; i++) sameIp.push((await order(`p${i}@example.com`, "10.0.1.1")).status);
    expect(sameIp).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await ctx.deps.db.select().from(sales)).length).toBe(8);
  });
});
