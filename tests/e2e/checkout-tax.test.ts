/**
 * The purchase dialog with tax on (the demo rates): billing country from a searchable list (or typed in its own
 * language), a postal code for the US, the unticked consent to immediate supply for a buyer billed in the EU, the
 * breakdown (a sum that adds up) above the card form, a recalculation when the country changes, business details,
 * then payment. Screens at 1280 and 390 px in both themes go to SHOTS_DIR when it is set.
 * The admin's sales list links each invoice and credit note, and downloads the tax report.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { desc, eq } from "drizzle-orm";
import { creditNotes, sales } from "../../src/db/schema";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { recordPartialRefund } from "../../src/features/refunds/record";
import type { AuthResponse, PaymentIntentResponse } from "../../src/shared/api-types";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { LOOKS, showLook } from "../support/looks";
import { fieldDescription } from "./field-description";
import { shoot } from "./shots";
import { browserSuite } from "../support/browser-suite";
import { signUpOn } from "../support/server";
import { axeViolations, describeFindings } from "../support/axe";

setDefaultTimeout(90_000);

const suite = browserSuite({ env: { TAX: "demo", TAX_BEHAVIOR: "exclusive" } });

async function openDialog(page: Page, email: string) {
  await page.goto("/purchase");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.waitFor();
  return dialog;
}

describe("checkout with tax", () => {
  test("country → consent → breakdown → card form; a new country recalculates; business details; payment works", async () => {
    const page = await suite.page(DESKTOP);
    const intents: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-payment-intent")) intents.push(request.postData() ?? "");
    });
    const dialog = await openDialog(page, "tax-buyer@example.com");
    // No card form before the location is known.
    expect(await dialog.getByRole("button", { name: "Complete Payment" }).count()).toBe(0);
    await dialog.getByLabel("Billing country").fill("Deutschland");
    // Billed in the EU: nothing is asked of the server until the box is ticked.
    const consent = dialog.getByRole("checkbox", { name: /I want my product key right away/ });
    await consent.waitFor();
    expect(await consent.isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "Show total" }).click();
    await dialog.getByText("Please tick this box to go on").waitFor();
    expect(intents).toHaveLength(0);
    await consent.click();
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
    expect(intents.map((body) => JSON.parse(body).country)).toEqual(["DE", "US", "DE"]);
    // Each request carries the open payment, which the server cancels or gives back.
    expect(JSON.parse(intents[1]).previous?.paymentIntentId).toMatch(/^pi_demo_/);
    expect(intents.map((body) => JSON.parse(body).withdrawalConsent)).toEqual([true, true, true]);

    await dialog.getByRole("button", { name: "Buying for a business? Company and VAT ID" }).click();
    await dialog.getByLabel("Company name").fill("Beispiel GmbH");
    await dialog.getByLabel("Company address").fill("Hauptstr. 1\n10115 Berlin");
    await dialog.getByLabel("VAT / tax ID").fill("DE123");
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await dialog
      .getByRole("alert")
      .getByText("A VAT number from Germany has 9 characters after DE, like DE123456789; this one has 3.")
      .waitFor();
    await dialog.getByLabel("VAT / tax ID").fill("DE123456789");
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await breakdown.getByText("Reverse charge").waitFor();

    await dialog.getByLabel("VAT / tax ID").fill("");
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await breakdown.getByText("VAT 19 % (Germany)").waitFor();
    // Exclusive tax: the subtotal and the tax add up to the total.
    expect((await breakdown.innerText()).replace(/\s+/g, " ")).toBe(
      "Subtotal $24.99 VAT 19 % (Germany) demo rate $4.75 Total $29.74",
    );
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.waitForURL(/\/purchase\/success/);
    await page.getByText("Payment Successful").first().waitFor();
    const [sale] = await suite.server.deps.db.select().from(sales).orderBy(desc(sales.id)).limit(1);
    expect(sale).toMatchObject({
      amountCents: 2974,
      taxCents: 475,
      country: "DE",
      invoiceNumber: "LL-2026-000001",
      companyName: "Beispiel GmbH",
      companyAddress: "Hauptstr. 1\n10115 Berlin",
    });
    expect(sale.withdrawalConsentAt).not.toBeNull();
  });

  test("a US buyer without a postal code is asked for it, and nothing is sent; a French buyer sees a French VAT example", async () => {
    const page = await suite.page(PHONE);
    const intents: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-payment-intent")) intents.push(request.postData() ?? "");
    });
    const dialog = await openDialog(page, "postal@example.com");
    await dialog.getByLabel("Billing country").fill("United States");
    const postal = dialog.getByLabel("Postal code");
    await postal.waitFor();
    await dialog.getByRole("button", { name: "Show total" }).click();
    const message = "Please enter your postal code: the state or province tax depends on it.";
    await dialog.getByText(message).waitFor();
    expect(await fieldDescription(postal)).toContain(message);
    expect(await postal.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(intents).toHaveLength(0);
    await shoot(page, "checkout-postal-missing-390", false);
    await postal.fill("10001");
    expect(await dialog.getByText(message).count()).toBe(0);
    await dialog.getByRole("button", { name: "Show total" }).click();
    await dialog.getByLabel("Price breakdown").getByText("No tax collected").waitFor();

    await dialog.getByLabel("Billing country").fill("France");
    await dialog.getByRole("button", { name: "Buying for a business? Company and VAT ID" }).click();
    expect(await fieldDescription(dialog.getByLabel("VAT / tax ID"))).toContain("e.g. FR12345678901.");
    await dialog.getByLabel("VAT / tax ID").fill("FR12");
    await dialog.getByRole("checkbox", { name: /I want my product key right away/ }).click();
    await dialog.getByRole("button", { name: /^(Show|Update) total$/ }).click();
    await dialog
      .getByRole("alert")
      .getByText("A VAT number from France has 11 characters after FR, like FR12345678901; this one has 2.")
      .waitFor();
  });

  for (const { theme, size, viewport } of LOOKS) {
    test(`screen: the dialog with its breakdown at ${size} px, ${theme}`, async () => {
      // The dialog is filled in once and then looked at in each theme and width.
      const page = await suite.sharedPage("dialog with its breakdown", DESKTOP, async (opened) => {
        const dialog = await openDialog(opened, "screens@example.com");
        await dialog.getByLabel("Billing country").fill("Germany");
        await dialog.getByRole("checkbox", { name: /I want my product key right away/ }).click();
        await dialog.getByLabel("Price breakdown").getByText("VAT 19 % (Germany)").waitFor();
        await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
      });
      await showLook(page, { theme, viewport }); // the modal dialog makes the footer's theme menu inert
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      // The total to pay once the tax is known, said once, in the breakdown.
      await dialog.getByLabel("Price breakdown").getByText("$29.74").waitFor();
      const findings = await axeViolations(page);
      expect(findings, describeFindings(`checkout with tax, ${size} px ${theme}`, findings)).toEqual([]);
      await screenshot(page, `checkout-tax-${size}-${theme}`);
      await screenshot(page, `checkout-tax-${size}-${theme}-viewport`, { fullPage: false });
    });
  }
});

describe("renewing from the dashboard with tax", () => {
  test("Extend asks the billing country too, shows the breakdown, and the renewal is taxed and applied", async () => {
    const { deps } = suite.server;
    const email = "renew-tax@example.com";
    const signup = await signUpOn(suite.server, email, "month");
    const { token, user } = (await signup.json()) as AuthResponse;
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, token, "/dashboard?tab=subscription");
    await page
      .getByRole("tabpanel", { name: "Subscription" })
      .getByRole("button", { name: "Extend with 4 Month Pro" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByLabel("Billing country").fill("France");
    await dialog.getByRole("checkbox", { name: /I want my product key right away/ }).click();
    await dialog.getByLabel("Price breakdown").getByText("VAT 20 % (France)").waitFor();
    expect(await dialog.getByLabel("Price breakdown").innerText()).toContain("$29.99");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await dialog.waitFor({ state: "hidden" });
    const sale = (await deps.db.select().from(sales).where(eq(sales.email, email)).limit(1))[0]!;
    expect(sale).toMatchObject({ renewalUserId: user.id, amountCents: 2999, taxCents: 500, country: "FR" });
  });
});

describe("the admin's documents and tax report", () => {
  test("the sales list links each invoice and credit note as a PDF, and Tax report downloads the period's CSV", async () => {
    const { deps } = suite.server;
    await createOrPromoteAdmin(
      deps.db,
      { email: "tax-admin@example.com", password: "admin password" },
      deps.clock.now(),
    );
    const login = await fetch(`${suite.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "tax-admin@example.com", password: "admin password" }),
    });
    const token = ((await login.json()) as AuthResponse).token;
    const intent = await fetch(`${suite.server.url}/api/create-payment-intent`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan: "month", email: "docs@example.com", country: "NL", withdrawalConsent: true }),
    });
    const { clientSecret } = (await intent.json()) as PaymentIntentResponse;
    await fetch(`${suite.server.url}/api/payment/demo/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientSecret }),
    });
    const sale = (await deps.db.select().from(sales).where(eq(sales.email, "docs@example.com")).limit(1))[0]!;
    await recordPartialRefund(deps, sale.paymentIntentId, 100);
    const credit = (await deps.db.select().from(creditNotes).where(eq(creditNotes.saleId, sale.id)).limit(1))[0]!;

    const page = await suite.page(DESKTOP);
    await openSignedIn(page, token, "/admin");
    await page.getByRole("button", { name: "View all sales" }).click();
    const dialog = page.getByRole("region", { name: "Sales" }); // the Sales tab
    const invoice = dialog.getByRole("link", { name: `Invoice ${sale.invoiceNumber}` });
    const note = dialog.getByRole("link", { name: `Credit note ${credit.number}` });
    for (const link of [invoice, note]) {
      const response = await page.request.get((await link.getAttribute("href"))!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
    }
    await dialog.getByLabel("Report from").fill("2026-11-01");
    await dialog.getByLabel("Report to").fill("2026-11-30");
    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Tax report" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("layerlift-tax-2026-11-01-to-2026-11-30.csv");
    expect(await Bun.file((await download.path())!).text()).toContain("NL,Netherlands,VAT,21,standard_rated,USD,1,1,");
    await screenshot(page, "admin-sales-documents-1280", { fullPage: false });
    const phone = await suite.page(PHONE);
    await openSignedIn(phone, token, "/admin");
    await phone.getByRole("button", { name: "View all sales" }).click();
    await phone
      .getByRole("region", { name: "Sales" })
      .getByRole("link", { name: `Invoice ${sale.invoiceNumber}` })
      .waitFor();
    await screenshot(phone, "admin-sales-documents-390", { fullPage: false });
  });
});
