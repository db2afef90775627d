/**
 * Pages that show a sentence the server wrote, switched to another language with the header's switcher, in a real
 * browser through the real server: the payment result's refusal and the support ticket link's "expired" are said
 * again in the new language, never left in the one the page was first read in; a paid result, which has no such
 * sentence, keeps its key and is not asked for again.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { emails } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import english from "../../src/shared/locales/en.json";
import german from "../../src/shared/locales/de.json";
import { DESKTOP, PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { shoot } from "./shots";

setDefaultTimeout(120_000);

const suite = browserSuite();

async function post(path: string, body: unknown) {
  const response = await fetch(`${suite.server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById("root")!).length > 0);

/** The header's language switcher, labelled in the page's language. */
const switchTo = (page: Page, label: string, language: string) =>
  page.getByRole("banner").getByLabel(label).selectOption(language);

const NOT_SUCCEEDED = {
  en: english["api.PAYMENT_RESULT.notSucceeded"],
  de: german["api.PAYMENT_RESULT.notSucceeded"],
};

describe("a server's sentence after the language is switched", () => {
  for (const viewport of [DESKTOP, PHONE])
    test(`the payment result's refusal is said again in German at ${viewport.width} px`, async () => {
      // A payment started and never paid, opened as if the card provider had sent the buyer back.
      const intent = await post("/api/create-payment-intent", { plan: "month", email: "switch@example.com" });
      const id = (intent.clientSecret as string).split("_secret_")[0]!;
      const page = await suite.page(viewport);
      await page.goto(`/purchase/success?payment_intent=${id}&redirect_status=succeeded`);
      await page.getByText(NOT_SUCCEEDED.en).waitFor();
      await hydrated(page);
      if (viewport === PHONE) await page.getByRole("button", { name: "Open menu" }).click();
      await (viewport === PHONE
        ? page.getByRole("dialog").getByLabel("Language").selectOption("de")
        : switchTo(page, "Language", "de"));
      await page.waitForURL(
        (url) => url.pathname === "/de/purchase/success" && url.searchParams.get("payment_intent") === id,
      );
      await page.getByText(NOT_SUCCEEDED.de).waitFor();
      expect(await page.getByText(NOT_SUCCEEDED.en).count()).toBe(0);
      if (viewport === PHONE) await page.keyboard.press("Escape");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shoot(page, `language-switch-payment-result-${viewport.width}`);
    });

  test("a paid result keeps its key when switched to German, and the provider is not asked again", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/purchase");
    await page.getByLabel("Email address").fill("switch-paid@example.com");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    await page
      .getByRole("dialog", { name: "Complete Your Purchase" })
      .getByRole("button", { name: "Complete Payment" })
      .click();
    await page.getByRole("heading", { level: 1, name: english["paymentResult.successTitle"] }).waitFor();
    const key = await page.getByTestId("product-key").innerText();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/payment/success") asked.push(request.url());
    });
    await switchTo(page, "Language", "de");
    await page.waitForURL((url) => url.pathname === "/de/purchase/success");
    await page.getByRole("heading", { level: 1, name: german["paymentResult.successTitle"] }).waitFor();
    expect(await page.getByTestId("product-key").innerText()).toBe(key);
    expect(asked).toEqual([]);
  });

  test("an expired ticket link read in German says, switched to English, the server's English with the number", async () => {
    const email = `switch-ticket-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await post("/api/support/tickets", { email, subject: "billing", message: "Mein Schlüssel fehlt." });
    const [sent] = await suite.server.deps.db
      .select()
      .from(emails)
      .where(and(eq(emails.template, "support-received"), eq(emails.to, email)));
    const url = new URL(sent!.payload.ticketUrl as string);
    // Past the link's days: the server answers 410 with a sentence naming the ticket.
    suite.server.clock.advance((suite.server.deps.config.supportLinkDays + 1) * DAY);
    const page = await suite.page(DESKTOP);
    await page.goto(`/de${url.pathname}${url.search}`);
    await page.getByRole("heading", { level: 1, name: german["supportTicket.expired"] }).waitFor();
    await hydrated(page);
    await switchTo(page, "Sprache", "en");
    await page.waitForURL((address) => address.pathname === url.pathname);
    await page.getByRole("heading", { level: 1, name: english["supportTicket.expired"] }).waitFor();
    await page.getByText(/^This link has expired\. The newest e-mail about ticket #\d+ has one that works/).waitFor();
    expect(await page.getByText(german["supportTicket.expiredText"]).count()).toBe(0);
    expect(await page.getByRole("alert").innerText()).not.toMatch(/[äöüß]|Dieser|Ticket #\d+ enthält/);
  });
});
