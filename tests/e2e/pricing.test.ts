/**
 * Prices and promotion codes in a real browser (demo provider): "Have a promotion code?" on /purchase,
 * /purchase?code=…, the discount line in the checkout dialog, a free order, Renew / Extend with a code,
 * and the admin panel's Plans and Promotion codes tabs. Screenshots go to SHOTS_DIR when it is set.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { promotionCodes, sales } from "../../src/db/schema";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import type { AuthResponse } from "../../src/shared/api-types";
import { makeKey } from "../support/app";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { postJson } from "../support/server";
import { axeViolations, describeFindings } from "../support/axe";

setDefaultTimeout(90_000);

const shoot = (page: Page, name: string) => screenshot(page, name);

const suite = browserSuite();
let adminToken: string;

const post = <T>(path: string, body: unknown, token?: string) => postJson<T>(suite.server, path, body, token);

beforeAll(async () => {
  const { db, clock } = suite.server.deps;
  await createOrPromoteAdmin(db, { email: "admin@example.com", password: "admin password" }, clock.now());
  adminToken = (await post<AuthResponse>("/api/auth/login", { email: "admin@example.com", password: "admin password" }))
    .token;
  await db.insert(promotionCodes).values([
    { code: "LAUNCH20", percentOff: 20, createdAt: clock.now() },
    { code: "GIFT", percentOff: 100, createdAt: clock.now() },
    { code: "PROONLY", amountOffCents: 500, plans: ["pro"], createdAt: clock.now() },
  ]);
});

async function open(path: string, viewport = DESKTOP) {
  const page = await suite.page(viewport);
  await page.goto(path);
  return page;
}

const card = (page: Page, name: string) => page.getByRole("group", { name });

describe("promotion codes on /purchase", () => {
  test("'Have a promotion code?' applies a code to the cards: the old price struck through, the code named", async () => {
    const page = await open("/purchase");
    const month = card(page, "1 Month Subscription");
    await month.getByText("30% OFF!").waitFor();
    await page.getByRole("button", { name: "Have a promotion code?" }).click();
    await page.getByLabel("Promotion code").fill("launch20");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/\/purchase\?code=LAUNCH20$/);
    await page.getByText("Promotion code applied. LAUNCH20 takes 20% off.").waitFor();
    // The list price's badge steps aside: it does not describe the code's price.
    await month.getByText("$5.59").waitFor();
    expect(await month.getByText("30% OFF!").count()).toBe(0);
    const pro = card(page, "4 Month Pro");
    await pro.getByText("$19.99").waitFor();
    await pro.getByText("was $24.99").waitFor();
    await pro.getByText("LAUNCH20 takes $5.00 off").waitFor();
    await card(page, "1 Month Subscription").getByText("$5.59").waitFor();
    expect(describeFindings("/purchase with a code", await axeViolations(page))).toBe("");
    await shoot(page, "purchase-code-applied-1280");

    await page.getByRole("button", { name: "Remove promotion code LAUNCH20" }).click();
    await page.waitForURL(/\/purchase$/);
    await pro.getByText("$24.99").waitFor();
    expect(await pro.getByText("LAUNCH20 takes $5.00 off").count()).toBe(0);
    await month.getByText("30% OFF!").waitFor();
  });

  test("in another language an applied code is named in the page's words, its percentage and amount in its forms", async () => {
    const german = await open("/de/purchase?code=LAUNCH20");
    await german.getByText("Rabattcode eingelöst. LAUNCH20 gibt 20 % Rabatt.").waitFor();
    const limited = await open("/pt-br/purchase?code=PROONLY");
    await limited.getByText("PROONLY dá US$ 5,00 de desconto em planos selecionados.").waitFor();
    expect(await limited.getByText(/takes|off/).count()).toBe(0);
  });

  test("a code that does not apply says why, and the prices stay", async () => {
    const page = await open("/purchase");
    await page.getByRole("button", { name: "Have a promotion code?" }).click();
    await page.getByLabel("Promotion code").fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("There is no promotion code NOPE. Please check how it is spelled.").waitFor();
    expect(await page.getByLabel("Promotion code").getAttribute("aria-invalid")).toBe("true");
    await card(page, "4 Month Pro").getByText("$24.99").waitFor();
  });

  for (const [width, viewport] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    test(`/purchase?code= arrives applied; the dialog shows the discount line and the payment is for the total (${width} px)`, async () => {
      const buyer = `dialog-${width}@example.com`;
      const page = await suite.page(viewport);
      const problems: string[] = [];
      page.on("console", (message) => {
        if (["error", "warning"].includes(message.type())) problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await page.goto("/purchase?code=launch20");
      await card(page, "4 Month Pro").getByText("LAUNCH20 takes $5.00 off").waitFor();
      await page.waitForLoadState("networkidle");
      // The server's HTML had the code applied; taking it over changed nothing (no hydration mismatch).
      expect(problems).toEqual([]);
      await shoot(page, `purchase-code-url-${width}`);
      await page.getByLabel("Email address").fill(buyer);
      await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      await dialog.getByText("Promotion code LAUNCH20").waitFor();
      await dialog.getByText("−$5.00").waitFor();
      await dialog.getByText("Total").waitFor();
      await dialog.getByText("$19.99").waitFor();
      expect(describeFindings("the dialog with a code", await axeViolations(page))).toBe("");
      await shoot(page, `purchase-dialog-discount-${width}`);
      await dialog.getByRole("button", { name: "Complete Payment" }).click();
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      const [sale] = await suite.server.deps.db.select().from(sales).where(eq(sales.email, buyer));
      expect([sale!.amountCents, sale!.promotionCode, sale!.discountCents]).toEqual([1999, "LAUNCH20", 500]);
    });
  }

  test("a code that makes the order free skips the card: the result page shows the key at once", async () => {
    const page = await open("/purchase?code=GIFT");
    await page.getByLabel("Email address").fill("free@example.com");
    await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
    await page.waitForURL(/\/purchase\/success\?payment_intent=free_/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    const [sale] = await suite.server.deps.db.select().from(sales).where(eq(sales.email, "free@example.com"));
    expect([sale!.amountCents, sale!.promotionCode]).toEqual([0, "GIFT"]);
    expect((await page.getByTestId("product-key").textContent())?.length).toBe(12);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("Renew / Extend with a code", () => {
  test("the dashboard's renewal takes a code and the dialog shows what it took off", async () => {
    const email = "renewer@example.com";
    const user = await post<AuthResponse>("/api/auth/signup", {
      email,
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: await makeKey(suite.server.deps, "month"),
    });
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, user.token, "/dashboard?tab=subscription");
    await page.getByLabel("Promotion code (optional)").fill("proonly");
    await page.getByRole("button", { name: "Extend with 4 Month Pro" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByText("Promotion code PROONLY").waitFor();
    await dialog.getByText("$19.99").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Extend with 1 Month Subscription" }).click();
    await page.getByText("The promotion code PROONLY is not for the 1 Month Subscription plan.").first().waitFor();
  });
});

async function openAdmin(viewport = DESKTOP) {
  const page = await suite.page(viewport);
  await openSignedIn(page, adminToken, "/admin");
  return page;
}

describe("admin panel", () => {
  test("Plans tab: the preview follows the form, a bad price is refused, a saved one is on /purchase at once", async () => {
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Plans" }).click();
    const pro = page.getByRole("group", { name: "4 Month Pro", exact: true }).first();
    await pro.getByLabel("Price (USD)", { exact: true }).fill("0.20");
    await pro.getByRole("button", { name: "Save 4 Month Pro" }).click();
    await pro.getByText("At least 0.50, in dollars and cents (e.g. 6.99).").waitFor();

    await pro.getByLabel("Price (USD)", { exact: true }).fill("19.99");
    await pro.getByLabel("Was price (USD)").fill("24.99");
    await pro.getByLabel("Badge").fill("Spring sale");
    const preview = pro.getByRole("figure");
    await preview.getByText("$19.99").waitFor();
    await preview.getByText("was $24.99").waitFor();
    await preview.getByText("Spring sale").waitFor();
    expect(describeFindings("the Plans tab", await axeViolations(page))).toBe("");
    await shoot(page, "admin-plans-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "admin-plans-390");
    await page.setViewportSize(DESKTOP);
    await pro.getByRole("button", { name: "Save 4 Month Pro" }).click();
    await page.getByText("4 Month Pro now costs $19.99.").first().waitFor();

    const buyer = await open("/purchase");
    await card(buyer, "4 Month Pro").getByText("$19.99").waitFor();
    await card(buyer, "4 Month Pro").getByText("Spring sale").waitFor();
    // Back to the launch price for the other tests.
    const reset = await fetch(`${suite.server.url}/api/admin/plans/pro`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ price: 24.99, compareAtPrice: null, badge: null }),
    });
    expect(reset.status).toBe(200);
  });

  test("Promotion codes tab: create a code, see its uses, turn it off", async () => {
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Promotion codes" }).click();
    await page.getByRole("button", { name: "New code" }).click();
    const dialog = page.getByRole("dialog", { name: "New promotion code" });
    await dialog.getByLabel("Code").fill("streamer-10");
    await dialog.getByLabel("Percent (1–100)").fill("150");
    await dialog.getByLabel("Ends (optional)").fill("2020-01-01T00:00");
    await dialog.getByRole("button", { name: "Create code" }).click();
    // Said at each field, in the admin's words, not the API's.
    await dialog.getByText("A whole percentage from 1 to 100.").waitFor();
    await dialog.getByText("The end must be in the future.").waitFor();
    expect(await dialog.getByText("percentOff").count()).toBe(0);
    // The date fields say which time zone they are read in, and stay inside the dialog.
    await dialog.getByLabel(/^Starts \(optional\), your time \(UTC[+−]\d\d:\d\d\)$/).waitFor();
    await dialog.getByLabel(/^Ends \(optional\), your time \(UTC[+−]\d\d:\d\d\)$/).waitFor();
    const edge = (await dialog.boundingBox())!;
    const ends = (await dialog.getByLabel("Ends (optional)").boundingBox())!;
    expect(ends.x + ends.width).toBeLessThanOrEqual(edge.x + edge.width);
    await dialog.getByLabel("Percent (1–100)").fill("10");
    await dialog.getByLabel("Ends (optional)").fill("2099-01-01T00:00");
    await dialog.getByLabel("Maximum uses (optional)").fill("25");
    await dialog.getByLabel("1 Month Subscription").click();
    await dialog.getByLabel("Once per buyer (per e-mail address)").click();
    await dialog.getByRole("button", { name: "Create code" }).click();
    const table = page.getByRole("table", { name: "Promotion codes" });
    await table.getByText("STREAMER-10").waitFor();
    // Opened again, the form is empty: nothing of the last code is left ticked.
    await page.getByRole("button", { name: "New code" }).click();
    expect(await dialog.getByLabel("Code").inputValue()).toBe("");
    expect(await dialog.getByRole("checkbox", { name: "1 Month Subscription" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(
      await dialog.getByRole("checkbox", { name: "Once per buyer (per e-mail address)" }).getAttribute("aria-checked"),
    ).toBe("false");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await table.getByText("0 of 25").waitFor();
    // LAUNCH20 was used twice by the purchase tests above: $5.00 off 24.99 each time.
    const launch = table.getByRole("row").filter({ hasText: "LAUNCH20" });
    await launch.getByText("$10.00").waitFor();
    await launch.getByText("$39.98").waitFor();
    expect(describeFindings("the Promotion codes tab", await axeViolations(page))).toBe("");
    await shoot(page, "admin-promotion-codes-1280");
    await page.setViewportSize(PHONE);
    await shoot(page, "admin-promotion-codes-390");
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Turn off STREAMER-10" }).click();
    await page.getByRole("button", { name: "Turn on STREAMER-10" }).waitFor();
    const [turnedOff] = await suite.server.deps.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.code, "STREAMER-10"));
    expect(turnedOff!.active).toBe(false);
  });
});
