/**
 * Invoices and credit notes: gapless numbers under concurrent fulfilment, PDFs read back with pdftotext, who
 * may fetch them, the books (sales.csv, the tax report, revenue net of tax), the demo tax rates, and the
 * configuration that turns it all on.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { booksDaily, emails, sales } from "../../src/db/schema";
import { checkBooks } from "../../src/features/daily-ledger/service";
import { loadConfig } from "../../src/config";
import {
  api,
  call,
  confirmAddressOf,
  failure,
  makeTestApp,
  signInAdmin,
  signUpUser,
  signUpWithKey,
  type TestContext,
} from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { fakeStripeForFile } from "../support/each-test";
import { SELLER_ENV } from "../support/production-env";
import { getBytes, pdfToText } from "../support/pdf";
import { recordPartialRefund, refundPayment } from "../../src/features/refunds/record";
import { WITHDRAWAL_CONSENT_VERSION } from "../../src/shared/withdrawal";

let stripe: FakeStripe;
let ctx: TestContext;
fakeStripeForFile((started) => (stripe = started));
afterEach(() => ctx.cleanup());

const SELLER = SELLER_ENV;

/** A demo-provider purchase, confirmed: answers the sale. */
async function buyDemo(
  plan: "month" | "pro" | "lifetime",
  email: string,
  location: { country?: string; postalCode?: string; taxId?: string } = {},
) {
  const { data, error } = await api(ctx.app).api["create-payment-intent"].post({
    plan,
    email,
    withdrawalConsent: true,
    ...location,
  });
  if (!data) throw new Error(`intent refused: ${JSON.stringify(error?.value)}`);
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data.clientSecret, cardNumber: "4242424242424242" });
  return (
    await ctx.deps.db
      .select()
      .from(sales)
      .where(eq(sales.paymentIntentId, data.clientSecret.split("_secret_")[0]))
      .limit(1)
  )[0]!;
}

const keyMail = async (to: string) =>
  (await ctx.deps.db.select().from(emails).orderBy(emails.id))
    .filter((e) => e.to === to && e.template === "product-key")
    .at(-1)!;
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

describe("invoice numbers", () => {
  test("parallel webhooks and result-page visits give each sale one number, in sequence, with no holes", async () => {
    ctx = makeTestApp({ env: stripe.env });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { data } = await api(ctx.app).api["create-payment-intent"].post({
        plan: "pro",
        email: `p${i}@example.com`,
      });
      ids.push(data!.clientSecret.split("_secret_")[0]);
      stripe.succeed(ids[i]);
    }
    const webhook = async (id: string, n: number) => {
      const { payload, signature } = await stripe.signedEvent(
        stripe.events.paymentSucceeded(id, `evt_paid_${id}_${n}`),
      );
      return api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
    };
    const visit = (id: string) => api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    const answers = await Promise.all(ids.flatMap((id) => [webhook(id, 1), visit(id), webhook(id, 2), visit(id)]));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const numbers = (await ctx.deps.db.select().from(sales)).map((s) => s.invoiceNumber).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `LL-2026-00000${n}`));
  });

  test("numbering starts again at 1 in a new year", async () => {
    ctx = makeTestApp({ env: {} });
    expect((await buyDemo("month", "a@example.com")).invoiceNumber).toBe("LL-2026-000001");
    ctx.clock.set(Date.UTC(2027, 0, 1, 0, 0, 1));
    expect((await buyDemo("month", "b@example.com")).invoiceNumber).toBe("LL-2027-000001");
    expect((await buyDemo("month", "c@example.com")).invoiceNumber).toBe("LL-2027-000002");
  });
});

describe("GET /api/invoices/:number.pdf", () => {
  test("with tax off: the invoice names seller, buyer, number, date, plan and period, amounts, currency and payment method", async () => {
    ctx = makeTestApp({ env: SELLER });
    const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com" });
    expect(data!.breakdown).toEqual({
      currency: "usd",
      subtotalCents: 2499,
      taxCents: 0,
      totalCents: 2499,
      behavior: "inclusive",
      tax: null,
    });
    const sale = await buyDemo("pro", "buyer@example.com");
    const url = (await keyMail("buyer@example.com")).payload.invoiceUrl as string;
    expect(url).toStartWith(`${ctx.deps.config.appUrl}/api/invoices/${sale.invoiceNumber}.pdf?sig=`);
    const pdf = await getBytes(ctx.app, pathOf(url));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const text = pdfToText(pdf.bytes);
    for (const expected of [
      "Invoice",
      "Number: LL-2026-000001",
      "Date: 2026-11-01",
      "Layerlift Ltd",
      "1 Harbour Street",
      "Dublin D02",
      "Tax ID: IE1234567T",
      "billing@layerlift.example",
      "buyer@example.com",
      "Layerlift 4 Month Pro",
      "120 days of access (2026-11-01 to 2027-03-01)",
      "Net amount",
      "24.99 USD",
      "Currency: USD",
      "Payment method: card (demo payment provider",
      "No tax is charged on this sale.",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("VAT");
  });

  test("only an admin, the buyer's account, or the signed link may read it; anyone else gets 404", async () => {
    ctx = makeTestApp({ env: SELLER });
    const sale = await buyDemo("pro", "owner@example.com");
    const path = `/api/invoices/${sale.invoiceNumber}.pdf`;
    const admin = (await signInAdmin(ctx)).token;
    const stranger = (await signUpUser(ctx, "pro")).token;
    // Signed up with another key: the address is the buyer's only once a link sent to it is followed.
    const owner = (await signUpUser(ctx, "pro", "owner@example.com")).token;
    expect((await getBytes(ctx.app, path)).status).toBe(404);
    expect((await getBytes(ctx.app, `${path}?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await getBytes(ctx.app, path, stranger)).status).toBe(404);
    expect((await getBytes(ctx.app, path, admin)).status).toBe(200);
    expect((await getBytes(ctx.app, path, owner)).status).toBe(404);
    await confirmAddressOf(ctx, "owner@example.com");
    expect((await getBytes(ctx.app, path, owner)).status).toBe(200);
    expect((await getBytes(ctx.app, "/api/invoices/LL-2026-000999.pdf", admin)).status).toBe(404);
    expect((await call(ctx.app, "GET", `/api/invoices/${sale.invoiceNumber}`, { token: admin })).status).toBe(404);
    // The signed link of one document opens no other.
    const other = await buyDemo("month", "other@example.com");
    const sig = new URL((await keyMail("owner@example.com")).payload.invoiceUrl as string).searchParams.get("sig");
    expect((await getBytes(ctx.app, `/api/invoices/${other.invoiceNumber}.pdf?sig=${sig}`)).status).toBe(404);
  });

  test("an account given a key someone else paid for lists the purchase without the payer's documents", async () => {
    ctx = makeTestApp({ env: { ...SELLER, TAX: "demo" } });
    const sale = await buyDemo("pro", "payer@acme.example", { country: "FR", taxId: "FR12345678901" });
    await recordPartialRefund(ctx.deps, sale.paymentIntentId, 500);
    const key = (await keyMail("payer@acme.example")).payload.key as string;
    const friend = await signUpWithKey(ctx, "friend@example.com", key);
    const [listed] = (await api(ctx.app, friend.token).api.account.purchases.get()).data!.purchases;
    expect(listed).toMatchObject({ id: sale.id, invoiceUrl: null, creditNoteUrl: null });
    expect((await getBytes(ctx.app, `/api/invoices/${sale.invoiceNumber}.pdf`, friend.token)).status).toBe(404);
    expect((await getBytes(ctx.app, "/api/invoices/LL-CN-2026-000001.pdf", friend.token)).status).toBe(404);
    // The payer, once its address is its account's, has both.
    const payer = (await signUpUser(ctx, "month", "payer@acme.example")).token;
    await confirmAddressOf(ctx, "payer@acme.example");
    const own = (await api(ctx.app, payer).api.account.purchases.get()).data!.purchases.find((p) => p.id === sale.id);
    expect(own?.invoiceUrl).toBeString();
    expect((await getBytes(ctx.app, own!.invoiceUrl!)).status).toBe(200);
    expect((await getBytes(ctx.app, `/api/invoices/${sale.invoiceNumber}.pdf`, payer)).status).toBe(200);
  });

  test("a credit note refers to its invoice; the sales list links both", async () => {
    ctx = makeTestApp({ env: { ...SELLER, TAX: "demo" } });
    const sale = await buyDemo("lifetime", "de@example.com", { country: "DE" });
    await recordPartialRefund(ctx.deps, sale.paymentIntentId, 5000);
    const admin = (await signInAdmin(ctx)).token;
    const list = (await api(ctx.app, admin).api.admin.sales.get({ query: {} })).data!;
    expect(list.sales[0]).toMatchObject({
      invoiceNumber: "LL-2026-000001",
      creditNoteNumber: "LL-CN-2026-000001",
      country: "DE",
      tax: 23.95,
    });
    const note = pdfToText((await getBytes(ctx.app, list.sales[0].creditNoteUrl!)).bytes);
    for (const expected of [
      "Credit note",
      "Number: LL-CN-2026-000001",
      "Refers to invoice LL-2026-000001",
      "VAT 19 % (Germany)",
      "42.02 USD",
      "7.98 USD",
      "50.00 USD",
      "Total refunded",
    ]) {
      expect(note).toContain(expected);
    }
    const invoice = pdfToText((await getBytes(ctx.app, list.sales[0].invoiceUrl!)).bytes);
    for (const expected of ["VAT 19 % (Germany)", "126.04 USD", "23.95 USD", "149.99 USD", "Germany (DE)"])
      expect(invoice).toContain(expected);
  });

  test("characters the PDF font can't draw become ? instead of failing the invoice", async () => {
    ctx = makeTestApp({ env: { ...SELLER, SELLER_NAME: "山田 Games — Zoë", SELLER_ADDRESS: "東京 1-2-3, Japan" } });
    const sale = await buyDemo("month", "buyer@example.com");
    const admin = (await signInAdmin(ctx)).token;
    const pdf = await getBytes(ctx.app, `/api/invoices/${sale.invoiceNumber}.pdf`, admin);
    expect(pdf.status).toBe(200);
    const text = pdfToText(pdf.bytes);
    expect(text).toContain("?? Games — Zoë");
    expect(text).toContain("?? 1-2-3");
  });
});

describe("the books with tax", () => {
  test("sales.csv has the tax columns; the tax report totals net and tax per country and rate, refunds taken off; revenue excludes tax", async () => {
    ctx = makeTestApp({ env: { TAX: "demo", TAX_BEHAVIOR: "exclusive", METRICS_TOKEN: "metrics-token-0123456789" } });
    const de = await buyDemo("pro", "de@example.com", { country: "DE" });
    await buyDemo("pro", "de2@example.com", { country: "DE" });
    const fr = await buyDemo("month", "fr@example.com", { country: "FR" });
    await buyDemo("month", "nl-business@example.com", { country: "NL", taxId: "NL123456789B01" });
    await buyDemo("month", "br@example.com", { country: "BR" });
    await refundPayment(ctx.deps, fr.paymentIntentId);
    await recordPartialRefund(ctx.deps, de.paymentIntentId, 1000);
    const admin = (await signInAdmin(ctx)).token;

    const csv = await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin });
    const [header, first] = (csv.body as string)
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(header).toEqual([
      "date",
      "buyer",
      "plan",
      "status",
      "gross",
      "fee",
      "refunded",
      "disputed",
      "net",
      "currency",
      "provider_id",
      "promotion_code",
      "discount",
      "country",
      "tax_id",
      "tax",
      "tax_rate",
      "invoice_number",
      "credit_note_number",
      "withdrawal_consent_at",
      "withdrawal_consent_version",
      "seats",
      "language",
    ]);
    // 24.99 + 19 % = 29.74; 10.00 refunded took 1.60 of its 4.75 tax; fee 2.9 % + 30¢ = 1.16.
    expect(first.slice(4, 9)).toEqual(["29.74", "1.16", "10.00", "0.00", `${(2974 - 116 - 1000 - 315) / 100}`]);
    expect(first.slice(11, 19)).toEqual(["", "0.00", "DE", "", "3.15", "19", "LL-2026-000001", "LL-CN-2026-000002"]);
    // A buyer billed in Germany agreed to immediate supply before paying.
    expect(first.slice(19)).toEqual([new Date(de.createdAt).toISOString(), WITHDRAWAL_CONSENT_VERSION, "1", "en"]);

    const report = await call(ctx.app, "GET", "/api/admin/tax-report.csv?from=2026-11-01&to=2026-11-30", {
      token: admin,
    });
    expect(report.status).toBe(200);
    expect(report.headers.get("content-disposition")).toBe(
      'attachment; filename="layerlift-tax-2026-11-01-to-2026-11-30.csv"',
    );
    expect((report.body as string).trim().split("\r\n")).toEqual([
      "country,country_name,tax,tax_rate,taxability,currency,invoices,credit_notes,net,tax_amount,total",
      "BR,Brazil,Tax,0,not_collecting,USD,1,0,6.99,0.00,6.99",
      "DE,Germany,VAT,19,standard_rated,USD,2,1,41.58,7.90,49.48",
      "FR,France,VAT,20,standard_rated,USD,1,1,0.00,0.00,0.00",
      "NL,Netherlands,VAT,0,reverse_charge,USD,1,0,6.99,0.00,6.99",
    ]);
    const bad = await call(ctx.app, "GET", "/api/admin/tax-report.csv?from=2026-11-30&to=2026-11-01", { token: admin });
    expect(bad.status).toBe(422);
    expect((await call(ctx.app, "GET", "/api/admin/tax-report.csv?from=2026-11-01&to=2026-11-30")).status).toBe(401);

    const overview = (await api(ctx.app, admin).api.admin.overview.get()).data!;
    // Paid: DE 29.74 − 10.00 refunded − 3.15 tax, DE 29.74 − 4.75, NL 6.99, BR 6.99.
    expect(overview.totalRevenue).toBe((2974 - 1000 - 315 + 2974 - 475 + 699 + 699) / 100);
    const metrics = (await call(ctx.app, "GET", "/metrics", { token: "metrics-token-0123456789" })).body as string;
    expect(metrics).toContain(`site_sales_revenue_cents{kind="tax",app="layerlift"} ${315 + 475}`);
    // The daily summary's triggers kept the tax apart, exactly as a rebuild from the sales counts it.
    expect(await checkBooks(ctx.deps.db)).toMatchObject({ matched: true, differences: [] });
    expect((await ctx.deps.db.select().from(booksDaily)).reduce((sum, day) => sum + day.taxCents, 0)).toBe(315 + 475);
    // Net as the books count it: every fee the provider kept, the refunded sale's included.
    const fees = (await ctx.deps.db.select().from(sales)).reduce((sum, row) => sum + row.feeCents, 0);
    expect(metrics).toContain(
      `site_sales_revenue_cents{kind="net",app="layerlift"} ${2974 - 1000 - 315 + 2974 - 475 + 699 + 699 - fees}`,
    );
  });
});

describe("the demo tax rates and the renewal path", () => {
  test("TAX=demo labels its rates as demo, refuses a US ZIP it can't place, and a dashboard renewal is taxed the same way", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    const { data } = await api(ctx.app).api["create-payment-intent"].post({
      plan: "pro",
      email: "x@example.com",
      country: "IE",
      withdrawalConsent: true,
    });
    expect(data!.breakdown.tax).toMatchObject({ label: "VAT 23 % (Ireland)", demo: true });
    const bad = await api(ctx.app).api["create-payment-intent"].post({
      plan: "pro",
      email: "x@example.com",
      country: "US",
      postalCode: "ABC",
    });
    expect(bad.status).toBe(422);
    expect(failure(bad)!.error).toBe("TAX_LOCATION_INVALID");

    const user = await signUpUser(ctx, "month");
    const noCountry = await api(ctx.app, user.token).api.subscription.renew.post({ plan: "pro" });
    expect(noCountry.status).toBe(422);
    const renewal = await api(ctx.app, user.token).api.subscription.renew.post({
      plan: "pro",
      country: "FR",
      withdrawalConsent: true,
    });
    expect(renewal.data!.breakdown).toMatchObject({ totalCents: 2499, taxCents: 416 });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: renewal.data!.clientSecret });
    const receipt = (await ctx.deps.db.select().from(emails)).find((e) => e.template === "renewal-receipt")!;
    expect(receipt.payload.invoiceUrl).toContain("/api/invoices/LL-2026-000001.pdf?sig=");
  });
});

describe("configuration", () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: "test", ...env });
  test("tax is off by default, with txcd_10202000 and inclusive prices; the seller's e-mail defaults to EMAIL_FROM's address", () => {
    const config = loadConfig({ NODE_ENV: "test", EMAIL_FROM: "Layerlift <keys@layerlift.example>" });
    expect(config.tax).toEqual({ mode: "off", behavior: "inclusive", stripeTaxCode: "txcd_10202000" });
    expect(config.seller).toEqual({ name: "Layerlift", address: "", taxId: null, email: "keys@layerlift.example" });
  });
  test("each bad value stops the start with a sentence", () => {
    expect(load({ TAX: "yes" })).toThrow('TAX must be off, stripe or demo; got "yes"');
    expect(load({ TAX: "stripe" })).toThrow("TAX=stripe needs Stripe configured");
    expect(load({ TAX_BEHAVIOR: "net" })).toThrow("TAX_BEHAVIOR must be inclusive or exclusive");
    expect(load({ STRIPE_TAX_CODE: "10202000" })).toThrow(
      "STRIPE_TAX_CODE must be a Stripe tax code like txcd_10202000",
    );
    expect(load({ SELLER_EMAIL: "billing" })).toThrow("SELLER_EMAIL must be an address");
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      APP_URL: "https://layerlift.example",
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_PUBLISHABLE_KEY: "pk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      RESEND_API_KEY: "re_1",
      EMAIL_FROM: "keys@layerlift.example",
      PLUGIN_INSTALL_URL: "https://create.roblox.com/store/asset/1",
    };
    expect(() => loadConfig({ ...production, TAX: "stripe" })).toThrow(
      "SELLER_NAME is required in production with TAX=stripe",
    );
    expect(() => loadConfig({ ...production, TAX: "demo" })).toThrow(
      "TAX=demo uses made-up demo rates and cannot be used in production",
    );
    expect(
      loadConfig({ ...production, TAX: "stripe", SELLER_NAME: "Layerlift Ltd", SELLER_ADDRESS: "Dublin" }).tax.mode,
    ).toBe("stripe");
  });
});
