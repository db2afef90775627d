/**
 * What a user does on the dashboard, in a real browser: cancel through the confirmation dialog,
 * generate and copy the plugin key, reset the linked account (and meet the cooldown), flip the
 * settings switches, redeem a key and write a review — with the product's toasts for success and failure.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema";
import { makeKey } from "../support/app";
import { PHONE, openSignedIn, screenshot } from "../support/browser";
import { fieldDescription } from "./field-description";
import { api, dashboardSuite, newPage, openTab, signUp, signUpLinked, toastText } from "./dashboard-helpers";

setDefaultTimeout(90_000);

const env = dashboardSuite();

const userRow = async (id: number) => (await env.server.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("cancel", () => {
  test("the dialog says cancelling is irreversible and access lasts to the period's end; confirming cancels", async () => {
    const user = await signUp(env, "month");
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Subscription");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(/irreversible/).waitFor();
    await dialog.getByText(/keep access until the end of your current period/).waitFor();
    await screenshot(page, "dashboard-cancel-dialog");
    await dialog.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await toastText(page, "Subscription Cancelled").waitFor();
    await page.getByRole("tabpanel", { name: "Subscription" }).getByText("Cancelled", { exact: true }).waitFor();
    const dashboard = await api(env, "GET", "/api/dashboard", undefined, user.token);
    expect(dashboard.body.subscription.status).toBe("cancelled");
  });

  test("keeping the subscription closes the dialog and changes nothing", async () => {
    const user = await signUp(env, "month");
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Subscription");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await page.getByRole("button", { name: "Keep Subscription" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "hidden" });
    expect((await api(env, "GET", "/api/dashboard", undefined, user.token)).body.subscription.status).toBe("active");
  });

  test("a failed cancel shows 'Error' - 'Failed to cancel subscription'", async () => {
    const user = await signUp(env, "month");
    const page = await newPage(env);
    await page.route("**/api/subscription/cancel", (route) => route.fulfill({ status: 500, body: "{}" }));
    await openSignedIn(page, user.token);
    await openTab(page, "Subscription");
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
    await toastText(page, "Error").waitFor();
    await toastText(page, "Failed to cancel subscription").waitFor();
  });
});

describe("plugin key", () => {
  test("'Generate Plugin Key' shows the new key with 'Key generated'", async () => {
    const user = await signUp(env);
    const page = await newPage(env, PHONE);
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByText("Not generated yet").waitFor();
    await page.getByRole("button", { name: "Generate Plugin Key" }).click();
    await toastText(page, "Key generated").waitFor();
    // The first key replaces nothing, so nothing "no longer works".
    await toastText(page, "Paste the key into the plugin.").waitFor();
    expect(await page.getByText(/no longer works/).count()).toBe(0);
    await page
      .getByTestId("plugin-key")
      .getByText(/^ll_[a-z2-7]{32}$/)
      .waitFor();
    expect(await page.getByTestId("plugin-key").textContent()).toBe((await userRow(user.userId)).pluginKey);
    // On one line at 390 px: a key broken mid-string is easy to copy half of.
    const lines = await page.getByTestId("plugin-key").evaluate((box) => {
      const range = document.createRange();
      range.selectNodeContents(box);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
  });

  test("a failed generation shows 'Failed' - 'Could not generate key'", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await page.route("**/api/figma/generate-key", (route) => route.fulfill({ status: 500, body: "{}" }));
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByRole("button", { name: "Generate Plugin Key" }).click();
    await toastText(page, "Could not generate key").waitFor();
    await toastText(page, "Failed").waitFor();
  });

  test("copy puts the key on the clipboard and shows 'Copied!' until it clears", async () => {
    const user = await signUpLinked(env);
    const page = await newPage(env);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByRole("button", { name: "Copy plugin key" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(user.pluginKey);
    await page.getByRole("button", { name: "Copy plugin key" }).waitFor();
  });
});

describe("linked account", () => {
  test("reset unlinks with 'Account reset'; a second reset inside the cooldown shows 'Cooldown active' - 'Try again in ~1440 min'", async () => {
    const user = await signUpLinked(env, "123");
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByText("Builder Man").waitFor();
    await page.getByRole("button", { name: "Reset Linked Account" }).click();
    // It asks first, naming the cooldown.
    const confirm = page.getByRole("alertdialog", { name: "Reset the linked account?" });
    await confirm.getByText("After a reset you can't reset again for 24 hours.", { exact: false }).waitFor();
    await screenshot(page, "dashboard-reset-confirm");
    await confirm.getByRole("button", { name: "Yes, reset it" }).click();
    await toastText(page, "Account reset").waitFor();
    await page.getByText(/No account linked yet/).waitFor();
    expect((await userRow(user.userId)).linkedRobloxAccountId).toBeNull();

    // The plugin links another account; resetting again is inside the 24-hour cooldown.
    expect((await api(env, "POST", "/api/plugin/validate", { key: user.pluginKey, robloxUserId: "456" })).status).toBe(
      200,
    );
    await page.reload();
    await openTab(page, "Plugin");
    await page.getByTestId("linked-id").getByText("456").waitFor();
    await page.getByRole("button", { name: "Reset Linked Account" }).click();
    await page.getByRole("button", { name: "Yes, reset it" }).click();
    await toastText(page, "Cooldown active").waitFor();
    await toastText(page, "Try again in ~1440 min").waitFor();
    await screenshot(page, "dashboard-reset-cooldown");
    expect((await userRow(user.userId)).linkedRobloxAccountId).toBe("456");
  });

  test("a failed reset shows 'Failed' - 'Could not reset linked account'", async () => {
    const user = await signUpLinked(env);
    const page = await newPage(env);
    await page.route("**/api/figma/reset-linked-account", (route) => route.fulfill({ status: 500, body: "{}" }));
    await openSignedIn(page, user.token);
    await openTab(page, "Plugin");
    await page.getByRole("button", { name: "Reset Linked Account" }).click();
    await page.getByRole("button", { name: "Yes, reset it" }).click();
    await toastText(page, "Could not reset linked account").waitFor();
  });

  test("when the profile service is down the ID still shows, with an initial for the avatar", async () => {
    const user = await signUpLinked(env, "777");
    env.fake.mode = "error";
    try {
      const page = await newPage(env);
      await openSignedIn(page, user.token);
      await openTab(page, "Plugin");
      await page.getByTestId("linked-id").getByText("777").waitFor();
      await page.getByTestId("linked-name").getByText("Roblox user").waitFor();
    } finally {
      env.fake.mode = "ok";
    }
  });
});

describe("settings", () => {
  test("flipping 'Email notifications' saves at once with 'Settings Updated'", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Settings");
    const notifications = page.getByRole("switch", { name: "Email notifications" });
    await notifications.click();
    await toastText(page, "Settings Updated").waitFor();
    expect(await notifications.getAttribute("aria-checked")).toBe("false");
    expect((await userRow(user.userId)).notifications).toBe(false);
  });

  test("flipping 'Auto-sync' is kept after a reload", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Settings");
    await page.getByRole("switch", { name: "Auto-sync" }).click();
    await toastText(page, "Settings Updated").waitFor();
    await page.reload();
    await openTab(page, "Settings");
    await page.locator('[role="switch"][aria-checked="false"]#setting-auto-sync').waitFor();
    expect((await userRow(user.userId)).autoSync).toBe(false);
  });

  test("a failed save shows 'Failed to update settings' and the switch goes back", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await page.route("**/api/user/settings", (route) => route.fulfill({ status: 500, body: "{}" }));
    await openSignedIn(page, user.token);
    await openTab(page, "Settings");
    const notifications = page.getByRole("switch", { name: "Email notifications" });
    await notifications.click();
    await toastText(page, "Failed to update settings").waitFor();
    expect(await notifications.getAttribute("aria-checked")).toBe("true");
  });

  test("'Sign Out' ends the session and goes to /login", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await openTab(page, "Settings");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

test("redeeming a key extends the subscription with 'Key Redeemed'", async () => {
  const user = await signUp(env, "month");
  const page = await newPage(env);
  await openSignedIn(page, user.token);
  await openTab(page, "Subscription");
  await page.getByLabel("Product key").fill(await makeKey(env.server.deps, "lifetime"));
  await page.getByRole("button", { name: "Redeem Key" }).click();
  await toastText(page, "Key Redeemed").waitFor();
  await page.getByText("Never (lifetime)").waitFor();
  await page.getByTestId("header-time-remaining").getByText("∞").waitFor();
});

test("a used key shows the server's reason", async () => {
  const user = await signUp(env, "month");
  const page = await newPage(env);
  await openSignedIn(page, user.token);
  await openTab(page, "Subscription");
  const used = await makeKey(env.server.deps, "month");
  await api(env, "POST", "/api/subscription/redeem", { productKey: used }, user.token);
  await page.getByLabel("Product key").fill(used);
  await page.getByRole("button", { name: "Redeem Key" }).click();
  await toastText(page, "This product key has already been used").waitFor();
  // Under the field too, tied to it.
  expect(await fieldDescription(page.getByLabel("Product key"))).toBe("This product key has already been used");
});

test("a subscriber writes a review on Overview and it appears in the public list", async () => {
  const user = await signUp(env);
  const page = await newPage(env);
  await openSignedIn(page, user.token);
  await page.getByRole("radio", { name: "4 stars" }).click();
  await page.getByLabel("Comment").fill("Imports in seconds.");
  await page.getByRole("button", { name: "Submit Review" }).click();
  await toastText(page, "Review saved").waitFor();
  await page.getByRole("button", { name: "Update Review" }).waitFor();
  const reviews = await api(env, "GET", "/api/reviews");
  expect(
    reviews.body.some(
      (r: { comment: string; rating: number }) => r.comment === "Imports in seconds." && r.rating === 4,
    ),
  ).toBe(true);
});

test("the review stars are a radio group: one Tab stop, and the arrow keys move the rating", async () => {
  const user = await signUp(env);
  const page = await newPage(env);
  await openSignedIn(page, user.token);
  const group = page.getByRole("radiogroup", { name: "Rating" });
  await group.waitFor();
  await page.getByRole("radio", { name: "1 star", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.getByRole("radio", { name: "3 stars", checked: true }).waitFor();
  await page.keyboard.press("ArrowLeft");
  await page.getByRole("radio", { name: "2 stars", checked: true }).waitFor();
  expect(await group.getByRole("radio", { checked: true }).count()).toBe(1);
  // Tab leaves the group for the next field, not the next star.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("review-comment");
  await page.getByLabel("Comment").fill("Keyboard only.");
  await page.getByRole("button", { name: "Submit Review" }).click();
  await toastText(page, "Review saved").waitFor();
  const reviews = await api(env, "GET", "/api/reviews");
  expect(
    reviews.body.some((r: { comment: string; rating: number }) => r.comment === "Keyboard only." && r.rating === 2),
  ).toBe(true);
});
