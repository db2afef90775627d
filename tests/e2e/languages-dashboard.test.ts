/**
 * The dashboard in the user's language, in a real browser: a user whose account speaks German sees every tab, its
 * dialogs, dates and money in German at /de/dashboard; the Brazilian dashboard fits a 390 px phone; the Settings
 * language select shows the dashboard in French at once; signing in lands on the dashboard in the right language;
 * and no English sentence of the dashboard is left on a translated render.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { emails, productKeys, sales } from "../../src/db/schema";
import english from "../../src/shared/locales/en.json";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { api, dashboardSuite, newPage } from "./dashboard-helpers";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

const env = dashboardSuite();

/** Buys a month with the demo card and signs up with its key, so Purchases has a row with money and a date. */
async function buyer(language: string) {
  const email = `lang-dash-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const intent = await api(env, "POST", "/api/create-payment-intent", { plan: "month", email });
  const clientSecret = intent.body.clientSecret as string;
  expect((await api(env, "POST", "/api/payment/demo/confirm", { clientSecret })).status).toBe(200);
  const [sale] = await env.server.deps.db
    .select()
    .from(sales)
    .where(eq(sales.paymentIntentId, clientSecret.split("_secret_")[0]!));
  const [{ key }] = await env.server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale!.productKeyId!));
  const password = "correct horse";
  const signup = await api(env, "POST", "/api/auth/signup", {
    email,
    password,
    confirmPassword: password,
    productKey: key,
  });
  expect(signup.status).toBe(200);
  const token = signup.body.token as string;
  if (language !== "en") expect((await api(env, "PUT", "/api/user/settings", { language }, token)).status).toBe(200);
  return { email, password, token };
}

/**
 * The dashboard's English sentences (its own messages with words to translate), cut at their parameters into
 * pieces long enough to be sure of: none of them may be on a page in another language.
 */
const ENGLISH_PIECES = Object.entries(english)
  .filter(([id]) => id.startsWith("dashboard.") && !id.startsWith("dashboard.store."))
  .flatMap(([, text]) => text.replace(/<\/?\d+>/g, "").split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 12 && /[a-z]{4,} [a-z]{3,}/.test(piece));

async function expectNoEnglish(scope: Locator) {
  const text = await scope.innerText();
  expect(ENGLISH_PIECES.filter((piece) => text.includes(piece))).toEqual([]);
}

const GERMAN_DATE =
  /\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}/;

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  const panel = page.getByRole("tabpanel", { name, exact: true });
  await panel.waitFor();
  return panel;
}

describe("a German account's dashboard", () => {
  test("every tab, its dialogs, dates and money are in German", async () => {
    const { token } = await buyer("de");
    const page = await newPage(env, DESKTOP);
    await openSignedIn(page, token, "/de/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByText("Verbleibende Zeit").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    const overview = page.getByRole("tabpanel", { name: "Übersicht" });
    await overview.getByRole("heading", { name: "Als Nächstes: Plugin-Schlüssel erzeugen" }).waitFor();
    await overview.getByRole("heading", { name: "Schnellzugriff" }).waitFor();
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-de-overview-1280");

    const subscription = await openTab(page, "Abo");
    await subscription.getByText("Ablaufdatum").waitFor();
    expect(await subscription.getByRole("definition").nth(3).innerText()).toMatch(GERMAN_DATE);
    // The plans to renew with, priced in German ("4,99 $").
    await subscription
      .getByRole("list", { name: "Tarife zum Verlängern" })
      .getByText(/\d+,\d{2}\s\$/)
      .first()
      .waitFor();
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-de-subscription-1280");
    await subscription.getByRole("button", { name: "Abo kündigen" }).click();
    const cancel = page.getByRole("alertdialog", { name: "Abo kündigen?" });
    await cancel.getByText(GERMAN_DATE).waitFor();
    await expectNoEnglish(cancel);
    await cancel.getByRole("button", { name: "Abo behalten" }).click();
    await cancel.waitFor({ state: "hidden" });
    await subscription.getByLabel("Produktschlüssel").fill("ABC");
    await subscription.getByRole("button", { name: "Schlüssel einlösen" }).click();
    await page
      .getByRole("region", { name: "Benachrichtigungen (F8)" })
      .getByText("Ein Produktschlüssel hat 12 Zeichen.")
      .waitFor();

    const plugin = await openTab(page, "Plugin");
    await plugin.getByText("Noch nicht erzeugt").waitFor();
    await plugin.getByText("Noch kein Konto verknüpft. Das Verknüpfen geschieht von selbst:").waitFor();
    await plugin.getByRole("button", { name: "Plugin-Schlüssel erzeugen" }).click();
    await page
      .getByRole("region", { name: "Benachrichtigungen (F8)" })
      .getByText("Schlüssel erzeugt", { exact: true })
      .waitFor();
    await plugin.getByRole("button", { name: "Plugin-Schlüssel kopieren" }).waitFor();
    await plugin.getByRole("button", { name: "Plugin-Schlüssel erzeugen" }).click();
    const regenerate = page.getByRole("alertdialog", { name: "Plugin-Schlüssel neu erzeugen?" });
    await regenerate.getByRole("button", { name: "Abbrechen" }).click();
    await regenerate.waitFor({ state: "hidden" });
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-de-plugin-1280");

    const purchases = await openTab(page, "Käufe");
    const row = purchases.getByRole("listitem").first();
    await row.getByText("Bezahlt", { exact: true }).waitFor();
    expect(await row.innerText()).toMatch(GERMAN_DATE);
    expect(await row.innerText()).toMatch(/\d+,\d{2}\s\$/);
    await row.getByRole("button", { name: "Erstattung beantragen" }).click();
    const refund = page.getByRole("alertdialog", { name: /erstatten\?$/ });
    await refund.getByText(/\d+,\d{2}\s\$ gehen sofort auf die Karte zurück|Wir prüfen deinen Antrag/).waitFor();
    await expectNoEnglish(refund);
    await refund.getByRole("button", { name: "Kauf behalten" }).click();
    await refund.waitFor({ state: "hidden" });
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-de-purchases-1280");

    const support = await openTab(page, "Support");
    await support.getByText("Noch keine Support-Nachrichten.").waitFor();
    await support.getByRole("link", { name: "Support kontaktieren" }).waitFor();
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-de-support-1280");

    const settings = await openTab(page, "Einstellungen");
    expect(await settings.getByTestId("member-since").innerText()).toMatch(GERMAN_DATE);
    await settings.getByLabel("E-Mail-Benachrichtigungen").waitFor();
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-de-settings-1280");
    await settings.getByRole("button", { name: "E-Mail ändern" }).click();
    const email = page.getByRole("dialog", { name: "E-Mail ändern" });
    await email.getByRole("button", { name: "Bestätigungslink senden" }).click();
    await email.getByText("Gib eine gültige E-Mail-Adresse ein").waitFor();
    await email.getByText("Gib dein aktuelles Passwort ein").waitFor();
    await expectNoEnglish(email);
    await email.getByRole("button", { name: "Abbrechen" }).click();
    await email.waitFor({ state: "hidden" });
    await settings.getByRole("button", { name: "Passwort ändern" }).click();
    const password = page.getByRole("dialog", { name: "Passwort ändern" });
    await password.getByLabel("Aktuelles Passwort").fill("not my password");
    await password.getByLabel("Neues Passwort", { exact: true }).fill("a new password");
    await password.getByLabel("Neues Passwort bestätigen").fill("a new password");
    await password.getByRole("button", { name: "Passwort ändern" }).click();
    await password.getByText("Das ist nicht dein aktuelles Passwort.").waitFor();
    await password.getByRole("button", { name: "Abbrechen" }).click();
    await settings.getByRole("button", { name: "Konto löschen" }).click();
    const remove = page.getByRole("alertdialog", { name: "Dein Konto löschen?" });
    await remove.getByRole("link", { name: "Datenschutzerklärung" }).waitFor();
    await expectNoEnglish(remove);
    await page.setViewportSize(PHONE);
    await shoot(page, "dashboard-de-delete-390", false);
    await page.setViewportSize(DESKTOP);
    await remove.getByRole("button", { name: "Abbrechen" }).click();
  });

  test("each tab fits 390 px without scrolling sideways", async () => {
    const { token } = await buyer("de");
    const page = await newPage(env, PHONE);
    await openSignedIn(page, token, "/de/dashboard");
    await page.getByText("Verbleibende Zeit").first().waitFor();
    for (const [tab, slug] of [
      ["Übersicht", "overview"],
      ["Abo", "subscription"],
      ["Plugin", "plugin"],
      ["Käufe", "purchases"],
      ["Support", "support"],
      ["Einstellungen", "settings"],
    ] as const) {
      const panel = await openTab(page, tab);
      await panel.getByRole("heading").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shoot(page, `dashboard-de-${slug}-390`);
    }
  });
});

describe("the dashboard's other languages", () => {
  test("in Brazilian Portuguese at 390 px: no sideways scrolling on any tab, and no English left", async () => {
    const { token } = await buyer("pt-BR");
    const page = await newPage(env, PHONE);
    await openSignedIn(page, token, "/pt-br/dashboard");
    await page.getByRole("heading", { level: 1, name: "Painel" }).waitFor();
    await page.getByText("Tempo restante").first().waitFor();
    expect(await page.title()).toBe("Painel | Layerlift");
    for (const tab of ["Visão geral", "Assinatura", "Plugin", "Compras", "Suporte", "Configurações"]) {
      const panel = await openTab(page, tab);
      await panel.getByRole("heading").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoEnglish(page.locator("main"));
    }
  });

  test("the main tab in every language, at 1280 and 390 px", async () => {
    const { token } = await buyer("en");
    const page = await newPage(env, DESKTOP);
    const heads = { "": "Dashboard", "/pt-br": "Painel", "/es": "Panel", "/de": "Dashboard", "/fr": "Tableau de bord" };
    for (const [prefix, heading] of Object.entries(heads)) {
      await openSignedIn(page, token, `${prefix}/dashboard`);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.getByRole("tabpanel").getByRole("heading").first().waitFor();
      if (prefix) await expectNoEnglish(page.locator("main"));
      const name = `dashboard-${prefix.slice(1) || "en"}-overview`;
      await shoot(page, `${name}-1280`);
      await page.setViewportSize(PHONE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shoot(page, `${name}-390`);
      await page.setViewportSize(DESKTOP);
    }
  });

  test("picking French in Settings shows the dashboard in French at once, at /fr/dashboard", async () => {
    const { token } = await buyer("en");
    const page = await newPage(env, DESKTOP);
    await openSignedIn(page, token, "/dashboard?tab=settings");
    await page.getByRole("tabpanel", { name: "Settings" }).getByLabel("Language").selectOption("fr");
    await page.waitForURL((url) => url.pathname === "/fr/dashboard" && url.search === "?tab=settings");
    const settings = page.getByRole("tabpanel", { name: "Réglages" });
    await settings.getByRole("heading", { name: "Préférences" }).waitFor();
    expect(await settings.getByLabel("Langue").inputValue()).toBe("fr");
    await page.getByRole("heading", { level: 1, name: "Tableau de bord" }).waitFor();
    await page.waitForFunction(() => document.title === "Tableau de bord | Layerlift");
    await expectNoEnglish(page.locator("main"));
    await shoot(page, "dashboard-fr-settings-1280");
  });
});

describe("signing in", () => {
  const ENGLISH_FORM = { email: "Email", password: "Password", button: "Login" };

  /** A new buyer whose account's language is `language` signs in on the login page at `path`, whose form says `form`. */
  async function signInOn(path: string, form: typeof ENGLISH_FORM, language: string) {
    const { email, password } = await buyer(language);
    const page = await newPage(env, DESKTOP);
    await page.goto(path);
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    await page.getByLabel(form.email, { exact: true }).fill(email);
    await page.getByLabel(form.password, { exact: true }).fill(password);
    await page.getByRole("button", { name: form.button, exact: true }).click();
    return page;
  }

  test("on /de/login lands on /de/dashboard", async () => {
    const page = await signInOn("/de/login", { email: "E-Mail", password: "Passwort", button: "Anmelden" }, "en");
    await page.waitForURL((url) => url.pathname === "/de/dashboard");
    await page.getByRole("tab", { name: "Übersicht" }).waitFor();
  });

  test("on the English login page lands on the dashboard in the account's language", async () => {
    const page = await signInOn("/login", ENGLISH_FORM, "es");
    await page.waitForURL((url) => url.pathname === "/es/dashboard");
    await page.getByRole("tab", { name: "Resumen" }).waitFor();
    expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("es");
  });

  test("an English account signing in on the English page stays in English", async () => {
    const page = await signInOn("/login", ENGLISH_FORM, "en");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("tab", { name: "Overview" }).waitFor();
  });
});

describe("the support ticket page", () => {
  /** Writes to support as `email` with a subject; answers the ticket page's path from the e-mailed link. */
  async function ticketLink(email: string) {
    expect(
      (await api(env, "POST", "/api/support/tickets", { email, subject: "billing", message: "Mein Schlüssel fehlt." }))
        .status,
    ).toBe(200);
    const [sent] = await env.server.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.template, "support-received"), eq(emails.to, email)));
    const url = new URL(sent!.payload.ticketUrl as string);
    return `${url.pathname}${url.search}`;
  }

  test("in German: the thread, its dates, the answer form and its check, and a link that matches no ticket", async () => {
    const link = await ticketLink(`ticket-${Math.random().toString(36).slice(2, 8)}@example.com`);
    const page = await newPage(env, DESKTOP);
    await page.goto(`/de${link}`);
    await page.getByRole("heading", { level: 1, name: /^Ticket / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.title()).toBe("Support-Ticket | Layerlift");
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    await page.getByText("Offen", { exact: true }).waitFor();
    await page.getByText(GERMAN_DATE).first().waitFor();
    await page.getByText(/^Abrechnung · Gesendet am/).waitFor();
    await page.getByRole("list", { name: "Nachrichten" }).getByText("Mein Schlüssel fehlt.").waitFor();
    await page.getByRole("button", { name: "Antwort senden" }).click();
    await page.getByText("Schreib zuerst deine Antwort").waitFor();
    await expectNoEnglish(page.locator("main"));
    for (const piece of ["We answer within", "This link works until", "Messages"])
      expect(await page.locator("main").innerText()).not.toContain(piece);
    await shoot(page, "ticket-de-1280");
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, "ticket-de-390");

    await page.goto(`/de${link.slice(0, -2)}xx`);
    await page.getByRole("heading", { level: 1, name: "Ticket nicht gefunden" }).waitFor();
    await page.getByText("Dieser Link passt zu keinem Ticket.", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Zum Support" }).waitFor();
  });
});
