/**
 * Business buyers: the company's name, address and VAT ID given at checkout are kept with the sale and
 * printed on the invoice, with tax on or off; the billing country is found by its English name or its own.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sales } from "../../src/db/schema";
import { countryFromName } from "../../src/shared/countries";
import { api, failure, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { getBytes, pdfToText } from "../support/pdf";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

type Body = Parameters<ReturnType<typeof api>["api"]["create-payment-intent"]["post"]>[0];

async function buy(body: Partial<Body>) {
  const started = await api(ctx.app).api["create-payment-intent"].post({
    plan: "pro",
    email: "billing@acme.example",
    ...body,
  } as Body);
  if (!started.data) throw new Error(JSON.stringify(started.error?.value));
  await api(ctx.app).api.payment.demo.confirm.post({
    clientSecret: started.data.clientSecret,
    cardNumber: "4242424242424242",
  });
  return (
    await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, started.data.paymentIntentId)).limit(1)
  )[0]!;
}

async function invoiceText(invoiceNumber: string) {
  const admin = (await signInAdmin(ctx)).token;
  return pdfToText((await getBytes(ctx.app, `/api/invoices/${invoiceNumber}.pdf`, admin)).bytes);
}

describe("buying for a business", () => {
  test("with tax on: company, address and VAT ID on the invoice, the reverse charge applied", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    const sale = await buy({
      country: "FR",
      taxId: "FR12345678901",
      companyName: "Acme SARL",
      companyAddress: "12 rue de la Paix\n75002 Paris",
      withdrawalConsent: true,
    });
    expect(sale).toMatchObject({
      companyName: "Acme SARL",
      companyAddress: "12 rue de la Paix\n75002 Paris",
      taxId: "FR12345678901",
      taxReason: "reverse_charge",
    });
    const text = await invoiceText(sale.invoiceNumber!);
    for (const line of [
      "Acme SARL",
      "12 rue de la Paix",
      "75002 Paris",
      "Tax ID: FR12345678901",
      "France (FR)",
      "Reverse charge",
    ])
      expect(text).toContain(line);
  });

  test("a VAT ID of the wrong length is told its length and shown the country's own example; nothing is held", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    const refused = await api(ctx.app).api["create-payment-intent"].post({
      plan: "pro",
      email: "billing@acme.example",
      country: "FR",
      taxId: "FR12",
      withdrawalConsent: true,
    });
    expect(refused.status).toBe(422);
    expect((refused.error?.value as { message: string } | undefined)?.message).toBe(
      "A VAT number from France has 11 characters after FR, like FR12345678901; this one has 2.",
    );
    expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
  });

  test("with tax off the company and its VAT ID are printed as given", async () => {
    ctx = makeTestApp();
    const sale = await buy({
      companyName: "Acme GmbH",
      companyAddress: "Hauptstr. 1, 10115 Berlin",
      taxId: "de123456789",
    });
    const text = await invoiceText(sale.invoiceNumber!);
    for (const line of ["Acme GmbH", "Hauptstr. 1", "10115 Berlin", "Tax ID: DE123456789"])
      expect(text).toContain(line);
  });

  test("an address without a company name is refused with a sentence; a person's invoice is unchanged", async () => {
    ctx = makeTestApp();
    const refused = await api(ctx.app).api["create-payment-intent"].post({
      plan: "pro",
      email: "someone@example.com",
      companyAddress: "Somewhere 1",
    });
    expect(failure(refused)).toEqual({
      error: "COMPANY_NAME_REQUIRED",
      message: "Please enter the company's name too, or leave the business details empty.",
    });
    const sale = await buy({});
    expect(sale).toMatchObject({ companyName: null, companyAddress: null, taxId: null });
  });
});

describe("the billing country by name", () => {
  test("its English name, its own name, accents or not, any case, or its code", () => {
    const cases: [string, string][] = [
      ["Germany", "DE"],
      ["Deutschland", "DE"],
      ["deutschland", "DE"],
      ["Österreich", "AT"],
      ["Osterreich", "AT"],
      ["España", "ES"],
      ["Sverige", "SE"],
      ["Schweiz", "CH"],
      ["Suisse", "CH"],
      ["Belgique", "BE"],
      ["België", "BE"],
      ["United Kingdom", "GB"],
      ["fr", "FR"],
    ];
    for (const [typed, code] of cases) expect([typed, countryFromName(typed)]).toEqual([typed, code]);
    expect(countryFromName("Atlantis")).toBeNull();
    expect(countryFromName("")).toBeNull();
  });
});
