/**
 * The links in an e-mail open the site's pages in the e-mail's language: a German e-mail's every link to a page
 * is under /de/, a Brazilian one's under /pt-br/, and each is a page the site serves there. The one-time links
 * (address confirmation, e-mail change, password reset, support ticket, refund) are made where the product
 * makes them, through the real app, and still do their work when followed from the prefixed page. English
 * e-mails, and e-mails queued before they had a language, keep the unprefixed addresses they always had; links
 * to documents (invoice and credit note PDFs) are the API's and keep theirs in every language.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { emails, productKeys, sales, type Email } from "../../src/db/schema";
import { EMAIL_TEMPLATES } from "../../src/features/email/templates/registry";
import { renderEmail } from "../../src/features/email/templates/render";
import { resolvePage } from "../../src/features/site/site-map";
import { languageInfo, splitLanguagePath, type SiteLanguage } from "../../src/shared/languages";
import { api, call, makeKey, makeTestApp, type TestContext } from "../support/app";
import { SELLER_ENV } from "../support/production-env";

let ctx: TestContext;
afterEach(() => ctx?.cleanup());

const APP_URL = "https://layerlift.test";
const PASSWORD = "correct horse";

/** Every `<a href>` of an e-mail's HTML, as the reader's mail program reads it. */
const hrefs = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));

/** The links to the site (not to its API's files): their path and query. */
const siteLinks = (html: string, appUrl: string) =>
  hrefs(html)
    .filter((href) => href.startsWith(`${appUrl}/`))
    .map((href) => href.slice(appUrl.length))
    .filter((path) => !path.startsWith("/api/"));

/** Each link is under the language's prefix and names a page the site serves in that language. */
function expectPagesIn(language: SiteLanguage, links: string[], where: string) {
  const prefix = `/${languageInfo(language).prefix}/`;
  const outside = links.filter((link) => !link.startsWith(prefix));
  expect({ where, outside }).toEqual({ where, outside: [] });
  for (const link of links) {
    const page = resolvePage(link.split("?")[0]!);
    expect({ link, status: page.status, language: page.language }).toEqual({ link, status: 200, language });
  }
}

/** A link's address without its language prefix: the English page it is the translation of. */
const innerOf = (link: string) => {
  const [path, query] = link.split("?");
  const inner = splitLanguagePath(path!).path;
  return query === undefined ? inner : `${inner}?${query}`;
};

const tokenOf = (url: unknown) => new URL(url as string).searchParams.get("token")!;

const outbox = async (to: string): Promise<Email[]> =>
  ctx.deps.db.select().from(emails).where(eq(emails.to, to)).orderBy(asc(emails.id));

async function mailOf(to: string, template: string) {
  const mail = (await outbox(to)).findLast((row) => row.template === template);
  if (!mail) throw new Error(`no ${template} e-mail to ${to}`);
  const payload = mail.payload as Record<string, unknown>;
  const { html } = await renderEmail(template, payload, ctx.deps.config.appUrl);
  return { payload, html, links: siteLinks(html, ctx.deps.config.appUrl) };
}

async function signUp(email: string, productKey: string, language?: string) {
  const answer = await call(ctx.app, "POST", "/api/auth/signup", {
    body: { email, password: PASSWORD, confirmPassword: PASSWORD, productKey },
    headers: language ? { "accept-language": language } : {},
  });
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

/** Bought with the demo card from a checkout shown in `language`: the sale's key. */
async function buy(email: string, language?: string) {
  const started = await call(ctx.app, "POST", "/api/create-payment-intent", {
    body: { plan: "pro", email, country: "DE", withdrawalConsent: true, ...(language ? { language } : {}) },
  });
  expect(started.status).toBe(200);
  const { clientSecret } = started.body as { clientSecret: string };
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret });
  const [sale] = await ctx.deps.db.select().from(sales).where(eq(sales.email, email));
  const [row] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, sale!.productKeyId!));
  return row!.key;
}

/** The e-mails whose payload carries a language (the admin alerts and the test e-mail stay English). */
const TRANSLATED = Object.entries(EMAIL_TEMPLATES).filter(
  ([, definition]) => "language" in (definition.payload.properties as Record<string, unknown>),
);

describe("links rendered with the e-mail", () => {
  test("every e-mail's links open its pages under /de/ and /pt-br/, the same pages English opens", async () => {
    expect(TRANSLATED.length).toBeGreaterThan(15);
    let checked = 0;
    for (const [template, definition] of TRANSLATED) {
      const sample = definition.sample as Record<string, unknown>;
      const english = siteLinks((await renderEmail(template, sample, APP_URL)).html, APP_URL);
      // An English e-mail and one queued before e-mails had a language open the same, unprefixed pages.
      const named = siteLinks((await renderEmail(template, { ...sample, language: "en" }, APP_URL)).html, APP_URL);
      expect({ template, links: named }).toEqual({ template, links: english });
      for (const link of english) expect(splitLanguagePath(link.split("?")[0]!).language).toBe("en");
      for (const language of ["de", "pt-BR"] as const) {
        const links = siteLinks((await renderEmail(template, { ...sample, language }, APP_URL)).html, APP_URL);
        expectPagesIn(language, links, `${template} (${language})`);
        expect({ template, pages: links.map(innerOf) }).toEqual({ template, pages: english });
        checked += links.length;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  test("links to the invoice and credit note PDFs stay the API's in every language", async () => {
    const sample = EMAIL_TEMPLATES["refund-notice"].sample;
    const { html } = await renderEmail("refund-notice", { ...sample, language: "de" }, APP_URL);
    expect(hrefs(html)).toContain(sample.creditNoteUrl!);
  });
});

describe("links made when the e-mail is queued", () => {
  test("a German account's confirmation, welcome, reset, e-mail change and key-sharing links open German pages and work", async () => {
    ctx = makeTestApp();
    await signUp("konto@example.com", await makeKey(ctx.deps, "pro"), "de-DE,de;q=0.9");

    const confirm = await mailOf("konto@example.com", "address-confirm");
    expect(confirm.payload.confirmUrl).toStartWith(`${ctx.deps.config.appUrl}/de/confirm-address?token=`);
    expectPagesIn("de", confirm.links, "address-confirm");
    const confirmed = await call(ctx.app, "POST", "/api/account/confirm-address", {
      body: { token: tokenOf(confirm.payload.confirmUrl) },
    });
    expect(confirmed.status).toBe(200);

    const welcome = await mailOf("konto@example.com", "welcome");
    expect(welcome.links.map(innerOf)).toContain("/dashboard");
    expectPagesIn("de", welcome.links, "welcome");

    expect((await api(ctx.app).api.auth["forgot-password"].post({ email: "konto@example.com" })).status).toBe(200);
    const reset = await mailOf("konto@example.com", "password-reset");
    expect(reset.payload.resetUrl).toStartWith(`${ctx.deps.config.appUrl}/de/reset-password?token=`);
    expectPagesIn("de", reset.links, "password-reset");
    const newPassword = "a brand new password";
    const resetAnswer = await api(ctx.app).api.auth["reset-password"].post({
      token: tokenOf(reset.payload.resetUrl),
      password: newPassword,
    });
    expect(resetAnswer.status).toBe(200);
    const session = (await api(ctx.app).api.auth.login.post({ email: "konto@example.com", password: newPassword }))
      .data!.token;

    const change = await call(ctx.app, "POST", "/api/account/email", {
      token: session,
      body: { newEmail: "neu@example.com", password: newPassword },
    });
    expect(change.status).toBe(200);
    const changeMail = await mailOf("neu@example.com", "email-change-confirm");
    expect(changeMail.payload.confirmUrl).toStartWith(`${ctx.deps.config.appUrl}/de/confirm-email?token=`);
    expectPagesIn("de", changeMail.links, "email-change-confirm");
    const changed = await call(ctx.app, "POST", "/api/account/email/confirm", {
      body: { token: tokenOf(changeMail.payload.confirmUrl) },
    });
    expect(changed.status).toBe(200);
    expectPagesIn("de", (await mailOf("konto@example.com", "email-changed")).links, "email-changed");

    const pluginKey = (await api(ctx.app, session).api.figma["generate-key"].post()).data!.figmaKey;
    const validate = (robloxUserId: string) =>
      call(ctx.app, "POST", "/api/plugin/validate", { body: { key: pluginKey, robloxUserId } });
    expect((await validate("111")).status).toBe(200);
    expect((await validate("222")).status).toBe(409);
    const alert = await mailOf("neu@example.com", "key-sharing-alert");
    expect(alert.payload.dashboardUrl).toBe(`${ctx.deps.config.appUrl}/de/dashboard`);
    expectPagesIn("de", alert.links, "key-sharing-alert");
  });

  test("a Brazilian buyer's key e-mail opens sign-up and refund in Portuguese; a ticket's link its page", async () => {
    ctx = makeTestApp({ env: { ...SELLER_ENV, TAX: "demo" } });
    const key = await buy("comprador@example.com", "pt-BR");
    const mail = await mailOf("comprador@example.com", "product-key");
    expectPagesIn("pt-BR", mail.links, "product-key");
    const query = new URLSearchParams({ key, email: "comprador@example.com" });
    expect(mail.links).toContain(`/pt-br/signup?${query}`);
    expect(mail.links).toContain(`/pt-br/refund?key=${key}`);
    expect(mail.links).toContain("/pt-br/support");
    // The invoice is the API's PDF, the same address in every language.
    expect(mail.payload.invoiceUrl).toStartWith(`${ctx.deps.config.appUrl}/api/invoices/`);
    expect(hrefs(mail.html)).toContain(mail.payload.invoiceUrl as string);
    // The refund page under /pt-br/ reads the key from its link, as the English one does.
    const refundKey = new URLSearchParams(mail.links.find((link) => link.startsWith("/pt-br/refund?"))!.split("?")[1]);
    const refund = await call(ctx.app, "GET", `/api/refund-link?key=${refundKey.get("key")}`);
    expect(refund.status).toBe(200);

    const opened = await call(ctx.app, "POST", "/api/support/tickets", {
      body: { email: "visitante@example.com", subject: "billing", message: "Onde está minha chave?" },
      headers: { "accept-language": "pt-BR" },
    });
    expect(opened.status).toBe(200);
    const received = await mailOf("visitante@example.com", "support-received");
    expect(received.payload.ticketUrl).toStartWith(`${ctx.deps.config.appUrl}/pt-br/support/ticket?token=`);
    expectPagesIn("pt-BR", received.links, "support-received");
    const thread = await call(
      ctx.app,
      "GET",
      `/api/support/ticket-link?${new URLSearchParams({ token: tokenOf(received.payload.ticketUrl) })}`,
    );
    expect(thread.status).toBe(200);
  });

  test("English e-mails keep their unprefixed links", async () => {
    ctx = makeTestApp({ env: { ...SELLER_ENV, TAX: "demo" } });
    const appUrl = ctx.deps.config.appUrl;
    const key = await buy("buyer@example.com");
    const mail = await mailOf("buyer@example.com", "product-key");
    const query = new URLSearchParams({ key, email: "buyer@example.com" });
    expect(mail.links).toEqual(["/docs/getting-started", `/signup?${query}`, `/refund?key=${key}`, "/support"]);
    await signUp("buyer@example.com", key);
    expect((await mailOf("buyer@example.com", "address-confirm")).payload.confirmUrl).toStartWith(
      `${appUrl}/confirm-address?token=`,
    );
    expect((await mailOf("buyer@example.com", "welcome")).links).toEqual(["/dashboard", "/docs/getting-started"]);
    await api(ctx.app).api.auth["forgot-password"].post({ email: "buyer@example.com" });
    expect((await mailOf("buyer@example.com", "password-reset")).payload.resetUrl).toStartWith(
      `${appUrl}/reset-password?token=`,
    );
    await call(ctx.app, "POST", "/api/support/tickets", {
      body: { email: "visitor@example.com", subject: "bug", message: "Something broke." },
    });
    expect((await mailOf("visitor@example.com", "support-received")).payload.ticketUrl).toStartWith(
      `${appUrl}/support/ticket?token=`,
    );
  });
});
