/**
 * The sale keeps the language its checkout was shown in: the page sends it with every call that starts a payment
 * (a purchase, a renewal, added seats); the checkout keeps it and the sale takes it from there, beside the consent
 * to immediate supply it was shown with. An unknown language is a 422 naming the site's languages, and nothing is
 * started; an older page that sends none buys in English. The product-key e-mail is written in the sale's language.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { checkouts, demoPaymentIntents, emails, sales } from "../../src/db/schema";
import { renderEmail, renderEmailText } from "../../src/features/email/templates/render";
import de from "../../src/shared/locales/de.json";
import { SITE_LANGUAGES } from "../../src/shared/languages";
import { WITHDRAWAL_CONSENT_VERSION } from "../../src/shared/withdrawal";
import { api, call, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { paidSecretWithDemoCard } from "../support/purchase";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

const start = (body: Record<string, unknown>, token?: string, path = "/api/create-payment-intent") =>
  call(ctx.app, "POST", path, {
    token,
    body: path === "/api/create-payment-intent" ? { plan: "pro", email: "buyer@example.com", ...body } : body,
  });

const pay = (clientSecret: string) => paidSecretWithDemoCard(ctx, clientSecret);

const nothingStarted = async () => {
  expect(await ctx.deps.db.select().from(checkouts)).toHaveLength(0);
  expect(await ctx.deps.db.select().from(demoPaymentIntents)).toHaveLength(0);
  expect(await ctx.deps.db.select().from(sales)).toHaveLength(0);
};

describe("the checkout's language", () => {
  test("is kept with the checkout and the sale, with the consent it was shown with, and shown to the admin", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    const started = await start({ country: "DE", withdrawalConsent: true, language: "de" });
    expect(started.status).toBe(200);
    expect((await ctx.deps.db.select().from(checkouts))[0]!.language).toBe("de");
    const sale = await pay((started.body as { clientSecret: string }).clientSecret);
    expect(sale).toMatchObject({ language: "de", withdrawalConsentVersion: WITHDRAWAL_CONSENT_VERSION });

    const admin = (await signInAdmin(ctx)).token;
    const listed = (await api(ctx.app, admin).api.admin.sales.get({ query: {} })).data!.sales[0];
    expect(listed).toMatchObject({ language: "de", withdrawalConsentVersion: WITHDRAWAL_CONSENT_VERSION });
    const csv = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    const [header, row] = csv
      .trim()
      .split("\r\n")
      .map((line) => line.split(","));
    expect(row![header!.indexOf("language")]).toBe("de");
  });

  test("a page that sends none buys in English", async () => {
    ctx = makeTestApp();
    const started = await start({});
    expect(started.status).toBe(200);
    expect((await pay((started.body as { clientSecret: string }).clientSecret)).language).toBe("en");
  });

  test("an unknown language is a 422 naming the site's languages, and nothing is started", async () => {
    ctx = makeTestApp();
    const user = await signUpUser(ctx, "month");
    const calls: [string, Record<string, unknown>][] = [
      ["/api/create-payment-intent", {}],
      ["/api/subscription/renew", { plan: "month" }],
      ["/api/seats/add", { seats: 1 }],
    ];
    for (const [path, body] of calls)
      for (const language of ["xx", "DE", "pt-br", "", "english"]) {
        const refused = await start({ ...body, language }, user.token, path);
        expect(refused.status).toBe(422);
        const message = (refused.body as { message: string }).message;
        for (const tag of SITE_LANGUAGES) expect(message).toContain(tag);
      }
    await nothingStarted();
  });

  test("a renewal and added seats keep the language of the dashboard they were bought from", async () => {
    ctx = makeTestApp();
    const user = await signUpUser(ctx, "month");
    const renewal = await start({ plan: "month", language: "pt-BR" }, user.token, "/api/subscription/renew");
    expect(renewal.status).toBe(200);
    expect((await pay((renewal.body as { clientSecret: string }).clientSecret)).language).toBe("pt-BR");
    const added = await start({ seats: 2, language: "fr" }, user.token, "/api/seats/add");
    expect(added.status).toBe(200);
    expect((await pay((added.body as { clientSecret: string }).clientSecret)).language).toBe("fr");
  });

  test("the product-key e-mail is in the sale's language, its subject, body and consent wording; without one, English", async () => {
    ctx = makeTestApp({ env: { TAX: "demo" } });
    const german = await start({
      email: "kaeufer@example.com",
      country: "DE",
      withdrawalConsent: true,
      language: "de",
    });
    await pay((german.body as { clientSecret: string }).clientSecret);
    const english = await start({ email: "buyer@example.com", country: "DE", withdrawalConsent: true });
    await pay((english.body as { clientSecret: string }).clientSecret);
    const keyMail = async (to: string) =>
      (await ctx.deps.db.select().from(emails).where(eq(emails.to, to))).find((e) => e.template === "product-key")!;

    const mail = await keyMail("kaeufer@example.com");
    expect(mail.subject).toBe("Dein Layerlift-Produktschlüssel");
    const payload = mail.payload as Record<string, unknown>;
    const text = (await renderEmailText("product-key", payload, "http://localhost")).replace(/\s+/g, " ");
    for (const words of ["Danke für deinen Kauf!", "Hier ist dein Produktschlüssel für 4 Month Pro:", "Konto anlegen"])
      expect(text).toContain(words);
    expect(text).toContain(`("${de["checkout.consent.text"]}"), Fassung`);
    expect(text).not.toContain("Thank you for your purchase");
    expect(text).not.toContain("You received this e-mail");
    expect((await renderEmail("product-key", payload, "http://localhost")).html).toContain('lang="de"');

    const englishMail = await keyMail("buyer@example.com");
    expect(englishMail.subject).toBe("Your Layerlift product key");
    const englishText = await renderEmailText(
      "product-key",
      englishMail.payload as Record<string, unknown>,
      "http://localhost",
    );
    expect(englishText).toContain("Thank you for your purchase!");
    expect(englishText.replace(/\s+/g, " ")).toContain("On ");
  });
});
