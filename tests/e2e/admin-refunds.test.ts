/**
 * Refunding from the admin panel in a real browser (demo provider): Overview → View all sales (the Sales tab) →
 * Refund, first part of a sale, then the rest, with the confirmation dialog at desktop and phone width;
 * and the sales as a CSV download.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales } from "../../src/db/schema";
import type { PaymentIntentResponse } from "../../src/shared/api-types";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { postJson, signInAdminOn } from "../support/server";

// A whole refund journey takes 20 to 30 s on a busy two-core machine: the limit is for a hang, not for speed.
setDefaultTimeout(120_000);

const suite = browserSuite();
let adminToken: string;

const post = <T>(path: string, body: unknown) => postJson<T>(suite.server, path, body);

/** A real demo purchase of 4 Month Pro; answers the sale's id. */
async function buy(email: string) {
  const { clientSecret } = await post<PaymentIntentResponse>("/api/create-payment-intent", { plan: "pro", email });
  await post("/api/payment/demo/confirm", { clientSecret });
  return (await suite.server.deps.db.select().from(sales).where(eq(sales.email, email)).limit(1))[0]!;
}

beforeAll(async () => {
  adminToken = await signInAdminOn(suite.server);
});

async function openSales(viewport = DESKTOP) {
  const page = await suite.page(viewport);
  await openSignedIn(page, adminToken, "/admin");
  await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
  await page.getByRole("button", { name: "View all sales" }).click();
  await page.waitForURL("**/admin?tab=sales");
  return { page, table: page.getByRole("region", { name: "Sales" }).getByRole("table", { name: "All sales" }) };
}

/** A toast's text (toasts are list items; an open refund dialog hides the rest of the page from the accessibility tree). */
const toast = (page: Awaited<ReturnType<typeof openSales>>["page"], text: string) =>
  page.locator("li").getByText(text, { exact: false });

describe("refund from the sales list", () => {
  test("a partial refund keeps the key and shows what was refunded; refunding the rest deletes the unused key", async () => {
    const sale = await buy("refund-me@example.com");
    const { page, table } = await openSales();
    await table.getByRole("button", { name: "Refund the sale to refund-me@example.com" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Refund this sale?" });
    await dialog.getByText("4 Month Pro bought by refund-me@example.com for $24.99", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Refund $24.99" }).waitFor();
    // More than is left: the dialog says so once, and promises neither a partial nor a full refund.
    await dialog.getByLabel("Amount to refund").fill("30");
    await dialog.getByText("At most $24.99 is left to refund").waitFor();
    expect(await dialog.getByText("A partial refund leaves the key working.").count()).toBe(0);
    expect(await dialog.getByText("A full refund ends", { exact: false }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: /^Refund \$/ }).count()).toBe(0);
    await dialog.getByRole("button", { name: "Refund", exact: true }).click();
    await dialog.getByText("At most $24.99 is left to refund").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel("Amount to refund").fill("5.00");
    await dialog.getByText("A partial refund leaves the key working.").waitFor();
    await screenshot(page, "admin-refund-dialog");
    await dialog.getByRole("button", { name: "Refund $5.00" }).click();
    await toast(page, "$5.00 refunded to refund-me@example.com.").waitFor();
    await table.getByText("$5.00 refunded").waitFor();
    expect((await suite.server.deps.db.select().from(sales).where(eq(sales.id, sale.id)).limit(1))[0]).toMatchObject({
      status: "paid",
      refundedCents: 500,
    });
    expect(
      (await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1))[0],
    ).toBeDefined();

    await table.getByRole("button", { name: "Refund the sale to refund-me@example.com" }).click();
    await page
      .getByRole("alertdialog")
      .getByText("A full refund ends what this sale paid for", { exact: false })
      .waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Refund $19.99" }).click();
    await toast(page, "The sale is fully refunded.").waitFor();
    await table.getByText("Refunded", { exact: true }).waitFor();
    expect((await suite.server.deps.db.select().from(sales).where(eq(sales.id, sale.id)).limit(1))[0]!.status).toBe(
      "refunded",
    );
    expect(
      (await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1))[0],
    ).toBeUndefined();
  });

  // Every width from a phone to a desktop: the sales list changes from cards to a table at 1280 px.
  for (const width of [390, 800, 1024, 1280]) {
    test(`at ${width} px a refund badge and every column keep Download CSV, Tax report and each Refund in view`, async () => {
      const viewport = { width, height: 800 };
      const email = `a-rather-long-buyer-address-${width}@studio-with-a-long-name.example`;
      const sale = await buy(email);
      // The columns that made the table wide: a promotion code and tax (the invoice link comes with the purchase).
      await suite.server.deps.db
        .update(sales)
        .set({ promotionCode: "A-LONG-LAUNCH-CODE-2026", country: "DE", taxCents: 399 })
        .where(eq(sales.id, sale.id));
      const response = await fetch(`${suite.server.url}/api/admin/sales/${sale.id}/refund`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ amount: 5 }),
      });
      expect(response.status).toBe(200);
      const { page, table } = await openSales(viewport);
      await table.getByText("$5.00 refunded").first().waitFor();
      await table.getByText("A-LONG-LAUNCH-CODE-2026").first().waitFor();
      await table
        .getByRole("link", { name: /^Credit note / })
        .first()
        .waitFor();
      const section = page.getByRole("region", { name: "Sales" });
      const box = (await section.boundingBox())!;
      // Inside the tab and the window, and shown: nothing needs a sideways scroll to be reached.
      const inView = async (button: ReturnType<typeof section.getByRole>) => {
        await button.scrollIntoViewIfNeeded();
        const at = (await button.boundingBox())!;
        return {
          visible: await button.isVisible(),
          inSection: at.x >= box.x && at.x + at.width <= box.x + box.width,
          inWindow: at.x >= 0 && at.x + at.width <= width,
        };
      };
      const shown = { visible: true, inSection: true, inWindow: true };
      expect(await inView(section.getByRole("button", { name: "Download CSV" }))).toEqual(shown);
      expect(await inView(section.getByRole("button", { name: /^Tax report/ }))).toEqual(shown);
      const refunds = table.getByRole("button", { name: /^Refund the sale to / });
      expect(await refunds.count()).toBeGreaterThan(0);
      for (const refund of await refunds.all()) expect(await inView(refund)).toEqual(shown);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      // Nor does anything in the tab scroll sideways.
      const scrollsSideways = await section.evaluate((element) =>
        [element, ...element.querySelectorAll("*")]
          .filter(
            (e) => ["auto", "scroll"].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1,
          )
          .map((e) => e.className),
      );
      expect(scrollsSideways).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `admin-sales-refund-badge-${width}`);
    });
  }

  test("an answer lost on the way: Refund again in the same dialog refunds once; a new dialog is a new refund", async () => {
    const sale = await buy("lost-answer@example.com");
    const { page, table } = await openSales();
    const keys: Array<string | undefined> = [];
    page.on("request", (request) => {
      if (request.url().endsWith(`/api/admin/sales/${sale.id}/refund`)) keys.push(request.headers()["idempotency-key"]);
    });
    let loseNext = true;
    // The server makes the refund, but its answer never reaches the browser.
    await page.route(`**/api/admin/sales/${sale.id}/refund`, async (route) => {
      if (!loseNext) return route.continue();
      loseNext = false;
      await route.fetch();
      await route.abort("connectionreset");
    });
    const refundedCents = async () =>
      (await suite.server.deps.db.select().from(sales).where(eq(sales.id, sale.id)).limit(1))[0]!.refundedCents;

    await table.getByRole("button", { name: "Refund the sale to lost-answer@example.com" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Refund this sale?" });
    await dialog.getByLabel("Amount to refund").fill("1.00");
    await dialog.getByRole("button", { name: "Refund $1.00" }).click();
    await toast(page, "Could not reach the server").waitFor();
    expect(await refundedCents()).toBe(100);
    await dialog.getByRole("button", { name: "Refund $1.00" }).click();
    await toast(page, "$1.00 refunded to lost-answer@example.com.").waitFor();
    expect(await refundedCents()).toBe(100);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    await table.getByRole("button", { name: "Refund the sale to lost-answer@example.com" }).click();
    await page.getByRole("alertdialog").getByLabel("Amount to refund").fill("1.00");
    await page.getByRole("alertdialog").getByRole("button", { name: "Refund $1.00" }).click();
    await table.getByText("$2.00 refunded").waitFor();
    expect(await refundedCents()).toBe(200);
    expect(keys).toHaveLength(3);
    expect(keys[2]).toBeTruthy();
    expect(keys[2]).not.toBe(keys[0]);
  });

  test("the refund dialog fits a phone", async () => {
    await buy("phone-refund@example.com");
    const { page, table } = await openSales(PHONE);
    await table.getByRole("button", { name: "Refund the sale to phone-refund@example.com" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Refund this sale?" });
    await dialog.getByLabel("Amount to refund").fill("2.50");
    await screenshot(page, "admin-refund-dialog-phone");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  test("Download CSV saves the books under the server's file name", async () => {
    await buy("books@example.com");
    const { page } = await openSales();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^layerlift-sales-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await Bun.file((await download.path())!).text();
    expect(text.split("\r\n")[0]).toBe(
      "date,buyer,plan,status,gross,fee,refunded,disputed,net,currency,provider_id,promotion_code,discount,country,tax_id,tax,tax_rate,invoice_number,credit_note_number,withdrawal_consent_at,withdrawal_consent_version,seats,language",
    );
    expect(text).toContain("books@example.com,4 Month Pro,paid,24.99");
  });

  test("the Overview shows refunds and disputes beside revenue, and revenue by day as a chart for 30 or 90 days", async () => {
    await buy("chart@example.com");
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await suite.page(viewport);
      await openSignedIn(page, adminToken, "/admin");
      const figures = page.getByRole("region", { name: "Figures" });
      await figures.getByText("Refunds", { exact: true }).waitFor();
      await figures.getByText("Open Disputes", { exact: true }).waitFor();
      await page.getByRole("heading", { name: "Revenue by day" }).waitFor();
      await page.locator(".recharts-area").first().waitFor();
      expect(await page.locator(".recharts-area").count()).toBe(2);
      await page
        .getByTestId("revenue-summary")
        .getByText(/^Last 30 days: \$[\d,.]+ revenue from \d+ paid sales?, \$[\d,.-]+ net after fees\./)
        .waitFor();
      await page.getByRole("button", { name: "90 days" }).click();
      await page.getByRole("button", { name: "90 days", pressed: true }).waitFor();
      await page.getByText("Revenue by day, last 90 days").waitFor({ state: "attached" });
      await screenshot(page, viewport === DESKTOP ? "admin-revenue-chart" : "admin-revenue-chart-phone");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    }
  });
});
