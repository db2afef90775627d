/**
 * The refund link page (the product-key e-mail's /refund?key=…) in the reader's language, in a real browser
 * through the real server: a German buyer refunds a purchase with German words, money and dates; the refusals
 * (a partly refunded purchase, a key on an account) are said in German with their ways on; a failure's toast
 * and the screen-reader names of the toasts are German; the Brazilian page fits 390 px; no English sentence of
 * the page is left in another language. Also the checkout's country list in German, named and sorted in German.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { productKeys, sales } from "../../src/db/schema";
import { recordPartialRefund } from "../../src/features/refunds/record";
import english from "../../src/shared/locales/en.json";
import german from "../../src/shared/locales/de.json";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { startTestServer, type TestServer } from "../support/server";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

const suite = browserSuite();

async function call(server: TestServer, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as any;
}

let count = 0;
/** Buys the month plan with the demo card and doesn't sign up: only the e-mail's refund link can refund it. */
async function guestPurchase(server = suite.server, more: Record<string, unknown> = {}) {
  const email = `guest-lang${++count}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const intent = await call(server, "/api/create-payment-intent", { plan: "month", email, ...more });
  await call(server, "/api/payment/demo/confirm", { clientSecret: intent.clientSecret });
  const sale = (await server.deps.db.select().from(sales).where(eq(sales.email, email)).limit(1))[0]!;
  const [key] = await server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1);
  return { email, sale, key: key!.key };
}

const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await suite.page(viewport);
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await hydrated(page);
  return page;
}

const fitsTheScreen = (page: Page, width: number) =>
  page.evaluate((limit) => document.documentElement.scrollWidth <= limit, width);

/** The page's English sentences: each refund message's words between its parameters and marked parts. */
const ENGLISH_SENTENCES = Object.entries(english)
  .filter(([id]) => id.startsWith("refund."))
  .flatMap(([, text]) => text.split(/\{[^}]*\}|<\/?\d>/))
  .map((part) => part.trim())
  .filter((part) => part.split(/\s+/).length >= 3);

/** What <main> says, with the names and labels a reader does not see at once. */
async function mainText(page: Page): Promise<string> {
  const main = page.getByRole("main");
  const labels = await main.evaluate((root) =>
    [...root.querySelectorAll("[aria-label],[title],[placeholder]")].flatMap((element) =>
      ["aria-label", "title", "placeholder"].map((name) => element.getAttribute(name) ?? ""),
    ),
  );
  return `${await main.innerText()} ${labels.join(" ")}`.replace(/\s+/g, " ");
}

describe("the refund link page in German", () => {
  test("a guest refunds a purchase in German: words, money, dates, the dialog and the answer", async () => {
    const guest = await guestPurchase();
    const page = await open(`/de/refund?key=${guest.key}`);
    await page.getByRole("heading", { level: 1, name: "Kauf erstatten lassen" }).waitFor();
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    expect(await page.locator("main").getAttribute("lang")).toBeNull();
    expect(await page.title()).toContain("Erstattung");
    await page.getByText("Der Plan 1 Month Subscription, mit dem du deinen Produktschlüssel bekommen hast.").waitFor();

    const day = (ms: number) => new Intl.DateTimeFormat("de", { dateStyle: "long" }).format(new Date(ms));
    const price = new Intl.NumberFormat("de", { style: "currency", currency: "USD" }).format(6.99);
    const until = guest.sale.createdAt + suite.server.deps.config.refundWindowDays * 24 * 60 * 60 * 1000;
    await page.getByText(`Du kannst ihn bis zum ${day(until)} erstatten lassen.`).waitFor();
    const text = await mainText(page);
    const summary = `1 Month Subscription, ${price}, gekauft am ${day(guest.sale.createdAt)}.`;
    expect(text).toContain(summary.replace(/\s+/g, " "));
    expect(ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence))).toEqual([]);
    await shoot(page, "language-de-refund-1280");

    await page.getByRole("button", { name: "Erstattung beantragen" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Diesen Kauf erstatten?" });
    await dialog.getByText(`${price} gehen sofort auf die Karte zurück`, { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Kauf behalten" }).waitFor();
    await shoot(page, "language-de-refund-dialog-1280", false);
    await dialog.getByRole("button", { name: "Kauf erstatten" }).click();
    await page
      .getByRole("status")
      .getByText("Dein Kauf wurde erstattet. Das Geld ist in 5–10 Tagen wieder auf deiner Karte.")
      .waitFor();
    const [sale] = await suite.server.deps.db.select().from(sales).where(eq(sales.id, guest.sale.id)).limit(1);
    expect(sale!.status).toBe("refunded");
  });

  test("a failure's toast, its close button and the notifications region speak German", async () => {
    const guest = await guestPurchase();
    const page = await open(`/de/refund?key=${guest.key}`, PHONE);
    await page.getByRole("region", { name: "Benachrichtigungen (F8)" }).waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Erstattung beantragen" }).click();
    // Refunded meanwhile (from the e-mail's link in another window): the page's request is refused, in German.
    await call(suite.server, "/api/refund-link", { key: guest.key });
    await page
      .getByRole("alertdialog", { name: "Diesen Kauf erstatten?" })
      .getByRole("button", { name: "Kauf erstatten" })
      .click();
    const toasts = page.getByRole("region", { name: "Benachrichtigungen (F8)" });
    await toasts.getByText("Erstattung fehlgeschlagen", { exact: true }).waitFor();
    await toasts.getByText("Dieser Kauf wurde bereits erstattet.").waitFor();
    await toasts.getByRole("button", { name: "Schließen" }).click();
    await toasts.getByText("Erstattung fehlgeschlagen", { exact: true }).waitFor({ state: "detached" });
  });

  test("a failure the server says nothing of (a proxy's bare 502) reads as the page's generic sentence", async () => {
    const guest = await guestPurchase();
    const page = await open(`/de/refund?key=${guest.key}`);
    await page.route("**/api/refund-link", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 502, body: "" }) : route.continue(),
    );
    await page.getByRole("button", { name: "Erstattung beantragen" }).click();
    await page
      .getByRole("alertdialog", { name: "Diesen Kauf erstatten?" })
      .getByRole("button", { name: "Kauf erstatten" })
      .click();
    const toasts = page.getByRole("region", { name: "Benachrichtigungen (F8)" });
    await toasts.getByText("Etwas ist schiefgelaufen. Bitte versuche es erneut.", { exact: true }).waitFor();
    expect(await toasts.getByText(/Status: 502/).count()).toBe(0);
  });

  test("refusals in German with their ways on: part refunded links support, a key on an account offers sign-in", async () => {
    const guest = await guestPurchase();
    await recordPartialRefund(suite.server.deps, guest.sale.paymentIntentId, 200);
    const page = await open(`/de/refund?key=${guest.key}`, PHONE);
    await page.getByText(/Ein Teil dieses Kaufs wurde bereits erstattet\./).waitFor();
    const support = page.getByRole("link", { name: "wende dich wegen des Rests an den Support" });
    expect(await support.getAttribute("href")).toBe("/de/support");
    await page.getByRole("link", { name: "Erstattungsrichtlinie" }).waitFor();
    expect(await fitsTheScreen(page, PHONE.width)).toBe(true);
    await shoot(page, "language-de-refund-partly-390");

    const owned = await guestPurchase();
    const signedUp = await call(suite.server, "/api/auth/signup", {
      email: owned.email,
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: owned.key,
    });
    await page.goto(`/de/refund?key=${owned.key}`);
    await page.getByText("Dieser Schlüssel gehört schon zu einem Konto.", { exact: false }).waitFor();
    // The same purchase partly refunded, in the account's German Purchases tab: the note links support too.
    await recordPartialRefund(suite.server.deps, owned.sale.paymentIntentId, 200);
    const dashboard = await suite.page(PHONE);
    await openSignedIn(dashboard, signedUp.token, "/de/dashboard?tab=purchases");
    const note = dashboard
      .getByRole("tabpanel")
      .getByRole("link", { name: "wende dich wegen des Rests an den Support" });
    expect(await note.getAttribute("href")).toBe("/de/support");
    await shoot(dashboard, "language-de-purchases-partly-390");
    await page.getByRole("link", { name: "Zum Erstatten anmelden" }).click();
    await page.waitForURL(/\/de\/login\?next=/);

    await page.goto("/de/refund?key=AAAAAAAAAAAA");
    await page.getByRole("alert").getByText("Dieser Erstattungslink passt zu keinem Kauf.", { exact: false }).waitFor();
    await page.goto("/de/refund");
    await page.getByText("Diese Seite braucht den Erstattungslink", { exact: false }).waitFor();
  });
});

describe("the refund link page when the reader switches language", () => {
  test("a refusal is asked for again in the new language: the server's sentence follows", async () => {
    const page = await open("/refund?key=AAAAAAAAAAAA");
    await page.getByRole("alert").getByText("This refund link doesn't match a purchase.", { exact: false }).waitFor();
    await page.getByRole("banner").getByLabel("Language").selectOption("de");
    await page.waitForURL(/\/de\/refund\?key=AAAAAAAAAAAA$/);
    await page.getByRole("alert").getByText("Dieser Erstattungslink passt zu keinem Kauf.", { exact: false }).waitFor();
  });
});

describe("the refund link page in the other languages", () => {
  test("Brazilian Portuguese at 390 px fits without scrolling sideways, in every state", async () => {
    const guest = await guestPurchase();
    const page = await open(`/pt-br/refund?key=${guest.key}`, PHONE);
    await page.getByRole("heading", { level: 1, name: "Reembolsar sua compra" }).waitFor();
    await page.getByRole("button", { name: "Pedir reembolso" }).waitFor();
    expect(await fitsTheScreen(page, PHONE.width)).toBe(true);
    await page.getByRole("button", { name: "Pedir reembolso" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reembolsar esta compra?" });
    await dialog.waitFor();
    expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await shoot(page, "language-pt-br-refund-dialog-390", false);
  });

  for (const prefix of ["pt-br", "es", "de", "fr"])
    test(`no English sentence of the page is left on /${prefix}/refund, before and after a refusal`, async () => {
      const guest = await guestPurchase();
      const page = await open(`/${prefix}/refund?key=${guest.key}`);
      await page.getByRole("main").getByRole("button").first().waitFor();
      const offered = await mainText(page);
      await recordPartialRefund(suite.server.deps, guest.sale.paymentIntentId, 100);
      await page.reload();
      await page
        .getByRole("main")
        .getByRole("link", { name: /support|suporte|soporte/i })
        .waitFor();
      const refused = await mainText(page);
      await page.goto(`/${prefix}/refund`);
      await hydrated(page);
      await page.getByRole("main").locator("p").first().waitFor();
      const withoutKey = await mainText(page);
      for (const text of [offered, refused, withoutKey])
        expect(ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence))).toEqual([]);
    });

  test("German and French at 1280 and 390 px", async () => {
    for (const prefix of ["de", "fr"])
      for (const viewport of [DESKTOP, PHONE]) {
        const guest = await guestPurchase();
        const page = await open(`/${prefix}/refund?key=${guest.key}`, viewport);
        await page.getByRole("main").getByRole("button").first().waitFor();
        expect(await fitsTheScreen(page, viewport.width)).toBe(true);
        await shoot(page, `language-${prefix}-refund-${viewport.width}`);
      }
  });
});

describe("the checkout's country list in German", () => {
  test("names every country in German, sorted as German sorts, and takes a German name", async () => {
    const taxed = await startTestServer({ env: { TAX: "demo" } });
    try {
      const page = await suite.page(DESKTOP, { server: taxed });
      await page.goto("/de/purchase");
      await hydrated(page);
      await page.getByLabel("E-Mail-Adresse").fill("land@example.com");
      await page.getByRole("button", { name: "Plan wählen: 4 Month Pro" }).click();
      const dialog = page.getByRole("dialog", { name: "Kauf abschließen" });
      const country = dialog.getByLabel("Rechnungsland");
      await country.waitFor();
      const names = await page
        .locator("#checkout-countries option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
      expect(names).toContain("Spanien");
      expect(names).toContain("Vereinigte Staaten");
      expect(names).not.toContain("Germany");
      expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
      expect(names.indexOf("Österreich")).toBeGreaterThan(names.indexOf("Oman"));
      expect(names.indexOf("Österreich")).toBeLessThan(names.indexOf("Pakistan"));
      await country.fill("Spanien");
      await dialog.getByText(german["checkout.country.hint"]).waitFor();
      expect(await dialog.getByText(german["checkout.country.hintUnknown"]).count()).toBe(0);
      await shoot(page, "language-de-country-picker-1280", false);
    } finally {
      await suite.closePages();
      await taxed.stop();
    }
  });
});
