/**
 * The EU right of withdrawal: a buyer billed in the EU/EEA (tax on), or every buyer with
 * WITHDRAWAL_CONSENT=always, agrees to immediate supply before paying; without it nothing is reserved. The
 * consent's time and wording version stay with the sale: the admin's sales list, sales.csv, the account
 * export, the key e-mail and the invoice show it. Everyone else's checkout is as it was.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { checkouts, demoPaymentIntents, emails, productKeys } from "../../src/db/schema";
import { loadConfig } from "../../src/config";
import {
  needsWithdrawalConsent,
  WITHDRAWAL_CONSENT_TEXT,
  WITHDRAWAL_CONSENT_VERSION,
} from "../../src/shared/withdrawal";
import { COUNTRY_CODES, EEA_COUNTRIES } from "../../src/shared/countries";
import { renderEmailText } from "../../src/features/email/templates/render";
import { api, call, failure, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { getBytes, pdfToText } from "../support/pdf";
import { paidSecretWithDemoCard } from "../support/purchase";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

type Body = Parameters<ReturnType<typeof api>["api"]["create-payment-intent"]["post"]>[0];
const start = (body: Partial<Body>) =>
  api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com", ...body } as Body);

const nothingStarted = async () => {
  expect(await ctx.deps.db.select().from(checkouts)).toHaveLength(0);
  expect(await ctx.deps.db.select().from(demoPaymentIntents)).toHaveLength(0);
};

const pay = (clientSecret: string) => paidSecretWithDemoCard(ctx, clientSecret);

describe("the consent to immediate supply", () => {
  test("a buyer billed in the EU with tax on: refused without it (nothing reserved), recorded with it everywhere the sale shows", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    for (const country of ["DE", "AT", "NO"]) {
      const refused = await start({ country });
      expect(refused.status).toBe(422);
      expect(failure(refused)).toEqual({
        error: "WITHDRAWAL_CONSENT_REQUIRED",
        message:
          "Please tick the box to confirm that you want your product key right away and understand that you then lose your 14-day right of withdrawal.",
      });
    }
    expect(failure(await start({ country: "DE", withdrawalConsent: false }))!.error).toBe(
      "WITHDRAWAL_CONSENT_REQUIRED",
    );
    await nothingStarted();

    const agreedAt = ctx.clock.now();
    const started = await start({ country: "DE", withdrawalConsent: true });
    expect(started.status).toBe(200);
    ctx.clock.advance(60_000);
    const sale = await pay(started.data!.clientSecret);
    expect(sale).toMatchObject({ withdrawalConsentAt: agreedAt, withdrawalConsentVersion: WITHDRAWAL_CONSENT_VERSION });

    const admin = (await signInAdmin(ctx)).token;
    const listed = (await api(ctx.app, admin).api.admin.sales.get({ query: {} })).data!.sales[0];
    expect(listed).toMatchObject({
      withdrawalConsentAt: new Date(agreedAt).toISOString(),
      withdrawalConsentVersion: WITHDRAWAL_CONSENT_VERSION,
    });

    const csv = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    const [header, row] = csv
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(row[header.indexOf("withdrawal_consent_at")]).toBe(new Date(agreedAt).toISOString());
    expect(row[header.indexOf("withdrawal_consent_version")]).toBe(WITHDRAWAL_CONSENT_VERSION);

    const mail = (await ctx.deps.db.select().from(emails).orderBy(emails.id)).find(
      (e) => e.template === "product-key",
    )!;
    const rendered = {
      text: (await renderEmailText("product-key", mail.payload as Record<string, unknown>, "http://localhost")).replace(
        /\s+/g,
        " ",
      ),
    };
    const sentence = `On ${new Date(agreedAt).toISOString().slice(0, 16).replace("T", " ")} UTC you asked for immediate delivery`;
    expect(rendered.text).toContain(sentence);
    expect(rendered.text).toContain(WITHDRAWAL_CONSENT_TEXT);
    expect(rendered.text).toContain(`wording version ${WITHDRAWAL_CONSENT_VERSION}`);

    const invoice = pdfToText((await getBytes(ctx.app, listed.invoiceUrl!)).bytes).replace(/\s+/g, " ");
    expect(invoice).toContain(sentence);
    expect(invoice).toContain(`wording version ${WITHDRAWAL_CONSENT_VERSION}`);

    // The buyer's own export carries it too, once they signed up with the key they bought.
    const [key] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1);
    const signedUp = await api(ctx.app).api.auth.signup.post({
      email: "buyer@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key.key,
    });
    const token = signedUp.data!.token;
    const exported = await call(ctx.app, "GET", "/api/account/export", { token });
    expect(exported.body.purchases[0].withdrawalConsent).toEqual({
      agreedAt: new Date(agreedAt).toISOString(),
      wordingVersion: WITHDRAWAL_CONSENT_VERSION,
    });
  });

  test("outside the EU/EEA, and with tax off by default, checkout is as it was", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    const us = await start({ country: "US", postalCode: "10001" });
    expect(us.status).toBe(200);
    expect(await pay(us.data!.clientSecret)).toMatchObject({
      withdrawalConsentAt: null,
      withdrawalConsentVersion: null,
    });
    ctx.cleanup();

    ctx = makeTestApp();
    const untaxed = await start({});
    expect(untaxed.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/config")).body.withdrawalConsent).toBe("eu");
  });

  test("the consent follows where EU consumer law applies: every accepted billing country, regions with codes of their own included", () => {
    const asked = COUNTRY_CODES.filter((code) => needsWithdrawalConsent("eu", true, code));
    expect(new Set(asked)).toEqual(new Set([...EEA_COUNTRIES, "RE", "GP", "MQ", "GF", "YT", "MF", "AX"]));
    expect(COUNTRY_CODES.filter((code) => needsWithdrawalConsent("eu", false, code))).toEqual([]);
  });

  test("buyers billed in the EU's outermost regions and Åland are refused without the consent", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    for (const country of ["RE", "GP", "MQ", "GF", "YT", "MF", "AX"]) {
      expect({ country, error: failure(await start({ country }))?.error }).toEqual({
        country,
        error: "WITHDRAWAL_CONSENT_REQUIRED",
      });
    }
    await nothingStarted();
  });

  test("a business buyer with a valid VAT ID is not asked; an ID of the wrong form still is", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    expect(failure(await start({ country: "DE", taxId: "12345" }))?.error).toBe("WITHDRAWAL_CONSENT_REQUIRED");
    await nothingStarted();
    const business = await start({ country: "DE", taxId: "DE123456789", companyName: "Pixel GmbH" });
    expect(business.status).toBe(200);
    expect(await pay(business.data!.clientSecret)).toMatchObject({ taxId: "DE123456789", withdrawalConsentAt: null });
  });

  test("WITHDRAWAL_CONSENT=always asks every buyer, tax off and renewals included", async () => {
    ctx = makeTestApp({ env: { WITHDRAWAL_CONSENT: "always" } });
    expect((await call(ctx.app, "GET", "/api/config")).body.withdrawalConsent).toBe("always");
    expect(failure(await start({}))!.error).toBe("WITHDRAWAL_CONSENT_REQUIRED");
    const { token } = await signUpUser(ctx, "pro", "member@example.com");
    const renewal = await api(ctx.app, token).api.subscription.renew.post({ plan: "month" });
    expect(failure(renewal)!.error).toBe("WITHDRAWAL_CONSENT_REQUIRED");
    await nothingStarted();
    const agreed = await start({ withdrawalConsent: true });
    expect(agreed.status).toBe(200);
    expect((await pay(agreed.data!.clientSecret)).withdrawalConsentVersion).toBe(WITHDRAWAL_CONSENT_VERSION);
  });

  test("WITHDRAWAL_CONSENT takes eu or always", () => {
    expect(() => loadConfig({ NODE_ENV: "test", WITHDRAWAL_CONSENT: "never" })).toThrow(
      'WITHDRAWAL_CONSENT must be eu or always; got "never"',
    );
  });

  test("the refund policy explains the right of withdrawal next to the guarantee", async () => {
    ctx = makeTestApp();
    const page = await call(ctx.app, "GET", "/api/legal/refund-policy");
    const text = JSON.stringify(page.body);
    expect(text).toContain("14-day right of withdrawal");
    expect(text).toContain(WITHDRAWAL_CONSENT_TEXT);
    expect(text).toContain("touch the guarantee above");
  });
});
