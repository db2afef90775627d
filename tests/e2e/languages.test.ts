/**
 * The languages in a real browser: the header's switcher shows the same page in German at /de/purchase,
 * a reload keeps it, links stay in German, the mobile menu switches too, the English page's offer takes
 * the visitor over (or goes away and stays away), a signed-in user's pick is their account's setting, and
 * the German and Brazilian pages pass axe in both themes at both widths.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { AuthResponse } from "../../src/shared/api-types";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { checkEveryLook, type Theme } from "../support/looks";
import { signUpOn } from "../support/server";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

const suite = browserSuite();

async function signUp() {
  const email = `lang-${Math.random().toString(36).slice(2, 10)}@example.com`;
  return (await (await signUpOn(suite.server, email)).json()) as AuthResponse;
}

const cookie = async (page: import("playwright-core").Page, name: string) =>
  (await page.context().cookies()).find((c) => c.name === name)?.value ?? null;

describe("visitors", () => {
  test("Deutsch in the header's switcher on /purchase gives /de/purchase in German, and a reload keeps it", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/purchase");
    await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0); // hydrated
    await page.getByRole("banner").getByLabel("Language").selectOption("de");
    await page.waitForURL("**/de/purchase");
    await page.getByRole("heading", { level: 1, name: "Wähle deinen Plan" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await page.title()).toBe("Kaufen | Layerlift");
    expect(await page.getByRole("button", { name: /^Plan wählen/ }).count()).toBeGreaterThan(0);
    expect(await page.getByText(/\d+,\d\d\s\$/).count()).toBeGreaterThan(0);
    expect(await cookie(page, "lang")).toBe("de");

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Wähle deinen Plan" }).waitFor();
    expect(await page.getByRole("banner").getByLabel("Sprache").inputValue()).toBe("de");
  });

  test("links keep the language, and the switcher keeps the page", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/de");
    await page.getByRole("heading", { level: 1, name: /Figma-Designs als/ }).waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    await page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: "Kaufen" }).click();
    await page.waitForURL("**/de/purchase");
    await page.getByRole("heading", { level: 1, name: "Wähle deinen Plan" }).waitFor();

    await page.getByRole("banner").getByLabel("Sprache").selectOption("fr");
    await page.waitForURL("**/fr/purchase");
    await page.getByRole("heading", { level: 1, name: "Choisissez votre formule" }).waitFor();
    await page.getByRole("banner").getByLabel("Langue").selectOption("en");
    await page.waitForURL((url) => url.pathname === "/purchase");
    await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
  });

  test("the mobile menu has the switcher too", async () => {
    const page = await suite.page(PHONE);
    await page.goto("/purchase");
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByLabel("Language").selectOption("pt-BR");
    await page.waitForURL("**/pt-br/purchase");
    await page.getByRole("heading", { level: 1, name: "Escolha seu plano" }).waitFor();
  });

  test("a German browser is offered the German page, not sent there; dismissed, the offer stays away", async () => {
    const page = await suite.page(DESKTOP);
    await page.context().setExtraHTTPHeaders({ "accept-language": "de-DE,de;q=0.9" });
    await page.goto("/purchase");
    expect(new URL(page.url()).pathname).toBe("/purchase");
    const offer = page.getByRole("complementary", { name: "Diese Seite gibt es auch auf Deutsch" });
    await offer.waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    await offer.getByRole("button", { name: "Nein, danke" }).click();
    await offer.waitFor({ state: "detached" });
    expect(await cookie(page, "lang_offer")).toBe("dismissed");
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
    expect(await page.locator("[data-language-offer]").count()).toBe(0);
  });

  test("the offer's link opens the same page in that language", async () => {
    const page = await suite.page(DESKTOP);
    await page.context().setExtraHTTPHeaders({ "accept-language": "es-MX,es;q=0.9" });
    await page.goto("/");
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    await page.getByRole("link", { name: "Leer en español" }).click();
    await page.waitForURL("**/es");
    await page.getByRole("heading", { level: 1, name: /Importa diseños de Figma/ }).waitFor();
  });

  test("a page not translated yet shows under the prefix in English, marked as such in the reader's language", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/de/docs/lock");
    await page.getByText("Diese Seite gibt es nur auf Englisch.").waitFor();
    expect(await page.locator("main").getAttribute("lang")).toBe("en");
    await page.getByRole("heading", { level: 1, name: "Aspect Ratio Constraint Tag" }).waitFor();
  });
});

describe("the sign-in pages in German", () => {
  test("login: its checks, a refusal and the forgot-password dialog, all in German", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/de/login");
    await page.getByRole("heading", { level: 1, name: "Willkommen zurück" }).waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByText("Gib deine E-Mail-Adresse ein").waitFor();
    await page.getByLabel("E-Mail", { exact: true }).fill("nobody-here@example.com");
    await page.getByLabel("Passwort", { exact: true }).fill("not the password");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/auth/login"));
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.locator("#login-password-error").getByText("E-Mail-Adresse oder Passwort falsch").waitFor();
    // The call asks for the server's sentences in the page's language, whatever the browser prefers.
    expect((await sent).headers()["accept-language"]).toBe("de");

    await page.getByRole("button", { name: "Passwort vergessen?" }).click();
    const dialog = page.getByRole("dialog", { name: "Setze dein Passwort zurück" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Schließen" }).waitFor();
    await dialog.getByRole("button", { name: "Link senden" }).click();
    await dialog
      .getByRole("status")
      .getByText(/Falls es zu dieser E-Mail-Adresse ein Konto gibt/)
      .waitFor();
    await page.setViewportSize(PHONE);
    await shoot(page, "language-de-forgot-password-390", false);
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole("button", { name: "Fertig" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  test("sign-up: its fields, checks and the lost-key dialog in German", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/de/signup");
    await page.getByRole("heading", { level: 1, name: "Erstelle dein Konto" }).waitFor();
    await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
    await page.getByLabel("Produktschlüssel").fill("ABC");
    await page.getByLabel("Passwort", { exact: true }).fill("short");
    await page.getByLabel("Passwort bestätigen").fill("other");
    await page.getByText("Die Passwörter stimmen nicht überein").waitFor();
    await page.getByRole("link", { name: "Nutzungsbedingungen" }).waitFor();
    await page.getByRole("button", { name: "Schlüssel nicht gefunden?" }).click();
    const dialog = page.getByRole("dialog", { name: "Finde deinen Produktschlüssel" });
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  test("password reset: the form, and the page without its link, in German", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/de/reset-password?token=abc");
    await page.getByRole("heading", { level: 1, name: "Wähle ein neues Passwort" }).waitFor();
    await page.getByLabel("Neues Passwort bestätigen").waitFor();
    await page.goto("/de/reset-password");
    await page.getByRole("heading", { level: 1, name: "Link unvollständig" }).waitFor();
    await page.getByRole("link", { name: "Zurück zur Anmeldung" }).click();
    await page.waitForURL("**/de/login");
  });
});

describe("every look passes axe", () => {
  const signIn = ["/login", "/signup", "/reset-password?token=abc"];
  const paths = ["/de", "/de/purchase", "/pt-br", "/pt-br/purchase"];
  for (const path of [...paths, ...signIn.flatMap((p) => [`/de${p}`, `/pt-br${p}`])]) {
    test(path, async () => {
      const page = await suite.page(DESKTOP);
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);
      const name = `language-${path.slice(1).replace(/\?.*$/, "").replace(/\//g, "-")}`;
      // The footer's theme menu, by its id: its label is in the page's language.
      await checkEveryLook(page, name, async (theme: Theme) => {
        await page.locator("#footer-theme").selectOption(theme);
        await page.waitForFunction((value) => document.documentElement.classList.contains(value), theme);
      });
    });
  }
});

describe("long words", () => {
  for (const width of [768, 1024, 1280, 390, 320]) {
    test(`the German and French headers and purchase pages fit ${width} px without scrolling sideways`, async () => {
      // Each page is loaded once and shared by the widths' tests, which resize it.
      let page: Page | undefined;
      for (const path of ["/de/purchase", "/fr/purchase", "/de"]) {
        page = await suite.sharedPage(path, { width, height: 900 }, async (opened) => {
          await opened.goto(path);
          await opened.getByRole("heading", { level: 1 }).waitFor();
        });
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const header = await page.getByRole("banner").boundingBox();
        expect(header!.height).toBeLessThanOrEqual(65);
      }
      await shoot(page!, `language-header-${width}`, false);
    });
  }
});

describe("the sign-in pages at 390 px", () => {
  test("in Brazilian Portuguese and German they fit without scrolling sideways", async () => {
    const page = await suite.page(PHONE);
    for (const path of ["/pt-br/login", "/pt-br/signup", "/pt-br/reset-password?token=abc", "/de/signup"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});

// After the looks: a signed-in user counts as active, and the home page's count then pulses without end.
describe("signed-in users", () => {
  test("the language picked in Settings is the account's, and the page follows it", async () => {
    const auth = await signUp();
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, auth.token, "/dashboard");
    await page.getByRole("tab", { name: "Settings" }).click();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/user/settings") && response.request().method() === "PUT",
    );
    await page.getByRole("tabpanel", { name: "Settings" }).getByLabel("Language").selectOption("de");
    expect((await saved).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === "/de/dashboard");
    const me = await fetch(`${suite.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${auth.token}` } });
    expect(((await me.json()) as AuthResponse).user.settings.language).toBe("de");

    await page.reload();
    await page.getByRole("tab", { name: "Einstellungen" }).click();
    expect(await page.getByRole("tabpanel", { name: "Einstellungen" }).getByLabel("Sprache").inputValue()).toBe("de");
    expect(await page.getByRole("banner").getByLabel("Sprache").inputValue()).toBe("de");
  });

  test("the header's switcher saves the signed-in user's language too", async () => {
    const auth = await signUp();
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, auth.token, "/purchase");
    await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/user/settings") && response.request().method() === "PUT",
    );
    await page.getByRole("banner").getByLabel("Language").selectOption("es");
    expect((await saved).status()).toBe(200);
    const me = await fetch(`${suite.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${auth.token}` } });
    expect(((await me.json()) as AuthResponse).user.settings.language).toBe("es");
  });
});
