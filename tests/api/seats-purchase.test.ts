/**
 * Buying seats: a purchase licenses 1–100 people; the price is the plan's times the seats, a promotion code and tax
 * apply to that total, and the count is kept on the checkout, the sale and its one product key, and shown in the key
 * e-mail, the result page, the invoice, the admin's sales list and the sales CSV.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { checkouts, productKeys, promotionCodes, sales } from "../../src/db/schema";
import { renderEmail } from "../../src/features/email/templates/render";
import { api, call, makeTestApp, outboxOf, signInAdmin, type TestContext } from "../support/app";
import { getBytes, pdfToText } from "../support/pdf";
import { SELLER_ENV } from "../support/production-env";
import { seatHelpers } from "../support/seats";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

const start = (body: Record<string, unknown>) =>
  call(ctx.app, "POST", "/api/create-payment-intent", { body: { plan: "pro", email: "studio@example.com", ...body } });

async function addCode(values: Partial<typeof promotionCodes.$inferInsert> & { code: string }) {
  await ctx.deps.db.insert(promotionCodes).values({ percentOff: 20, createdAt: ctx.clock.now(), ...values });
}

const { payForSeats, saleOf } = seatHelpers(() => ctx);

/** Five seats of 4 Month Pro with the demo card: the sale. */
async function buyFiveSeats() {
  const { id, clientSecret } = await payForSeats(5);
  return { sale: await saleOf(id), id, clientSecret };
}

describe("POST /api/create-payment-intent with seats", () => {
  test("the price is the plan's times the seats, and the checkout keeps the count; absent is one seat", async () => {
    ctx = makeTestApp({ env: {} });
    const five = await start({ seats: 5 });
    expect(five.status).toBe(200);
    expect((five.body as { quote: unknown }).quote).toEqual({
      seats: 5,
      unitPrice: 24.99,
      listPrice: 124.95,
      discount: 0,
      promotionCode: null,
      subtotal: 124.95,
      tax: 0,
      total: 124.95,
    });
    const one = await start({});
    expect((one.body as { quote: { seats: number; total: number } }).quote).toMatchObject({ seats: 1, total: 24.99 });
    const made = await ctx.deps.db.select().from(checkouts).orderBy(checkouts.id);
    expect(made.map((c) => [c.seats, c.listPriceCents, c.totalCents])).toEqual([
      [5, 12495, 12495],
      [1, 2499, 2499],
    ]);
  });

  test("a promotion code applies to the total: a percentage of all seats, an amount once", async () => {
    ctx = makeTestApp({ env: {} });
    await addCode({ code: "LAUNCH20", percentOff: 20 });
    await addCode({ code: "FIVE", percentOff: null, amountOffCents: 500 });
    const percent = (await start({ seats: 4, promotionCode: "launch20" })).body as { quote: Record<string, unknown> };
    expect(percent.quote).toMatchObject({ seats: 4, listPrice: 99.96, discount: 19.99, total: 79.97 });
    const amount = (await start({ seats: 4, promotionCode: "five", email: "other@example.com" })).body as {
      quote: Record<string, unknown>;
    };
    expect(amount.quote).toMatchObject({ seats: 4, listPrice: 99.96, discount: 5, total: 94.96 });
  });

  test("tax is computed on the total of all seats", async () => {
    ctx = makeTestApp({ env: { TAX: "demo", TAX_BEHAVIOR: "exclusive" } });
    const answer = await start({ seats: 3, country: "DE", withdrawalConsent: true });
    expect(answer.status).toBe(200);
    const { quote, breakdown } = answer.body as {
      quote: Record<string, number>;
      breakdown: { subtotalCents: number; taxCents: number; totalCents: number };
    };
    // 19 % of 74.97 is 14.2443: rounded once, on the total, not three times 4.75.
    expect(breakdown).toMatchObject({ subtotalCents: 7497, taxCents: 1424, totalCents: 8921 });
    expect(quote).toMatchObject({ seats: 3, subtotal: 74.97, tax: 14.24, total: 89.21 });
  });

  test("anything but a whole number from 1 to 100 is 422 INVALID_SEATS with a sentence, and starts nothing", async () => {
    ctx = makeTestApp({ env: {} });
    for (const seats of [0, 101, -1, 2.5, "5", null, true, 1e9]) {
      const answer = await start({ seats });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        error: "INVALID_SEATS",
        message: "Seats must be a whole number from 1 to 100.",
      });
    }
    expect(await ctx.deps.db.select().from(checkouts)).toEqual([]);
    expect((await start({ seats: 100 })).status).toBe(200);
    expect((await start({ seats: 1 })).status).toBe(200);
  });

  test("a free order keeps its seats too", async () => {
    ctx = makeTestApp({ env: {} });
    await addCode({ code: "ALLFREE", percentOff: 100 });
    const answer = await start({ seats: 3, promotionCode: "ALLFREE" });
    expect((answer.body as { provider: string }).provider).toBe("free");
    const [sale] = await ctx.deps.db.select().from(sales);
    expect(sale).toMatchObject({ seats: 3, amountCents: 0 });
    const [key] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale!.productKeyId!));
    expect(key!.seats).toBe(3);
  });
});

describe("a purchase of five seats", () => {
  test("one sale and one product key carry the five seats; the e-mail and the result page say so", async () => {
    ctx = makeTestApp({ env: {} });
    const { sale, id, clientSecret } = await buyFiveSeats();
    expect(sale).toMatchObject({ seats: 5, amountCents: 12495, status: "paid" });
    const keys = await ctx.deps.db.select().from(productKeys);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: sale.productKeyId, seats: 5 });

    const [mail] = await outboxOf(ctx, "product-key", "lead@studio.example");
    expect(mail!.payload).toMatchObject({ key: keys[0]!.key, planName: "4 Month Pro", seats: 5 });
    const { text } = await renderEmail("product-key", mail!.payload, ctx.deps.config.appUrl);
    expect(text).toContain("Here is your product key for 4 Month Pro × 5 seats:");
    expect(text).toContain("This one key carries all 5 seats.");

    const result = await api(ctx.app).api.payment.success.get({
      query: { payment_intent: id, payment_intent_client_secret: clientSecret },
    });
    expect(result.data).toMatchObject({ success: true, plan: "4 Month Pro", seats: 5, amountPaid: 124.95 });
  });

  test("a one-seat key e-mail reads as it always did, also for an e-mail queued before seats", async () => {
    ctx = makeTestApp({ env: {} });
    const payload = { key: "K7PX2MQ9TB4W", plan: "pro", planName: "4 Month Pro", signupEmail: "a@example.com" };
    const { text } = await renderEmail("product-key", payload, ctx.deps.config.appUrl);
    expect(text).toContain("Here is your product key for 4 Month Pro:");
    expect(text).not.toContain("seats");
  });

  test("the invoice line names the seats, the price of one and the amount", async () => {
    ctx = makeTestApp({ env: SELLER_ENV });
    await buyFiveSeats();
    const admin = (await signInAdmin(ctx)).token;
    const list = (await api(ctx.app, admin).api.admin.sales.get({ query: {} })).data!;
    expect(list.sales[0]).toMatchObject({ seats: 5, amount: 124.95, plan: "pro" });
    const invoice = pdfToText((await getBytes(ctx.app, list.sales[0]!.invoiceUrl!)).bytes);
    for (const expected of ["Layerlift 4 Month Pro × 5 seats", "Unit price", "24.99 USD", "124.95 USD"])
      expect(invoice).toContain(expected);
  });

  test("the sales CSV has a seats column", async () => {
    ctx = makeTestApp({ env: {} });
    await buyFiveSeats();
    const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan: "month", email: "solo@example.com" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
    const admin = (await signInAdmin(ctx)).token;
    const csv = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    const [header, ...rows] = csv
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    const at = header!.indexOf("seats");
    expect(at).toBeGreaterThan(-1);
    expect(rows.map((row) => [row[1], row[at]])).toEqual([
      ["lead@studio.example", "5"],
      ["solo@example.com", "1"],
    ]);
  });
});
