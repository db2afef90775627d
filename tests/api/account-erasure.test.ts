/**
 * The account's data in the store's books: "Download my data" covers the invoices, credit notes, tax, the
 * promotion codes used and the refund requests; deleting the account erases or anonymises each of them,
 * keeping only what a tax return needs (amounts, country, business tax ID, document numbers), without the address.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  auditLog,
  buyerRefunds,
  checkouts,
  creditNotes,
  demoPaymentIntents,
  emails,
  productKeys,
  promotionCodes,
  refundRequests,
  sales,
} from "../../src/db/schema";
import { api, call, makeTestApp, signInAdmin, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ env: { TAX: "demo", SELF_SERVICE_REFUNDS: "request" } });
});
afterEach(() => ctx.cleanup());

const EMAIL = "kept-books@example.com";
const POSTAL = "10115";
const TAX_ID = "DE123456789";

/** A Berlin business buys Pro with a promotion code, signs up, asks for a refund, and is partly refunded by an admin meanwhile. */
async function storyOfOnePurchase() {
  const admin = (await signInAdmin(ctx)).token;
  await ctx.deps.db.insert(promotionCodes).values({ code: "WELCOME10", percentOff: 10, createdAt: ctx.clock.now() });
  const { data, error } = await api(ctx.app).api["create-payment-intent"].post({
    plan: "pro",
    email: EMAIL,
    country: "DE",
    postalCode: POSTAL,
    withdrawalConsent: true,
    taxId: TAX_ID,
    promotionCode: "WELCOME10",
  });
  if (!data) throw new Error(`intent refused: ${JSON.stringify(error?.value)}`);
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data.clientSecret });
  const [sale] = await ctx.deps.db
    .select()
    .from(sales)
    .where(eq(sales.paymentIntentId, data.clientSecret.split("_secret_")[0]));
  if (!sale) throw new Error("the payment made no sale");
  const key = (await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)))[0]!;
  const signup = await api(ctx.app).api.auth.signup.post({
    email: EMAIL,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: key.key,
  });
  const token = signup.data!.token;
  expect((await api(ctx.app, token).api.account.purchases({ id: sale.id }).refund.post()).status).toBe(200);
  expect((await api(ctx.app, admin).api.admin.sales({ id: sale.id }).refund.post({ amount: 2 })).status).toBe(200);
  return { saleId: sale.id, token, userId: signup.data!.user.id };
}

describe("export", () => {
  test("covers invoices and credit notes, tax, promotion codes used and refund requests", async () => {
    const { saleId, token } = await storyOfOnePurchase();
    const answer = await call(ctx.app, "GET", "/api/account/export", { token });
    expect(answer.status).toBe(200);
    const data = answer.body;
    const sale = (await ctx.deps.db.select().from(sales).where(eq(sales.id, saleId)))[0]!;
    expect(data.purchases).toHaveLength(1);
    expect(data.purchases[0]).toMatchObject({
      id: saleId,
      invoiceNumber: sale.invoiceNumber,
      tax: sale.taxCents / 100,
      billingCountry: "DE",
      postalCode: POSTAL,
      businessTaxId: TAX_ID,
      promotionCode: "WELCOME10",
      discount: sale.discountCents / 100,
      creditNotes: [{ number: "LL-CN-2026-000001", amount: 2, tax: expect.any(Number), date: expect.any(String) }],
    });
    expect(sale.discountCents).toBeGreaterThan(0);
    expect(data.refundRequests).toEqual([
      { purchaseId: saleId, status: "pending", reason: null, createdAt: expect.any(String), decidedAt: null },
    ]);
    expect(data.promotionCodesUsed).toEqual([
      expect.objectContaining({
        code: "WELCOME10",
        plan: "pro",
        status: "used",
        paymentReference: sale.paymentIntentId,
      }),
    ]);
  });
});

describe("delete", () => {
  test("keeps what the books need (amounts, country, tax ID, document numbers) and nothing else about the person, in every table", async () => {
    const { saleId, token, userId } = await storyOfOnePurchase();
    const before = (await ctx.deps.db.select().from(sales).where(eq(sales.id, saleId)))[0]!;
    // The admin refund's stored answer (replayed for a retried request) names the buyer's address.
    expect(JSON.stringify(await ctx.deps.db.select().from(refundRequests))).toContain(EMAIL);

    expect((await api(ctx.app, token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    const db = ctx.deps.db;
    const placeholder = `deleted-account-${userId}@deleted.invalid`;
    const after = (await db.select().from(sales).where(eq(sales.id, saleId)))[0]!;
    expect(after).toEqual({ ...before, email: placeholder, postalCode: null });
    expect(after).toMatchObject({
      country: "DE",
      taxId: TAX_ID,
      promotionCode: "WELCOME10",
      invoiceNumber: expect.stringMatching(/^LL-2026-/),
    });
    expect(await db.select().from(creditNotes)).toHaveLength(1);
    expect(await db.select().from(checkouts)).toEqual([
      expect.objectContaining({ email: placeholder, accountId: null, promotionCode: "WELCOME10", status: "paid" }),
    ]);
    expect(await db.select().from(buyerRefunds)).toEqual([
      expect.objectContaining({ saleId, userId: null, reason: null, status: "pending" }),
    ]);

    const everything = JSON.stringify([
      await db.select().from(sales),
      await db.select().from(checkouts),
      await db.select().from(buyerRefunds),
      await db.select().from(refundRequests),
      await db.select().from(creditNotes),
      await db.select().from(emails),
      await db.select().from(auditLog),
      await db.select().from(demoPaymentIntents),
    ]);
    expect(everything).not.toContain(EMAIL);
    expect(everything).not.toContain(POSTAL);
    // The stored answer stays valid JSON, with the placeholder where the address was.
    expect((await db.select().from(refundRequests))[0].answer).toMatchObject({ email: placeholder });
  });
});
