/**
 * Adding seats mid-term in a real browser (demo provider): a studio lead with five seats adds two at the price
 * prorated to the days left, shown with its arithmetic, and sees seven; a one-seat account finds Add seats too.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sales } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { signInAdminOn } from "../support/server";
import { checkEveryLook, classTheme } from "../support/looks";
import { api, dashboardSuite, newPage, signUp, toastText } from "./dashboard-helpers";
import { holdCheckoutCode } from "./held-checkout-code";

setDefaultTimeout(120_000);

const env = dashboardSuite();

/** Five seats of 4 Month Pro bought with the demo card and redeemed by a new account: its e-mail. */
async function studioWithFiveSeats(email: string) {
  const intent = await api(env, "POST", "/api/create-payment-intent", { plan: "pro", email, seats: 5 });
  const clientSecret = intent.body.clientSecret as string;
  await api(env, "POST", "/api/payment/demo/confirm", { clientSecret });
  const id = clientSecret.split("_secret_")[0]!;
  const query = new URLSearchParams({ payment_intent: id, payment_intent_client_secret: clientSecret });
  const result = await api(env, "GET", `/api/payment/success?${query}`);
  const signup = await api(env, "POST", "/api/auth/signup", {
    email,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: result.body.productKey,
  });
  expect(signup.status).toBe(200);
}

describe("Add seats", () => {
  test("a lead with five seats adds two mid-term at the prorated price shown, and seven are listed", async () => {
    const email = "adding-lead@studio.example";
    await studioWithFiveSeats(email);
    // 75 of the 120 days later: 45 left.
    env.server.clock.advance(75 * DAY);
    const login = await api(env, "POST", "/api/auth/login", { email, password: "correct horse" });
    const page = await newPage(env);
    await openSignedIn(page, login.body.token as string, "/dashboard?tab=plugin");
    await page
      .getByTestId("seats-used")
      .getByText(/of 5 in use/)
      .waitFor();

    await page.getByRole("button", { name: "Add seats" }).click();
    const dialog = page.getByRole("dialog", { name: "Add seats" });
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    expect(await dialog.getByLabel("Seats to add").inputValue()).toBe("1");
    await dialog.getByText("1 seat × $24.99 × 45/120 days = $9.37").waitFor();
    await dialog.getByText("You have 5 seats now.", { exact: false }).waitFor();

    await dialog.getByLabel("Seats to add").fill("2");
    await dialog.getByRole("button", { name: "Update total" }).click();
    await dialog.getByText("4 Month Pro — 2 added seats").waitFor();
    await dialog.getByText("2 seats × $24.99 × 45/120 days = $18.74").waitFor();
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    await checkEveryLook(page, "seats-add-dialog", classTheme(page), false);

    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await toastText(page, "Seats added").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page
      .getByTestId("seats-used")
      .getByText(/of 7 in use/)
      .waitFor();
    expect(await page.getByTestId("seat").count()).toBe(7);
    const [sale] = await env.server.deps.db.select().from(sales).where(eq(sales.kind, "added-seats"));
    expect(sale).toMatchObject({ email, seats: 2, amountCents: 1874, productKeyId: null });
    await checkEveryLook(page, "seats-added", classTheme(page));

    // The admin's Sales tab names the sale by what it added.
    const admin = await newPage(env);
    await openSignedIn(admin, await signInAdminOn(env.server), "/admin?tab=sales");
    await admin.getByRole("tabpanel", { name: "Sales" }).getByText("4 Month Pro — 2 added seats").first().waitFor();
    await checkEveryLook(admin, "seats-added-admin-sales", classTheme(admin), false);
    // Its refund speaks of the seats it added, not of a key it never had.
    await admin
      .getByRole("button", { name: `Refund the sale to ${email}` })
      .first()
      .click();
    const refund = admin.getByRole("alertdialog", { name: "Refund this sale?" });
    await refund.getByLabel("Amount to refund").fill("18.74");
    await refund.getByText("A full refund ends the seats this sale added, the newest first.").waitFor();
    await refund.getByLabel("Amount to refund").fill("5");
    await refund.getByText("A partial refund leaves the added seats working.").waitFor();
  });

  for (const viewport of [DESKTOP, PHONE])
    test(`Add seats pressed before the checkout's code has arrived stays busy until the dialog shows, ${viewport.width} px`, async () => {
      const user = await signUp(env, "pro");
      const page = await newPage(env, viewport);
      const chunk = await holdCheckoutCode(page);
      await openSignedIn(page, user.token, "/dashboard?tab=plugin");
      await page.getByText("Working with a team?", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Add seats" }).click();
      const dialog = page.getByRole("dialog", { name: "Add seats" });
      while (chunk.asked === 0) await Bun.sleep(20);
      // Whether the payment is still being made or made already, the button says it is opening until the dialog shows.
      await page.getByRole("button", { name: "Opening…" }).waitFor();
      await Bun.sleep(300);
      expect(await dialog.count()).toBe(0);
      expect(await page.getByRole("button", { name: "Opening…" }).count()).toBe(1);
      await screenshot(page, `seats-add-waiting-for-checkout-${viewport.width}`);

      chunk.release();
      await dialog.getByText("1 seat × $24.99 × 120/120 days = $24.99").waitFor();
      expect(await page.locator("button", { hasText: "Opening…" }).count()).toBe(0);
    });

  test("a one-seat account finds Add seats on its Plugin tab, and then has the seat list", async () => {
    const user = await signUp(env, "pro");
    const page = await newPage(env);
    await openSignedIn(page, user.token, "/dashboard?tab=plugin");
    await page.getByText("Working with a team?", { exact: false }).waitFor();
    await checkEveryLook(page, "seats-add-one-seat", classTheme(page));
    await page.getByRole("button", { name: "Add seats" }).click();
    const dialog = page.getByRole("dialog", { name: "Add seats" });
    await dialog.getByText("1 seat × $24.99 × 120/120 days = $24.99").waitFor();
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await toastText(page, "Seats added").waitFor();
    await page
      .getByTestId("seats-used")
      .getByText(/of 2 in use/)
      .waitFor();
  });
});
