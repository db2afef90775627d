/**
 * The support page, the setup guide and the confirmation link pages in the reader's language, in a real
 * browser through the real server: the German support page's FAQ (and its structured data, question for
 * question), the contact form's checks, toasts and refusal in German; the German guide's steps,
 * troubleshooting and links; an address confirmed from its e-mailed link in German, and a dead or incomplete
 * link; the Brazilian pages at 390 px without sideways scrolling, and no English sentence of their interface
 * left in any other language.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import type { Mailer } from "../../src/features/email/mailer";
import { signUpOn, startTestServer, type TestServer } from "../support/server";
import german from "../../src/shared/locales/de.json";
import { troubleshootingEntries } from "../../src/shared/troubleshooting-entries";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

/** Each address's address-confirmation link, as a path on the site, once the server has e-mailed it. */
const confirmLinks = new Map<string, { link: Promise<string>; arrived: (link: string) => void }>();
const confirmLinkTo = (to: string) => {
  if (!confirmLinks.has(to)) {
    let arrived = (_: string) => {};
    const link = new Promise<string>((resolve) => {
      arrived = resolve;
    });
    confirmLinks.set(to, { link, arrived });
  }
  return confirmLinks.get(to)!;
};
const mailer: Mailer = {
  name: "outbox",
  async send(email) {
    if (email.template === "address-confirm") {
      const url = new URL(email.payload.confirmUrl as string);
      confirmLinkTo(email.to).arrived(url.pathname + url.search);
    }
    return { id: `test-${email.outboxId}` };
  },
};

const suite = browserSuite({ overrides: { mailer } });

const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);

async function open(path: string, viewport = DESKTOP, server?: TestServer): Promise<Page> {
  const page = await suite.page(viewport, { server });
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await hydrated(page);
  return page;
}

/** The German toast region's text (Radix also announces toasts in a hidden copy, which this skips). */
const toastText = (page: Page, text: string) =>
  page.getByRole("region", { name: "Benachrichtigungen (F8)" }).getByText(text, { exact: true });

/**
 * Every sentence of the page's own content (<main>): its visible lines, each FAQ answer once opened, the
 * select's options, and the placeholders, labels and titles a reader does not see at once.
 */
async function screenSentences(page: Page): Promise<Set<string>> {
  const main = page.getByRole("main");
  const found = new Set<string>();
  const add = (text: string) => {
    for (const line of text.split("\n")) if (line.trim()) found.add(line.trim());
  };
  add(await main.innerText());
  const triggers = main.locator("[data-radix-collection-item][aria-expanded]");
  for (let i = 0; i < (await triggers.count()); i++) {
    await triggers.nth(i).click();
    await main.getByRole("region").first().waitFor();
    add(await main.getByRole("region").first().innerText());
  }
  for (const text of await main.evaluate((root) => [
    ...[...root.querySelectorAll("option")].map((option) => option.textContent ?? ""),
    ...[...root.querySelectorAll("[placeholder],[aria-label],[title]")].flatMap((element) =>
      ["placeholder", "aria-label", "title"].map((name) => element.getAttribute(name) ?? ""),
    ),
  ]))
    add(text);
  return found;
}

const englishSentences = new Map<string, Promise<Set<string>>>();

/** The English page's sentences (two words or more) that the other page still shows. */
async function englishLeft(path: string, prefix: string): Promise<string[]> {
  if (!englishSentences.has(path)) englishSentences.set(path, open(path).then(screenSentences));
  const english = await englishSentences.get(path)!;
  const other = await screenSentences(await open(`/${prefix}${path}`));
  return [...english].filter((sentence) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(sentence) && other.has(sentence));
}

/**
 * An FAQ answer once its panel has finished sliding open. While it slides, the panel clips its own content, so a
 * link inside is already laid out where the click goes but may not be what is under the pointer yet.
 */
async function openedPanel(page: Page, question: string) {
  const panel = page.getByRole("region", { name: question });
  await panel.waitFor();
  await panel.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  return panel;
}

describe("the support page in German", () => {
  test("heading, cards and the FAQ in German, and its JSON-LD asks the same questions", async () => {
    const page = await open("/de/support");
    await page.getByRole("heading", { level: 1, name: "Wie können wir helfen?" }).waitFor();
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    expect(await page.locator("main").getAttribute("lang")).toBeNull();
    await page.getByRole("link", { name: "Zur Community (öffnet in neuem Tab)" }).waitFor();
    await page.getByRole("heading", { name: "Häufige Fragen" }).waitFor();

    const questions = await page.locator("[data-radix-collection-item][aria-expanded]").allInnerTexts();
    expect(questions[0]).toBe("Wie installiere ich Layerlift?");
    const jsonLd = await page.evaluate(
      () => JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as any,
    );
    expect(jsonLd["@type"]).toBe("FAQPage");
    expect(jsonLd.mainEntity.map((entry: any) => entry.name)).toEqual(questions);

    await page.getByRole("button", { name: "Wie funktionieren Erstattungen?" }).click();
    const answer = page.getByRole("region", { name: "Wie funktionieren Erstattungen?" });
    await answer.getByText(/innerhalb von 7 Tagen nach dem Kauf/).waitFor();
    expect(await answer.innerText()).toContain(jsonLd.mainEntity[3].acceptedAnswer.text);
    await answer.getByRole("link", { name: "Zu den Erstattungsbedingungen" }).waitFor();
    await page.getByRole("button", { name: "Wie installiere ich Layerlift?" }).click();
    const install = await openedPanel(page, "Wie installiere ich Layerlift?");
    await install.getByRole("link", { name: "Zur Einrichtungsanleitung, Schritt für Schritt" }).click();
    await page.waitForURL("**/de/docs/getting-started");
  });

  test("the contact form: its checks, the German toast and the ticket's number", async () => {
    const page = await open("/de/support");
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await page.getByText("Gib deine E-Mail-Adresse ein").waitFor();
    await page.getByText("Schreib eine Nachricht").waitFor();
    await page.getByLabel("E-Mail", { exact: true }).fill("keine-adresse");
    await page.getByText("Gib eine gültige E-Mail-Adresse ein").waitFor();

    const email = `support-de-${Date.now()}@example.com`;
    await page.getByLabel("E-Mail", { exact: true }).fill(email);
    await page.getByLabel(/^Betreff/).selectOption({ label: "Fehlermeldung" });
    await page.getByLabel("Nachricht", { exact: true }).fill("Der Import verliert den Hover-Zustand.");
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await toastText(page, "Nachricht gesendet!").waitFor();
    await toastText(page, "Wir melden uns innerhalb von 24 Stunden bei dir.").waitFor();
    const notice = page.getByRole("status").filter({ hasText: /Nachricht gesendet: Ticket #\d+\./ });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(`Wir antworten an ${email} innerhalb von 24 Stunden`);
    expect(await page.getByLabel("Nachricht", { exact: true }).inputValue()).toBe("");
  });

  test("a refusal the page knows by its code is said in German, and the message is kept", async () => {
    const limited = await startTestServer({ rateLimits: true });
    try {
      for (let i = 0; i < 10; i++)
        await fetch(`${limited.url}/api/support/tickets`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "flood@example.com", message: `Message ${i}` }),
        });
      const page = await open("/de/support", DESKTOP, limited);
      await page.getByLabel("E-Mail", { exact: true }).fill("spaet@example.com");
      await page.getByLabel("Nachricht", { exact: true }).fill("Ist jemand da?");
      await page.getByRole("button", { name: "Nachricht senden" }).click();
      await toastText(page, "Nachricht nicht gesendet").waitFor();
      await toastText(
        page,
        "Zu viele Nachrichten gesendet. Bitte warte eine Minute und versuch es dann noch einmal.",
      ).waitFor();
      expect(await page.getByLabel("Nachricht", { exact: true }).inputValue()).toBe("Ist jemand da?");
    } finally {
      await suite.closePages();
      await limited.stop();
    }
  });
});

describe("the setup guide in German", () => {
  test("its steps, troubleshooting and links in German", async () => {
    const page = await open("/de/docs/getting-started");
    await page.getByRole("heading", { level: 1, name: "Erste Schritte" }).waitFor();
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 3, name: "Schritt 1: Finde deinen Produktschlüssel" }).waitFor();
    await main.getByRole("heading", { level: 3, name: "Schritt 6: Mach einen ersten Import" }).waitFor();
    expect(await main.getByRole("link", { name: "Kaufen", exact: true }).getAttribute("href")).toBe("/de/purchase");
    expect(await main.getByRole("link", { name: "der Tag _button" }).getAttribute("href")).toBe("/de/docs/button");
    await main.locator("code", { hasText: "Items_scroll" }).first().waitFor();

    const troubleshooting = page.getByRole("region", { name: "Fehlerbehebung" });
    const say = (id: string, values: Record<string, string | number> = {}) =>
      (german as Record<string, string>)[id]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    for (const entry of troubleshootingEntries(say)) {
      const title = entry.title.replace(/<\/?0>/g, "");
      await troubleshooting.getByRole("heading", { level: 3, name: title }).waitFor();
      for (const line of entry.fix) await troubleshooting.getByText(line, { exact: true }).waitFor();
    }
    expect(await troubleshooting.locator('h3 [lang="en"]', { hasText: "Your subscription has ended" }).count()).toBe(1);

    await page.getByRole("link", { name: "Zum Support" }).click();
    await page.waitForURL("**/de/support");
    await page.getByRole("heading", { level: 1, name: "Wie können wir helfen?" }).waitFor();
    await page.goBack();
    await page.getByRole("link", { name: "Zurück zur Dokumentation" }).waitFor();
  });
});

describe("the confirmation link pages in German", () => {
  test("an address confirmed from its e-mailed link, all in German", async () => {
    const email = `confirm-de-${Date.now()}@example.com`;
    expect((await signUpOn(suite.server, email)).status).toBe(200);
    const link = await confirmLinkTo(email).link;
    const page = await open(`/de${link}`);
    await page.getByRole("heading", { level: 1, name: "Bestätige deine E-Mail-Adresse" }).waitFor();
    expect(await page.getByText("Diese Seite gibt es nur auf Englisch.").count()).toBe(0);
    await page.getByRole("button", { name: "E-Mail bestätigen" }).click();
    await page.getByRole("heading", { level: 1, name: "E-Mail-Adresse bestätigt" }).waitFor();
    await page.getByRole("status").getByText(`${email} ist bestätigt.`, { exact: false }).waitFor();
    await page.getByRole("link", { name: "Zur Anmeldung" }).click();
    await page.waitForURL("**/de/login");
  });

  test("a dead link and a link without its token say so in German", async () => {
    const page = await open("/de/confirm-email?token=not-a-real-token", PHONE);
    await page.getByRole("heading", { level: 1, name: "Bestätige deine neue E-Mail-Adresse" }).waitFor();
    await page.getByRole("button", { name: "E-Mail bestätigen" }).click();
    await page.getByRole("heading", { level: 1, name: "Dieser Link funktioniert nicht mehr" }).waitFor();
    await page
      .getByRole("status")
      .getByText(/ungültig, abgelaufen oder wurde durch einen neueren ersetzt/)
      .waitFor();
    await page.getByRole("link", { name: "Zur Anmeldung" }).waitFor();
    await shoot(page, "language-de-confirm-email-dead-390", false);
    await page.goto("/de/confirm-address");
    await page.getByRole("heading", { level: 1, name: "Bestätigungslink unvollständig" }).waitFor();
    await page.getByRole("link", { name: "Dashboard öffnen" }).waitFor();
  });
});

describe("the pages in the other languages", () => {
  for (const path of [
    "/support",
    "/docs/getting-started",
    "/confirm-email?token=abc",
    "/confirm-address?token=abc",
    "/confirm-address",
  ])
    for (const prefix of ["de", "fr", "es", "pt-br"])
      test(`no English sentence of the interface is left on /${prefix}${path}`, async () => {
        expect(await englishLeft(path, prefix)).toEqual([]);
      });

  test("Brazilian Portuguese at 390 px fits without scrolling sideways", async () => {
    const page = await open("/pt-br/support", PHONE);
    await page.getByRole("heading", { level: 1, name: "Como podemos ajudar?" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto("/pt-br/docs/getting-started");
    await page.getByRole("heading", { level: 1, name: "Primeiros passos" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const path of ["/pt-br/confirm-email?token=abc", "/pt-br/confirm-address?token=abc", "/pt-br/confirm-email"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });

  for (const path of ["/support", "/docs/getting-started", "/confirm-address?token=abc"])
    test(`${path} in German and French at 1280 and 390 px`, async () => {
      for (const prefix of ["de", "fr"]) {
        // Loaded once, then looked at in each width.
        const page = await open(`/${prefix}${path}`);
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await shoot(page, `language-${prefix}${path.replace(/\?.*$/, "").replace(/\//g, "-")}-${viewport.width}`);
        }
      }
    });
});
