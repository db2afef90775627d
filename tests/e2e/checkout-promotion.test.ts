/**
 * A promotion code in a real browser: the buyer opens the purchase dialog with LAUNCH20 (3 uses, once per
 * buyer), closes it, opens it again, closes it, and pays on the third try. Nothing is refused along the way,
 * each close gives the use back at once, and the code ends with one use and nothing held. The promotion box
 * keeps the keyboard where it was when a code is applied with Enter.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { checkouts, demoPaymentIntents, promotionCodes, sales } from "../../src/db/schema";
import { listPromotionCodes } from "../../src/features/pricing/admin-codes";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { postJson } from "../support/server";
import { axeViolations, describeFindings } from "../support/axe";
import { shoot } from "./shots";

setDefaultTimeout(60_000);

const suite = browserSuite();

async function waitUntil(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`never happened: ${what}`);
}

async function choosePro(page: Page) {
  await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.waitFor();
  return dialog;
}

describe("a promotion code in the purchase dialog", () => {
  test("choose, close, choose, close, choose and pay: never refused, one use, nothing held", async () => {
    const { db } = suite.server.deps;
    const [code] = await db
      .insert(promotionCodes)
      .values({
        code: "LAUNCH20",
        percentOff: 20,
        maxRedemptions: 3,
        oncePerBuyer: true,
        createdAt: suite.server.deps.clock.now(),
      })
      .returning();
    const buyer = "walker@example.com";
    const open = () => db.select().from(checkouts).where(eq(checkouts.email, buyer)).orderBy(asc(checkouts.id));
    const page = await suite.page(DESKTOP);
    await page.goto("/purchase?code=LAUNCH20");
    await page.getByText("Promotion code applied.").waitFor();
    await page.getByLabel("Email address").fill(buyer);

    for (let round = 1; round <= 2; round++) {
      const dialog = await choosePro(page);
      await dialog.getByText("Promotion code LAUNCH20").waitFor();
      await dialog.getByText("$19.99").waitFor();
      await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
      if (round === 1) await screenshot(page, "checkout-promotion-dialog");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      // The close reached the server: the payment is cancelled and its use free again, at once.
      await waitUntil(async () => (await open()).every((c) => c.status === "released"), "the open payment released");
      const released = await open();
      expect(released).toHaveLength(round);
      const [intent] = await db
        .select()
        .from(demoPaymentIntents)
        .where(eq(demoPaymentIntents.id, released.at(-1)!.paymentIntentId!));
      expect(intent!.status).toBe("canceled");
    }
    expect(await page.getByText("already used").count()).toBe(0);

    const dialog = await choosePro(page);
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.waitForURL(/\/purchase\/success/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect((await listPromotionCodes(suite.server.deps)).find((c) => c.id === code!.id)).toMatchObject({
      uses: 1,
      reserved: 0,
    });
    // The result page says what was paid and links the invoice.
    await page.getByText("Amount paid").waitFor();
    await page.getByText("$19.99").first().waitFor();
    const invoice = page.getByRole("link", { name: /Download your invoice/ });
    const response = await page.request.get((await invoice.getAttribute("href"))!);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    await screenshot(page, "purchase-success-amount-invoice");
    await page.setViewportSize(PHONE);
    await screenshot(page, "purchase-success-amount-invoice-phone");
  });

  test("a once-per-buyer code this buyer already used: the dialog says so at the list price, and Remove the code pays it", async () => {
    const { db, clock } = suite.server.deps;
    await db
      .insert(promotionCodes)
      .values({ code: "ONCEONLY", percentOff: 20, oncePerBuyer: true, createdAt: clock.now() });
    const buyer = "returning@example.com";
    const first = await postJson<{ clientSecret: string }>(suite.server, "/api/create-payment-intent", {
      plan: "pro",
      email: buyer,
      promotionCode: "ONCEONLY",
    });
    await postJson(suite.server, "/api/payment/demo/confirm", { clientSecret: first.clientSecret });

    const page = await suite.page(PHONE);
    await page.goto("/purchase?code=ONCEONLY");
    await page.getByText("Promotion code applied.").waitFor();
    await page.getByLabel("Email address").fill(buyer);
    const dialog = await choosePro(page);
    const refusal = dialog.getByRole("alert").filter({ hasText: "You have already used the promotion code ONCEONLY" });
    await refusal.waitFor();
    // The price beside it is the one that can be paid, not the discount.
    expect(await dialog.getByText("Promotion code ONCEONLY", { exact: true }).count()).toBe(0);
    await dialog.getByText("$24.99").first().waitFor();
    expect(await dialog.getByRole("button", { name: "Continue to payment" }).count()).toBe(0);
    expect(describeFindings("refused code in the dialog", await axeViolations(page))).toBe("");
    await shoot(page, "checkout-code-used-before-390", false);
    await refusal.getByRole("button", { name: "Remove the code: pay $24.99" }).click();
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.waitForURL(/\/purchase\/success/);
    const bought = await db.select().from(sales).where(eq(sales.email, buyer)).orderBy(asc(sales.id));
    expect(bought.map((sale) => [sale.amountCents, sale.promotionCode])).toEqual([
      [1999, "ONCEONLY"],
      [2499, null],
    ]);
  });

  test("a payment taken over by another window says it continues there, not that it failed; the other window pays", async () => {
    const { db, clock } = suite.server.deps;
    await db
      .insert(promotionCodes)
      .values({ code: "TWOTABS", percentOff: 10, oncePerBuyer: true, createdAt: clock.now() });
    const buyer = "two-windows@example.com";
    const [first, second] = [await suite.page(DESKTOP), await suite.page(DESKTOP)];
    const dialogs = [];
    for (const page of [first, second]) {
      await page.goto("/purchase?code=TWOTABS");
      await page.getByText("Promotion code applied.").waitFor();
      await page.getByLabel("Email address").fill(buyer);
      const dialog = await choosePro(page);
      await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
      dialogs.push(dialog);
    }
    await dialogs[0]!.getByRole("button", { name: "Complete Payment" }).click();
    const alert = dialogs[0]!.getByRole("alert");
    await alert
      .getByText("This payment continues in another window, where you started it again.", { exact: false })
      .waitFor();
    expect(await alert.getByText("Payment failed", { exact: false }).count()).toBe(0);
    expect(await first.locator("li[data-state=open]").getByText("Payment Failed").count()).toBe(0);
    await alert.getByRole("button", { name: "Pay here instead" }).waitFor();
    expect(describeFindings("taken over", await axeViolations(first))).toBe("");
    await shoot(first, "checkout-taken-over-1280", false);

    await dialogs[1]!.getByRole("button", { name: "Complete Payment" }).click();
    await second.waitForURL(/\/purchase\/success/);
    expect((await db.select().from(sales).where(eq(sales.email, buyer))).map((sale) => sale.promotionCode)).toEqual([
      "TWOTABS",
    ]);
  });

  test("Enter in 'Have a promotion code?' applies it and keeps the keyboard there", async () => {
    const { db } = suite.server.deps;
    db.insert(promotionCodes)
      .values({ code: "ENTER10", percentOff: 10, createdAt: suite.server.deps.clock.now() })
      .run();
    const page = await suite.page(DESKTOP);
    await page.goto("/purchase");
    await page.getByRole("button", { name: "Have a promotion code?" }).click();
    const field = page.getByLabel("Promotion code");
    await field.fill("nope-code");
    await field.press("Enter");
    await page.getByText("There is no promotion code NOPE-CODE.", { exact: false }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("promotion-code");
    await field.fill("enter10");
    await field.press("Enter");
    await page.getByText("Promotion code applied.").waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Remove promotion code ENTER10",
    );
  });
});
