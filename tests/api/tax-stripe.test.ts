/**
 * Tax through Stripe Tax (the real SDK against the fake Stripe): the calculation's request shape, inclusive and
 * exclusive prices, the reverse charge, a location Stripe can't place, Stripe Tax down; after payment the tax
 * transaction is recorded under the invoice number, and every refund reverses its part under its credit note.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { creditNotes, emails, promotionCodes, sales } from "../../src/db/schema";
import { api, failure, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { fakeStripeForFile } from "../support/each-test";
import { SELLER_ENV } from "../support/production-env";
import { getBytes, pdfToText } from "../support/pdf";
import { syncTaxRecords } from "../../src/features/tax/service";

let stripe: FakeStripe;
let ctx: TestContext;
fakeStripeForFile((started) => (stripe = started));
afterEach(() => ctx.cleanup());

const SELLER = SELLER_ENV;
const start = (behavior: "inclusive" | "exclusive") => {
  ctx = makeTestApp({ env: { ...stripe.env, ...SELLER, TAX: "stripe", TAX_BEHAVIOR: behavior } });
  stripe.intents.clear();
  stripe.taxCalculations.clear();
  stripe.taxTransactions.length = 0;
  stripe.setTaxUnavailable(false);
};

type Location = { country?: string; postalCode?: string; taxId?: string };
const createIntent = (location: Location, plan: "pro" | "lifetime" = "pro") =>
  // Buyers billed in the EU agree to immediate supply (withdrawal-consent.test.ts); elsewhere it is simply recorded.
  api(ctx.app).api["create-payment-intent"].post({
    plan,
    email: "buyer@example.com",
    withdrawalConsent: true,
    ...location,
  });

/** Checkout, payment at Stripe and the result page: answers the sale. */
async function buy(location: Location) {
  const { data } = await createIntent(location);
  const id = data!.clientSecret.split("_secret_")[0];
  stripe.succeed(id);
  expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data?.success).toBe(true);
  return (await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id)).limit(1))[0]!;
}

describe("tax at checkout, exclusive (added on top)", () => {
  beforeEach(() => start("exclusive"));

  test("the calculation has Stripe's request shape, and the card is charged its amount_total", async () => {
    const { data, status } = await createIntent({ country: "DE", postalCode: "10115" });
    expect(status).toBe(200);
    expect(data!.breakdown).toEqual({
      currency: "usd",
      subtotalCents: 2499,
      taxCents: 475,
      totalCents: 2974,
      behavior: "exclusive",
      tax: {
        name: "VAT",
        ratePercent: "19",
        country: "DE",
        countryName: "Germany",
        reason: "standard_rated",
        label: "VAT 19 % (Germany)",
        demo: false,
      },
    });
    const call = stripe.requests.findLast((r) => r.path === "/v1/tax/calculations")!;
    const form = new URLSearchParams(call.body);
    expect(Object.fromEntries(form)).toMatchObject({
      currency: "usd",
      "customer_details[address][country]": "DE",
      "customer_details[address][postal_code]": "10115",
      "customer_details[address_source]": "billing",
      "line_items[0][amount]": "2499",
      "line_items[0][reference]": "pro",
      "line_items[0][tax_code]": "txcd_10202000",
      "line_items[0][tax_behavior]": "exclusive",
    });
    const intent = [...stripe.intents.values()][0];
    expect(intent.amount).toBe(2974);
    expect(intent.metadata).toMatchObject({
      taxCalculation: [...stripe.taxCalculations.keys()][0],
      country: "DE",
      taxCents: "475",
    });
  });

  test("tax is on the amount after a promotion code, and the checkout's total includes it", async () => {
    await ctx.deps.db.insert(promotionCodes).values({ code: "LAUNCH20", percentOff: 20, createdAt: ctx.clock.now() });
    const { data } = await api(ctx.app).api["create-payment-intent"].post({
      withdrawalConsent: true,
      plan: "pro",
      email: "promo@example.com",
      country: "DE",
      promotionCode: "launch20",
    });
    // 24.99 − 20 % = 19.99; VAT 19 % of it is 3.80.
    expect(data!.breakdown).toMatchObject({ subtotalCents: 1999, taxCents: 380, totalCents: 2379 });
    expect(data!.quote).toMatchObject({ discount: 5, subtotal: 19.99, tax: 3.8, total: 23.79 });
    expect(
      new URLSearchParams(stripe.requests.findLast((r) => r.path === "/v1/tax/calculations")!.body).get(
        "line_items[0][amount]",
      ),
    ).toBe("1999");
    const id = data!.paymentIntentId;
    stripe.succeed(id);
    expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data?.success).toBe(true);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({
      amountCents: 2379,
      taxCents: 380,
      discountCents: 500,
      promotionCode: "LAUNCH20",
    });
  });

  test("a paid sale keeps its tax, its transaction is recorded under the invoice number, and refunds reverse it", async () => {
    const sale = await buy({ country: "DE", postalCode: "10115" });
    expect(sale).toMatchObject({
      amountCents: 2974,
      taxCents: 475,
      country: "DE",
      taxRate: "19.0",
      taxName: "VAT",
      taxReason: "standard_rated",
      invoiceNumber: "LL-2026-000001",
    });
    expect(stripe.taxTransactions).toEqual([
      expect.objectContaining({ type: "transaction", reference: "LL-2026-000001", calculation: sale.taxCalculationId }),
    ]);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.taxTransactionId).toBe(stripe.taxTransactions[0].id);

    const admin = (await signInAdmin(ctx)).token;
    const partial = await api(ctx.app, admin).api.admin.sales({ id: sale.id }).refund.post({ amount: 10 });
    expect(partial.data).toMatchObject({
      creditNoteNumber: "LL-CN-2026-000001",
      invoiceNumber: "LL-2026-000001",
      country: "DE",
      tax: 4.75,
    });
    const rest = await api(ctx.app, admin).api.admin.sales({ id: sale.id }).refund.post({});
    expect(rest.data).toMatchObject({ status: "refunded", creditNoteNumber: "LL-CN-2026-000002" });

    const notes = await ctx.deps.db.select().from(creditNotes).orderBy(creditNotes.id);
    // 10.00 of 29.74 carries 160 of the 475 cents of tax; the last note takes the rest.
    expect(notes.map(({ number, amountCents, taxCents }) => ({ number, amountCents, taxCents }))).toEqual([
      { number: "LL-CN-2026-000001", amountCents: 1000, taxCents: 160 },
      { number: "LL-CN-2026-000002", amountCents: 1974, taxCents: 315 },
    ]);
    const reversals = stripe.taxTransactions.filter((t) => t.type === "reversal");
    expect(reversals).toEqual([
      expect.objectContaining({
        mode: "partial",
        flat_amount: -1000,
        reference: "LL-CN-2026-000001",
        reversal: { original_transaction: sale.taxTransactionId ?? stripe.taxTransactions[0].id },
      }),
      expect.objectContaining({ mode: "partial", flat_amount: -1974, reference: "LL-CN-2026-000002" }),
    ]);
    expect(notes.every((note) => note.taxReversalId)).toBe(true);
  });

  test("Stripe Tax down after payment holds up neither the sale nor the key; the transaction is recorded by a later sync", async () => {
    const { data } = await createIntent({ country: "DE" });
    const id = data!.clientSecret.split("_secret_")[0];
    stripe.succeed(id);
    stripe.setTaxUnavailable(true);
    expect((await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } })).data?.success).toBe(true);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]).toMatchObject({
      invoiceNumber: "LL-2026-000001",
      taxTransactionId: null,
    });
    expect((await ctx.deps.db.select().from(emails)).map((e) => e.template)).toEqual(["product-key"]);
    stripe.setTaxUnavailable(false);
    await syncTaxRecords(ctx.deps);
    expect((await ctx.deps.db.select().from(sales).limit(1))[0]!.taxTransactionId).toBe(stripe.taxTransactions[0].id);
    expect(stripe.taxTransactions).toHaveLength(1);
  });

  test("a lost dispute is reversed by us (Stripe doesn't), with a full reversal under its credit note", async () => {
    const sale = await buy({ country: "FR" });
    const dispute = stripe.openDispute(sale.paymentIntentId);
    stripe.setDisputeStatus(dispute.id, "lost");
    const { payload, signature } = await stripe.signedEvent({
      id: "evt_lost",
      type: "charge.dispute.closed",
      object: dispute,
    });
    expect(
      (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
    ).toBe(200);
    const note = (await ctx.deps.db.select().from(creditNotes).limit(1))[0]!;
    expect(note).toMatchObject({ number: "LL-CN-2026-000001", amountCents: 2999, taxCents: 500 });
    expect(stripe.taxTransactions.filter((t) => t.type === "reversal")).toEqual([
      expect.objectContaining({ mode: "full", reference: note.number }),
    ]);
  });

  test("the webhook's refunds (a redelivery included) and an early fraud warning each write one credit note and one reversal", async () => {
    const deliver = async (id: string, type: string, object: object) => {
      const { payload, signature } = await stripe.signedEvent({ id, type, object });
      expect(
        (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
      ).toBe(200);
    };
    const refunded = await buy({ country: "GB" });
    const charge = (amountRefunded: number) => ({
      id: `ch_${refunded.paymentIntentId}`,
      object: "charge",
      payment_intent: refunded.paymentIntentId,
      amount: 2999,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= 2999,
    });
    stripe.refund(refunded.paymentIntentId, 500);
    await deliver("evt_partial", "charge.refunded", charge(500));
    await deliver("evt_partial", "charge.refunded", charge(500)); // redelivered
    await deliver("evt_partial_again", "charge.refunded", charge(500)); // another event, the same running total
    stripe.refund(refunded.paymentIntentId);
    await deliver("evt_full", "charge.refunded", charge(2999));
    const fraud = await buy({ country: "DE" });
    await deliver("evt_efw", "radar.early_fraud_warning.created", {
      id: "issfr_tax",
      object: "radar.early_fraud_warning",
      actionable: true,
      charge: `ch_${fraud.paymentIntentId}`,
      payment_intent: fraud.paymentIntentId,
      fraud_type: "made_with_stolen_card",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    });
    const notes = (await ctx.deps.db.select().from(creditNotes)).map(({ number, saleId, amountCents, taxCents }) => ({
      number,
      saleId,
      amountCents,
      taxCents,
    }));
    expect(notes).toEqual([
      { number: "LL-CN-2026-000001", saleId: refunded.id, amountCents: 500, taxCents: 83 },
      { number: "LL-CN-2026-000002", saleId: refunded.id, amountCents: 2499, taxCents: 417 },
      { number: "LL-CN-2026-000003", saleId: fraud.id, amountCents: 2974, taxCents: 475 },
    ]);
    expect(
      stripe.taxTransactions.filter((t) => t.type === "reversal").map((t) => [t.reference, t.mode, t.flat_amount]),
    ).toEqual([
      ["LL-CN-2026-000001", "partial", -500],
      ["LL-CN-2026-000002", "partial", -2499],
      ["LL-CN-2026-000003", "full", null],
    ]);
  });

  test("a business VAT ID gets the reverse charge when Stripe Tax says so, and the invoice says so", async () => {
    const { data } = await createIntent({ country: "DE", taxId: "de 123 456 789" });
    expect(data!.breakdown).toMatchObject({
      taxCents: 0,
      totalCents: 2499,
      tax: { reason: "reverse_charge", label: "Reverse charge" },
    });
    expect(
      new URLSearchParams(stripe.requests.findLast((r) => r.path === "/v1/tax/calculations")!.body).get(
        "customer_details[tax_ids][0][type]",
      ),
    ).toBe("eu_vat");
    expect(
      new URLSearchParams(stripe.requests.findLast((r) => r.path === "/v1/tax/calculations")!.body).get(
        "customer_details[tax_ids][0][value]",
      ),
    ).toBe("DE123456789");

    const sale = await buy({ country: "DE", taxId: "DE123456789" });
    const admin = (await signInAdmin(ctx)).token;
    const pdf = await getBytes(ctx.app, `/api/invoices/${sale.invoiceNumber}.pdf`, admin);
    const text = pdfToText(pdf.bytes);
    expect(text).toContain("Reverse charge");
    expect(text).toContain("Tax ID: DE123456789");
  });

  test("a US buyer gives a postal code; one Stripe can't place is a 422 with a sentence, and no intent is made", async () => {
    const missing = await createIntent({ country: "US" });
    expect(missing.status).toBe(422);
    expect(failure(missing)).toMatchObject({ error: "POSTAL_CODE_REQUIRED" });
    const rejected = await createIntent({ country: "US", postalCode: "1234" });
    expect(rejected.status).toBe(422);
    expect(failure(rejected)!.error).toBe("TAX_LOCATION_INVALID");
    expect(failure(rejected)!.message).toMatch(
      /^We couldn't work out the tax for this billing address \(.+\)\. Please check the country and postal code\.$/,
    );
    expect(stripe.intents.size).toBe(0);

    const newYork = await createIntent({ country: "US", postalCode: "10001" });
    expect(newYork.data!.breakdown).toMatchObject({
      taxCents: 222,
      totalCents: 2721,
      tax: { name: "Sales tax", ratePercent: "8.875", label: "Sales tax 8.875 % (United States)" },
    });
  });

  test("no country is a 422 and Stripe Tax down is a 502; neither makes an intent", async () => {
    const none = await createIntent({});
    expect(none.status).toBe(422);
    expect(failure(none)).toMatchObject({
      error: "COUNTRY_REQUIRED",
      message: "Please choose your billing country: the tax depends on it.",
    });
    stripe.setTaxUnavailable(true);
    const down = await createIntent({ country: "DE" });
    expect(down.status).toBe(502);
    expect(failure(down)).toMatchObject({ error: "TAX_PROVIDER_UNAVAILABLE" });
    expect(stripe.intents.size).toBe(0);
  });

  test('where the seller collects nothing, the buyer reads "No tax collected"', async () => {
    const { data } = await createIntent({ country: "BR" });
    expect(data!.breakdown).toMatchObject({
      taxCents: 0,
      totalCents: 2499,
      tax: { reason: "not_collecting", label: "No tax collected" },
    });
  });

  test("a tax ID of the wrong form for the country is a 422 naming the problem", async () => {
    const answer = await createIntent({ country: "DE", taxId: "12345" });
    expect(answer.status).toBe(422);
    expect(failure(answer)!.error).toBe("TAX_ID_INVALID");
    expect(stripe.taxCalculations.size).toBe(0);
  });
});

describe("tax at checkout, inclusive (listed prices contain the tax)", () => {
  beforeEach(() => start("inclusive"));

  test("the card is charged the listed price, and the tax in it is shown and recorded", async () => {
    const { data } = await createIntent({ country: "DE" });
    expect(data!.breakdown).toMatchObject({
      subtotalCents: 2499,
      taxCents: 399,
      totalCents: 2499,
      behavior: "inclusive",
    });
    expect([...stripe.intents.values()][0].amount).toBe(2499);
    const sale = await buy({ country: "GB" });
    expect(sale).toMatchObject({ amountCents: 2499, taxCents: 416, taxName: "VAT", taxCountry: "GB" });
    const mail = (await ctx.deps.db.select().from(emails)).find((e) => e.template === "product-key")!;
    expect(mail.payload.invoiceUrl).toMatch(/\/api\/invoices\/LL-2026-000001\.pdf\?sig=/);
  });
});
