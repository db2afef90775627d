/**
 * The checkout in the buyer's language, in a real browser with tax on (the demo rates): a German buyer on
 * /de/purchase goes through every step of the dialog in German (the country, the consent and its check, the
 * breakdown, the test card) to the result page with the key, and the sale keeps `de`; the Brazilian dialog fits a
 * 390 px screen; no English sentence of the dialog or the result page is left in another language's render.
 * Screens of the dialog in every language at 1280 and 390 px go to SHOTS_DIR when it is set.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { sales } from "../../src/db/schema";
import { LANGUAGES, localizedPath, type SiteLanguage } from "../../src/shared/languages";
import english from "../../src/shared/locales/en.json";
import { DESKTOP, PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

const suite = browserSuite({ env: { TAX: "demo" } });

const catalogues: Record<string, Record<string, string>> = {};
async function catalogue(language: SiteLanguage) {
  const info = LANGUAGES.find((l) => l.tag === language)!;
  catalogues[language] ??= info.catalogue ? (await info.catalogue()).default : english;
  return catalogues[language]!;
}

/**
 * The English sentences of these screens: each message's words between its parameters, where a part is long
 * enough to be a sentence of its own (a lone "Total" may be the same word in another language).
 */
function englishSentences(prefixes: string[]): string[] {
  return Object.entries(english)
    .filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix)))
    .flatMap(([, text]) => text.split(/\{[^}]*\}|<\/?\d>/))
    .map((part) => part.trim())
    .filter((part) => part.split(/\s+/).length >= 3);
}

async function noEnglishIn(where: Locator, prefixes: string[]) {
  const text = (await where.innerText()).replace(/\s+/g, " ");
  expect(englishSentences(prefixes).filter((sentence) => text.includes(sentence))).toEqual([]);
}

async function openDialog(page: Page, language: SiteLanguage, email: string) {
  const words = await catalogue(language);
  await page.goto(localizedPath(language, "/purchase"));
  await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0); // hydrated
  await page.getByLabel(words["purchase.email.label"]!).fill(email);
  await page.getByRole("button", { name: words["plan.chooseNamed"]!.replace("{name}", "4 Month Pro") }).click();
  const dialog = page.getByRole("dialog", { name: words["checkout.title"] });
  await dialog.waitFor();
  return { dialog, words };
}

/** Nothing on the page is wider than the screen: no sideways scrolling, in the page or in the dialog. */
async function fitsTheScreen(page: Page, dialog: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
}

describe("the checkout in the page's language", () => {
  test("a German buyer pays on /de/purchase with every step in German, sees the key on the German result page, and the sale keeps de", async () => {
    const page = await suite.page(DESKTOP);
    const intents: Record<string, unknown>[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-payment-intent")) intents.push(JSON.parse(request.postData() ?? "{}"));
    });
    const { dialog } = await openDialog(page, "de", "kaeufer@example.com");
    expect(await dialog.getByText("Gib den Namen des Landes ein").count()).toBe(0);
    await dialog.getByLabel("Rechnungsland").fill("Deutschland");
    const consent = dialog.getByRole("checkbox", { name: /Ich möchte meinen Produktschlüssel sofort/ });
    await consent.waitFor();
    await dialog.getByRole("button", { name: "Gesamtbetrag anzeigen" }).click();
    await dialog.getByText("Setze bitte hier den Haken, um fortzufahren").waitFor();
    await noEnglishIn(dialog, ["checkout."]);
    expect(intents).toHaveLength(0);

    await consent.click();
    const breakdown = dialog.getByLabel("Preisaufstellung");
    await breakdown.getByText("USt. 19 % (Deutschland)").waitFor();
    await breakdown.getByText("Demo-Steuersatz").waitFor();
    expect(await breakdown.innerText()).toMatch(/Gesamt\s+24,99\s\$/);
    await dialog.getByText("Testmodus – keine echte Abbuchung.").waitFor();
    await dialog.getByRole("link", { name: "Erstattungsrichtlinie" }).waitFor();
    await noEnglishIn(dialog, ["checkout."]);
    expect(intents.map((body) => body.language)).toEqual(["de"]);

    await dialog.getByRole("button", { name: "Zahlung abschließen" }).click();
    await page.waitForURL(/\/de\/purchase\/success\?/);
    await page.getByRole("heading", { level: 1, name: "Zahlung erfolgreich!" }).waitFor();
    await page.getByRole("heading", { name: "Dein Produktschlüssel" }).waitFor();
    const key = await page.getByTestId("product-key").innerText();
    expect(key.length).toBeGreaterThan(10);
    expect(await page.getByText(/Bezahlter Betrag: 24,99\s\$/).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await noEnglishIn(page.getByRole("main"), ["paymentResult.", "checkout."]);
    await shoot(page, "checkout-de-result-desktop");

    const [sale] = await suite.server.deps.db.select().from(sales).where(eq(sales.email, "kaeufer@example.com"));
    expect(sale).toMatchObject({ language: "de", country: "DE" });
    expect(sale!.withdrawalConsentAt).not.toBeNull();
  });

  test("the Brazilian dialog fits a 390 px screen, in Portuguese to the card form", async () => {
    const page = await suite.page(PHONE);
    const { dialog } = await openDialog(page, "pt-BR", "comprador@example.com");
    await dialog.getByLabel("País de cobrança").fill("Spain");
    await dialog.getByRole("checkbox", { name: /Quero minha chave de produto imediatamente/ }).click();
    await dialog.getByLabel("Detalhamento do preço").getByText("IVA 21 % (Espanha)").waitFor();
    await dialog.getByRole("button", { name: "Comprando para uma empresa? Empresa e ID fiscal" }).waitFor();
    await dialog.getByRole("button", { name: "Concluir pagamento" }).waitFor();
    await fitsTheScreen(page, dialog);
    await noEnglishIn(dialog, ["checkout."]);
    await shoot(page, "checkout-pt-BR-phone-card", false);
  });

  for (const { tag } of LANGUAGES)
    test(`the ${tag} dialog at 1280 and 390 px: no English left, nothing wider than the screen`, async () => {
      // Filled in once, then looked at in each width.
      const page = await suite.page(DESKTOP);
      const { dialog, words } = await openDialog(page, tag, `shots-${tag}@example.com`);
      await dialog.getByLabel(words["checkout.country.label"]!).fill("France");
      await dialog.getByRole("checkbox").click();
      await dialog.getByRole("button", { name: words["checkout.card.pay"] }).waitFor();
      await dialog.getByRole("button", { name: words["checkout.business.open"] }).click();
      for (const size of [DESKTOP, PHONE]) {
        await page.setViewportSize(size);
        if (size === PHONE) await fitsTheScreen(page, dialog);
        if (tag !== "en") await noEnglishIn(dialog, ["checkout."]);
        await shoot(page, `checkout-${tag}-${size === PHONE ? "phone" : "desktop"}`, false);
      }
    });
});
