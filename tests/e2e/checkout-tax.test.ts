/**
 * The purchase dialog with tax on (the demo rates): billing country from a searchable list, a postal code for
 * the US, the breakdown above the card form, a recalculation when the country changes (and none when going
 * back to one already asked), then payment. Screens at 1280 and 390 px in both themes go to test-results/.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { sales } from "../../src/db/schema";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";

setDefaultTimeout(60_000);

const suite = browserSuite({ env: { TAX: "demo", TAX_BEHAVIOR: "exclusive" } });
mkdirSync("test-results", { recursive: true });

async function openDialog(page: Page, email: string) {
  await page.goto("/purchase");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.waitFor();
  return dialog;
}

describe("checkout with tax", () => {
  test("country → breakdown → card form; a new country recalculates, an earlier one is not asked again; payment works", async () => {
    const page = await suite.page(DESKTOP);
    const intents: string[] = [];
    page.on("request", (request) => { if (request.url().endsWith("/api/create-payment-intent")) intents.push(request.postData() ?? ""); });
    const dialog = await openDialog(page, "tax-buyer@example.com");
    // No card form before the location is known.
    expect(await dialog.getByRole("button", { name: "Complete Payment" }).count()).toBe(0);
    await dialog.getByLabel("Billing country").fill("Germany");
    const breakdown = dialog.getByLabel("Price breakdown");
    await breakdown.getByText("VAT 19 % (Germany)").waitFor();
    await breakdown.getByText("demo rate").waitFor();
    expect(await breakdown.innerText()).toContain("$29.74");
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();

    await dialog.getByLabel("Billing country").fill("United States");
    await dialog.getByLabel("Postal code").fill("10001");
    await dialog.getByRole("button", { name: "Update total" }).click();
    await breakdown.getByText("No tax collected").waitFor();
    expect(await breakdown.innerText()).toContain("$24.99");

    await dialog.getByLabel("Billing country").fill("Germany");
    await breakdown.getByText("VAT 19 % (Germany)").waitFor();
    expect(intents.map((body) => JSON.parse(body).country)).toEqual(["DE", "US"]);

    await dialog.getByRole("button", { name: "Buying for a business? VAT / tax ID" }).click();
    await dialog.getByLabel("VAT / tax ID").fill("DE123");
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await dialog.getByRole("alert").getByText("doesn't look like a VAT number").waitFor();
    await dialog.getByLabel("VAT / tax ID").fill("DE123456789");
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await breakdown.getByText("Reverse charge").waitFor();

    await dialog.getByLabel("VAT / tax ID").fill("");
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await breakdown.getByText("VAT 19 % (Germany)").waitFor();
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.waitForURL(/\/purchase\/success/);
    await page.getByText("Payment Successful").first().waitFor();
    const sale = suite.server.deps.db.select().from(sales).all().at(-1)!;
    expect(sale).toMatchObject({ amountCents: 2974, taxCents: 475, country: "DE", invoiceNumber: "LL-2026-000001" });
  });

  for (const [viewport, size] of [[DESKTOP, "1280"], [PHONE, "390"]] as const) {
    for (const theme of ["dark", "light"] as const) {
      test(`screen: the dialog with its breakdown at ${size} px, ${theme}`, async () => {
        const page = await suite.page(viewport);
        await page.goto("/purchase");
        await page.evaluate((t) => localStorage.setItem("theme", t), theme);
        const dialog = await openDialog(page, "screens@example.com");
        await dialog.getByLabel("Billing country").fill("Germany");
        await dialog.getByLabel("Price breakdown").getByText("VAT 19 % (Germany)").waitFor();
        await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
        expect((await page.evaluate(() => document.documentElement.className)).includes("light")).toBe(theme === "light");
        // The header's price is the total to pay once the tax is known.
        await dialog.getByText("$29.74").first().waitFor();
        await screenshot(page, `checkout-tax-${size}-${theme}`);
        await page.screenshot({ path: `test-results/checkout-tax-${size}-${theme}-viewport.png` });
      });
    }
  }
});
