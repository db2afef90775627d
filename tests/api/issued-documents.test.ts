/**
 * An issued invoice or credit note downloads later exactly as it was issued: its content is stored with its
 * number, so a new SELLER_ADDRESS or tax note, a renamed plan, or the placeholder address an account deletion
 * writes into the sale changes nothing on it. Also on the invoice: a promotion code's discount as its own line,
 * and, with tax off, the note saying why no tax is shown.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { issuedDocuments, productKeys, promotionCodes, sales } from "../../src/db/schema";
import { refundPayment } from "../../src/features/refunds/record";
import { DEFAULT_INVOICE_TAX_NOTE } from "../../src/config/invoices";
import { PLANS, type PlanId } from "../../src/shared/plans";
import { api, confirmAddressOf, makeTestApp, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { SELLER_ENV } from "../support/production-env";
import { getBytes, pdfToText } from "../support/pdf";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

const BUYER = "kept-invoice@example.com";

/** A demo-card purchase: answers the sale. */
const buy = async (plan: PlanId, email: string, promotionCode?: string) =>
  (await paidWithDemoCard(ctx, plan, email, undefined, promotionCode)).sale();

/** The document as an admin downloads it, read back as text. */
async function documentText(number: string): Promise<string> {
  const admin = (await signInAdmin(ctx)).token;
  const pdf = await getBytes(ctx.app, `/api/invoices/${number}.pdf`, admin);
  expect(pdf.status).toBe(200);
  return pdfToText(pdf.bytes);
}

describe("an issued document never changes", () => {
  test("a new seller address, tax note and plan name leave the invoice and credit note as issued", async () => {
    ctx = makeTestApp({ env: SELLER_ENV });
    const sale = await buy("pro", BUYER);
    await refundPayment(ctx.deps, sale.paymentIntentId);
    const note = (await ctx.deps.db.select().from(issuedDocuments)).find((row) => row.number.startsWith("LL-CN-"))!;
    const invoiceBefore = await documentText(sale.invoiceNumber!);
    const noteBefore = await documentText(note.number);
    expect(invoiceBefore).toContain("1 Harbour Street");
    expect(invoiceBefore).toContain(DEFAULT_INVOICE_TAX_NOTE);

    const planName = PLANS.pro.name;
    ctx.deps.config.seller = { ...ctx.deps.config.seller, name: "New Owner GmbH", address: "9 Other Road, Berlin" };
    ctx.deps.config.invoiceTaxNote = "A note written later.";
    (PLANS.pro as { name: string }).name = "Renamed Plan";
    try {
      const invoiceAfter = await documentText(sale.invoiceNumber!);
      const noteAfter = await documentText(note.number);
      expect(invoiceAfter).toBe(invoiceBefore);
      expect(noteAfter).toBe(noteBefore);
      expect(invoiceAfter).not.toContain("Other Road");
      expect(invoiceAfter).not.toContain("Renamed Plan");
    } finally {
      (PLANS.pro as { name: string }).name = planName;
    }
  });

  test("after the buyer deletes the account, the invoice still names the buyer as issued", async () => {
    ctx = makeTestApp({ env: SELLER_ENV });
    const sale = await buy("pro", BUYER);
    const key = (
      await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1)
    )[0]!;
    const { token } = await signUpWithKey(ctx, BUYER, key.key);
    await confirmAddressOf(ctx, BUYER);
    const before = await documentText(sale.invoiceNumber!);
    expect(before).toContain(BUYER);

    expect((await api(ctx.app, token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    const anonymised = (await ctx.deps.db.select().from(sales).where(eq(sales.id, sale.id)).limit(1))[0]!;
    expect(anonymised.email).toStartWith("deleted-account-");
    expect(await documentText(sale.invoiceNumber!)).toBe(before);
  });

  test("a document issued before contents were stored is drawn from its sale as it is now", async () => {
    ctx = makeTestApp({ env: SELLER_ENV });
    const sale = await buy("month", BUYER);
    await ctx.deps.db.delete(issuedDocuments).where(eq(issuedDocuments.number, sale.invoiceNumber!));
    ctx.deps.config.seller = { ...ctx.deps.config.seller, address: "9 Other Road, Berlin" };
    const text = await documentText(sale.invoiceNumber!);
    expect(text).toContain("9 Other Road");
    expect(text).toContain(`Number: ${sale.invoiceNumber}`);
  });
});

describe("what the invoice shows", () => {
  test("a promotion code's discount is its own line, and the amounts add up", async () => {
    ctx = makeTestApp({ env: SELLER_ENV });
    await ctx.deps.db.insert(promotionCodes).values({ code: "WELCOME10", percentOff: 10, createdAt: ctx.clock.now() });
    const sale = await buy("pro", BUYER, "WELCOME10");
    expect(sale.discountCents).toBe(250);
    const text = await documentText(sale.invoiceNumber!);
    expect(text).toMatch(/Layerlift 4 Month Pro: licence \(product key\)\s+24\.99 USD/);
    expect(text).toMatch(/Discount \(promotion code WELCOME10\)\s+-2\.50 USD/);
    expect(text).toMatch(/Net amount\s+22\.49 USD/);
    expect(text).toMatch(/Total\s+22\.49 USD/);
  });

  test("with tax off the configured note says why no tax is shown; with tax on there is none", async () => {
    const reason = "Small business: no VAT is charged under the small-business exemption.";
    ctx = makeTestApp({ env: { ...SELLER_ENV, INVOICE_TAX_NOTE: reason } });
    const untaxed = await buy("month", BUYER);
    expect(await documentText(untaxed.invoiceNumber!)).toContain(reason);
    ctx.cleanup();

    ctx = makeTestApp({ env: { ...SELLER_ENV, TAX: "demo", INVOICE_TAX_NOTE: reason } });
    const taxed = await (await paidWithDemoCard(ctx, "month", BUYER, "DE")).sale();
    const text = await documentText(taxed.invoiceNumber!);
    expect(text).toContain("VAT");
    expect(text).not.toContain(reason);
  });
});
