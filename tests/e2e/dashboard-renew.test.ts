/**
 * Renew / Extend from the dashboard in a real browser (demo provider), the confirmations before the
 * actions that can't be undone, and what the dashboard shows while it loads or has nothing linked.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales, subscriptions, users } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { api, dashboardSuite, newPage, openTab, signUp, signUpLinked, toastText } from "./dashboard-helpers";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { checkEveryLook, classTheme } from "../support/looks";
import { holdCheckoutCode } from "./held-checkout-code";

setDefaultTimeout(90_000);

const env = dashboardSuite();

const subscriptionOf = async (userId: number) =>
  (await env.server.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
const userRow = async (id: number) => (await env.server.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("Renew / Extend", () => {
  test("?tab=subscription opens the tab; paying for 4 Month Pro moves the end by 120 days with no key typed", async () => {
    const user = await signUp(env, "month");
    const endBefore = (await subscriptionOf(user.userId)).endDate!;
    const page = await newPage(env);
    await openSignedIn(page, user.token, "/dashboard?tab=subscription");
    const panel = page.getByRole("tabpanel", { name: "Subscription" });
    await panel.getByRole("heading", { name: "Renew / Extend" }).waitFor();
    await panel.getByRole("button", { name: "Extend with 4 Month Pro" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByText("$24.99").waitFor();
    await dialog.getByText("The plan is added to your account the moment the payment goes through.").waitFor();
    await screenshot(page, "dashboard-renew-dialog");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await toastText(page, "Subscription extended").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const after = await subscriptionOf(user.userId);
    expect(after.endDate).toBe(endBefore + 120 * DAY);
    const expiry = new Date(after.endDate!).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    await panel.getByText(expiry).waitFor();
    const [sale] = await env.server.deps.db.select().from(sales).where(eq(sales.renewalUserId, user.userId));
    const [key] = await env.server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale!.productKeyId!));
    expect(key!.usedByUserId).toBe(user.userId);
    await page.setViewportSize(PHONE);
    await screenshot(page, "dashboard-renew-phone");
  });

  for (const viewport of [DESKTOP, PHONE])
    test(`a plan chosen before the checkout's code has arrived stays busy until the dialog shows, ${viewport.width} px`, async () => {
      const user = await signUp(env, "month");
      const page = await newPage(env, viewport);
      const chunk = await holdCheckoutCode(page);
      await openSignedIn(page, user.token, "/dashboard?tab=subscription");
      const panel = page.getByRole("tabpanel", { name: "Subscription" });
      const extend = panel.getByRole("button", { name: "Extend with 4 Month Pro" });
      const paymentMade = page.waitForResponse("**/api/subscription/renew");
      await extend.click();
      expect((await paymentMade).status()).toBe(200);
      // The payment is made, the dialog's code still on its way: the chosen plan's button says so.
      await extend.getByText("Processing...").waitFor();
      await Bun.sleep(300);
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      expect(await dialog.count()).toBe(0);
      expect(await extend.textContent()).toBe("Processing...");
      await screenshot(page, `dashboard-renew-waiting-for-checkout-${viewport.width}`);

      chunk.release();
      await dialog.getByText("$24.99").waitFor();
      expect(await page.locator("button", { hasText: "Processing..." }).count()).toBe(0);
    });

  test("a studio renews with fewer seats: the dialog starts from its four, prices two, and the newest two end once paid", async () => {
    const { db, clock } = env.server.deps;
    const [bought] = await generateProductKeys(db, clock.now(), { plan: "pro", count: 1, source: "admin", seats: 4 });
    const email = "renewing-lead@studio.example";
    const signup = await api(env, "POST", "/api/auth/signup", {
      email,
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: bought!.key,
    });
    const token = signup.body.token as string;
    const seatList = (await api(env, "GET", "/api/seats", undefined, token)).body.seats as { id: number }[];
    const keys: string[] = [];
    for (const seat of seatList.slice(1))
      keys.push((await api(env, "POST", `/api/seats/${seat.id}/key`, undefined, token)).body.key as string);

    const page = await newPage(env);
    await openSignedIn(page, token, "/dashboard?tab=subscription");
    const panel = page.getByRole("tabpanel", { name: "Subscription" });
    await panel.getByRole("button", { name: "Extend with 4 Month Pro" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    expect(await dialog.getByLabel("Seats").inputValue()).toBe("4");
    await dialog.getByText("4 Month Pro × 4 seats").waitFor();
    await dialog.getByText("$99.96").waitFor();
    await dialog.getByText("You have 4 seats now. With fewer, the newest end once this is paid.").waitFor();

    await dialog.getByLabel("Seats").fill("2");
    await dialog.getByRole("button", { name: "Update total" }).click();
    await dialog.getByText("4 Month Pro × 2 seats").waitFor();
    await dialog.getByText("$49.98").waitFor();
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    await checkEveryLook(page, "dashboard-renew-seats", classTheme(page), false);
    // Nothing ends before the renewal is paid.
    expect((await api(env, "POST", "/api/plugin/validate", { key: keys[2]!, robloxUserId: "4" })).status).toBe(200);

    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await toastText(page, "Subscription extended").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await openTab(page, "Plugin");
    await page.getByTestId("seats-used").getByText("1 of 2 in use").waitFor();
    expect(await page.getByTestId("seat").count()).toBe(2);
    expect((await api(env, "POST", "/api/plugin/validate", { key: keys[0]!, robloxUserId: "2" })).status).toBe(200);
    for (const key of keys.slice(1)) {
      const ended = await api(env, "POST", "/api/plugin/validate", { key, robloxUserId: "3" });
      expect(ended).toMatchObject({ status: 403, body: { code: "SEAT_ENDED" } });
    }
    const [sale] = await env.server.deps.db.select().from(sales).where(eq(sales.email, email));
    expect(sale).toMatchObject({ seats: 2, amountCents: 4998 });
  });

  test("lifetime access has nothing to renew", async () => {
    const user = await signUp(env, "lifetime");
    const page = await newPage(env);
    await openSignedIn(page, user.token, "/dashboard?tab=subscription");
    await page.getByText("You have lifetime access: there is nothing to renew.").waitFor();
    expect(await page.getByRole("button", { name: /^(Extend|Renew) with/ }).count()).toBe(0);
  });
});

describe("actions that can't be undone ask first", () => {
  test("regenerating an existing plugin key asks; Cancel keeps the key, confirming replaces it", async () => {
    const user = await signUpLinked(env);
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByRole("button", { name: "Generate Plugin Key" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Regenerate plugin key?" });
    await confirm.getByText("The old key stops working at once.", { exact: false }).waitFor();
    await screenshot(page, "dashboard-regenerate-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect((await userRow(user.userId)).pluginKey).toBe(user.pluginKey);

    await page.getByRole("button", { name: "Generate Plugin Key" }).click();
    await page.getByRole("button", { name: "Regenerate key" }).click();
    await toastText(page, "Key generated").waitFor();
    await toastText(page, "Paste the new key into the plugin. The old key no longer works.").waitFor();
    expect((await userRow(user.userId)).pluginKey).not.toBe(user.pluginKey);
  });

  test("with nothing linked, the card says how linking happens, and Refresh shows a new link", async () => {
    const user = await signUp(env);
    const key = (await api(env, "POST", "/api/figma/generate-key", undefined, user.token)).body.figmaKey as string;
    const page = await newPage(env, PHONE);
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByText("Paste your plugin key into it.").waitFor();
    await screenshot(page, "dashboard-link-how-phone");
    expect((await api(env, "POST", "/api/plugin/validate", { key, robloxUserId: "123" })).status).toBe(200);
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByTestId("linked-id").getByText("123").waitFor();
  });

  test("while the dashboard loads, the Overview is a placeholder, not a review card saying 'Reviews are written by subscribers'", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/dashboard", async (route) => {
      await held;
      await route.continue();
    });
    await openSignedIn(page, user.token);
    await page
      .getByRole("tabpanel")
      .locator("[aria-busy=true]")
      .getByText("Loading your next steps")
      .waitFor({ state: "attached" });
    expect(await page.getByText("Reviews are written by subscribers").count()).toBe(0);
    release();
    await page.getByRole("button", { name: "Submit Review" }).waitFor();
  });
});

describe("a dashboard that can't be loaded", () => {
  test("says so with Try again, and never shows a subscriber as an account without a subscription", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    let failing = true;
    await page.route("**/api/dashboard", (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"UNAVAILABLE"}' })
        : route.continue(),
    );
    await openSignedIn(page, user.token);
    await page.getByText("Could not load your subscription").waitFor();
    for (const misleading of [
      "Redeem a product key",
      "No subscription on this account",
      "Reviews are written by subscribers.",
    ])
      expect(await page.getByText(misleading).count()).toBe(0);
    await openTab(page, "Subscription");
    expect(await page.getByText("No subscription on this account yet.").count()).toBe(0);
    failing = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByTestId("header-time-remaining").waitFor();
    expect(await page.getByText("Could not load your subscription").count()).toBe(0);
  });
});

describe("a subscription on hold", () => {
  test("while its payment is disputed, the dashboard says why and how to reach support, and the time stands still", async () => {
    const user = await signUp(env, "month");
    // The state a charge.dispute.created event leaves (tests/api/disputes.test.ts drives the event itself).
    await env.server.deps.db
      .update(subscriptions)
      .set({ suspendedAt: env.server.deps.clock.now() })
      .where(eq(subscriptions.userId, user.userId));
    const page = await newPage(env, PHONE);
    await openSignedIn(page, user.token);
    await page
      .getByText("Your subscription is on hold because its payment is disputed with your bank", { exact: false })
      .waitFor();
    expect(await page.getByRole("link", { name: "contact support" }).getAttribute("href")).toBe("/support");
    const remaining = await page.getByTestId("header-time-remaining").textContent();
    // Two ticks of the header's clock: the time remaining, which ticks as often, has had its turn too.
    const ticks = await page.getByTestId("live-clock").locator("time").getAttribute("datetime");
    await page.waitForFunction(
      (first) => {
        const holder = window as { seenTicks?: Set<string | null> };
        holder.seenTicks ??= new Set([first]);
        const seen = holder.seenTicks;
        seen.add(document.querySelector("[data-testid=live-clock] time")?.getAttribute("datetime") ?? null);
        return seen.size >= 3;
      },
      ticks,
      { polling: 100 },
    );
    expect(await page.getByTestId("header-time-remaining").textContent()).toBe(remaining);
    await openTab(page, "Subscription");
    await page.getByRole("tabpanel", { name: "Subscription" }).getByText("On hold", { exact: true }).waitFor();
    await screenshot(page, "dashboard-suspended-phone");
  });
});

describe("sign-up", () => {
  test("a key that isn't 12 characters gets a field message before any call", async () => {
    const page = await newPage(env);
    let calls = 0;
    await page.route("**/api/auth/signup", (route) => {
      calls++;
      return route.continue();
    });
    await page.goto("/signup?key=ABCD-2345&email=short%40example.com");
    expect(await page.getByLabel("Product key").inputValue()).toBe("ABCD2345");
    expect(await page.getByLabel("Email").inputValue()).toBe("short@example.com");
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByLabel("Confirm password").fill("correct horse");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("A product key has 12 letters and digits").waitFor();
    expect(calls).toBe(0);
  });
});
