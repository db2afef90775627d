/**
 * The payment result page in a real browser: its frame and skeleton come in the server's HTML (it
 * paints before any of the app's code runs), the product key stays on one line at 390 px, and a
 * refunded payment says so and links support instead of "Payment Error / Try Again".
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { sales } from "../../src/db/schema";
import { refundSale } from "../../src/features/refunds/sale-refund";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { axeViolations, describeFindings } from "../support/axe";
import { DESKTOP, PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";

setDefaultTimeout(60_000);

const suite = browserSuite();

/** Buys with the demo card form and waits for the result page's key; answers the sale's payment intent id. */
async function buy(page: Page, email: string): Promise<string> {
  await page.goto("/purchase");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
  await page
    .getByRole("dialog", { name: "Complete Your Purchase" })
    .getByRole("button", { name: "Complete Payment" })
    .click();
  await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
  await page.getByTestId("product-key").waitFor();
  return new URL(page.url()).searchParams.get("payment_intent")!;
}

describe("payment result page", () => {
  test("its frame and a titled skeleton are in the server's HTML, shown with no script at all", async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const response = await page.goto(
        `${suite.server.url}/purchase/success?payment_intent=pi_demo_x&payment_intent_client_secret=s&redirect_status=succeeded`,
      );
      expect(response!.status()).toBe(200);
      await page.getByRole("navigation").first().getByRole("link", { name: "Purchase" }).waitFor();
      await page.getByRole("heading", { level: 1, name: "Verifying your payment…" }).waitFor();
      expect(await page.locator('[aria-busy="true"]').count()).toBe(1);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      // The visitor's own result is never in the shared HTML.
      expect(await page.getByText("Invalid payment parameters").count()).toBe(0);
      expect(await page.getByText("Payment Successful!").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("with its code, the same page then shows the visitor's result", async () => {
    const page = await suite.page();
    await page.goto("/purchase/success?payment_intent=pi_demo_x&redirect_status=failed");
    await page.getByRole("heading", { level: 1, name: "Payment Error" }).waitFor();
    expect(await page.getByRole("heading", { name: "Verifying your payment…" }).count()).toBe(0);
  });

  test("at 390 px the product key stays on one line and inside its box", async () => {
    const page = await suite.page(PHONE);
    await buy(page, "narrow@example.com");
    const key = page.getByTestId("product-key");
    const layout = await key.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const box = element.getBoundingClientRect();
      return { lines: lines.size, overflows: element.scrollWidth > element.clientWidth, right: box.right };
    });
    expect(layout).toEqual({ lines: 1, overflows: false, right: expect.any(Number) });
    expect(layout.right).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole("button", { name: "Copy product key" }).waitFor();
  });

  test("a refunded payment says it was refunded and links support, not 'Payment Error / Try Again'", async () => {
    const page = await suite.page();
    const intentId = await buy(page, "refunded@example.com");
    const { deps } = suite.server;
    const adminId = (
      await createOrPromoteAdmin(
        deps.db,
        { email: "result-admin@example.com", password: "admin password" },
        deps.clock.now(),
      )
    ).user.id;
    const sale = (await deps.db.select().from(sales).where(eq(sales.paymentIntentId, intentId)).limit(1))[0]!;
    await refundSale(deps, { saleId: sale.id, actorUserId: adminId }, (refunded) => refunded);

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Payment Refunded" }).waitFor();
    await page.getByText("This payment was refunded, so it gives no product key", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("/support");
    expect(await page.getByRole("heading", { name: "Payment Error" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Try Again" }).count()).toBe(0);
    expect(await page.getByTestId("product-key").count()).toBe(0);
    const findings = await axeViolations(page);
    expect(findings.length ? describeFindings("refunded result", findings) : "").toBe("");
  });
});
