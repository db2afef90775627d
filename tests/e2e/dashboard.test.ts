/**
 * The dashboard in a real browser: every tab at desktop and phone width, the header (plan badge,
 * live clock, time remaining, progress bar, Admin Panel) and the redirect for visitors.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { DAY } from "../../src/lib/clock";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { COMMUNITY_CHAT_URL } from "../../src/shared/product";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { axeViolations, describeFindings } from "../support/axe";
import { api, dashboardSuite, newPage, openTab, signUp, signUpLinked } from "./dashboard-helpers";

setDefaultTimeout(90_000);

const env = dashboardSuite();

for (const [width, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`at ${width} width`, () => {
    test("Overview shows the quick actions and the review form", async () => {
      const user = await signUp(env, "pro");
      const page = await newPage(env, viewport);
      await openSignedIn(page, user.token);
      await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
      const docs = page.getByRole("link", { name: "View Documentation" });
      expect(await docs.getAttribute("href")).toBe("/docs");
      const community = page.getByRole("link", { name: /Join Community/ });
      expect(await community.getAttribute("href")).toBe(COMMUNITY_CHAT_URL);
      expect(await community.getAttribute("target")).toBe("_blank");
      await page.getByRole("button", { name: "Submit Review" }).waitFor();
      await screenshot(page, `dashboard-overview-${width}`);
    });

    test("Subscription shows plan, status, time remaining and expiry date", async () => {
      const user = await signUp(env, "pro");
      const page = await newPage(env, viewport);
      await openSignedIn(page, user.token);
      await openTab(page, "Subscription");
      const panel = page.getByRole("tabpanel", { name: "Subscription" });
      // The plan's name is also one of the Renew / Extend choices.
      await panel.getByRole("definition").getByText("4 Month Pro", { exact: true }).waitFor();
      await panel.getByText("Active", { exact: true }).waitFor();
      await panel.getByText(/^\d+d \d+h \d+m \d+s$/).waitFor();
      await panel.getByText("March 1, 2027").waitFor();
      await panel.getByRole("button", { name: "Cancel Subscription" }).waitFor();
      await panel.getByRole("button", { name: "Redeem Key" }).waitFor();
      await screenshot(page, `dashboard-subscription-${width}`);
    });

    test("Plugin shows 'Not generated yet' before a key exists", async () => {
      const user = await signUp(env);
      const page = await newPage(env, viewport);
      await openSignedIn(page, user.token);
      await openTab(page, "Plugin");
      await page.getByText("Not generated yet").waitFor();
      await page.getByRole("button", { name: "Generate Plugin Key" }).waitFor();
      await page.getByText(/No account linked yet/).waitFor();
    });

    test("Plugin shows the key and the linked account's avatar, name and ID", async () => {
      const user = await signUpLinked(env, "123");
      const page = await newPage(env, viewport);
      await openSignedIn(page, user.token);
      await openTab(page, "Plugin");
      await page.getByText(user.pluginKey).waitFor();
      await page.getByText("Builder Man").waitFor();
      await page.getByText("@builderman").waitFor();
      await page.getByTestId("linked-id").getByText("123").waitFor();
      await page.getByRole("img", { name: "Avatar of Builder Man" }).waitFor();
      await page.getByRole("button", { name: "Reset Linked Account" }).waitFor();
      await screenshot(page, `dashboard-plugin-${width}`);
    });

    test("Settings shows both switches, the read-only e-mail and member since", async () => {
      const user = await signUp(env);
      const page = await newPage(env, viewport);
      await openSignedIn(page, user.token);
      await openTab(page, "Settings");
      expect(await page.getByRole("switch", { name: "Email notifications" }).getAttribute("aria-checked")).toBe("true");
      expect(await page.getByRole("switch", { name: "Auto-sync" }).getAttribute("aria-checked")).toBe("true");
      const email = page.getByRole("textbox", { name: "Email" });
      expect(await email.inputValue()).toBe(user.email);
      expect(await email.getAttribute("readonly")).not.toBeNull();
      await page.getByTestId("member-since").getByText("November 1, 2026").waitFor();
      await page.getByRole("button", { name: "Sign Out" }).waitFor();
      await page.getByText("Changes are saved as soon as you make them.").waitFor();
      // One behaviour: saved at once, so no Save button beside that sentence.
      expect(await page.getByRole("button", { name: /Save/ }).count()).toBe(0);
      await screenshot(page, `dashboard-settings-${width}`);
    });
  });
}

describe("header", () => {
  test("shows the e-mail, the plan badge and a clock that ticks", async () => {
    const user = await signUp(env, "month");
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await page.getByText(user.email).first().waitFor();
    await page.getByText("1 Month Subscription").first().waitFor();
    const clock = page.getByTestId("live-clock");
    const first = await clock.textContent();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="live-clock"]')?.textContent !== before,
      first,
    );
  });

  test("a month plan's progress bar is measured over 30 days", async () => {
    const user = await signUp(env, "month");
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    const bar = page.getByRole("progressbar", { name: "Time remaining" });
    await bar.waitFor();
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(95);
  });

  test("lifetime access shows ∞ and a full progress bar", async () => {
    const user = await signUp(env, "lifetime");
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await page.getByTestId("header-time-remaining").getByText("∞").waitFor();
    expect(await page.getByRole("progressbar", { name: "Time remaining" }).getAttribute("aria-valuenow")).toBe("100");
    // On the subscription tab the sign is seen, and a screen reader says "Unlimited" for it; axe faults nothing.
    await openTab(page, "Subscription");
    await page.locator(".sr-only", { hasText: "Unlimited" }).waitFor({ state: "attached" });
    expect(describeFindings("a lifetime subscription", await axeViolations(page))).toBe("");
  });

  test("an ended subscription shows 'Expired'", async () => {
    const user = await signUp(env, "month");
    env.server.clock.advance(31 * DAY);
    try {
      const login = await api(env, "POST", "/api/auth/login", { email: user.email, password: user.password });
      const page = await newPage(env);
      await openSignedIn(page, login.body.token);
      await page.getByTestId("header-time-remaining").getByText("Expired").waitFor();
    } finally {
      env.server.clock.advance(-31 * DAY);
    }
  });

  test("an admin without a subscription sees 'Admin Panel' and no plan", async () => {
    await createOrPromoteAdmin(
      env.server.deps.db,
      { email: "boss@example.com", password: "admin password" },
      env.server.clock.now(),
    );
    const login = await api(env, "POST", "/api/auth/login", { email: "boss@example.com", password: "admin password" });
    const page = await newPage(env);
    await openSignedIn(page, login.body.token);
    const adminLink = page.getByRole("link", { name: "Admin Panel" });
    expect(await adminLink.getAttribute("href")).toBe("/admin");
    await page.getByText("No plan").waitFor();
    await openTab(page, "Subscription");
    await page.getByText(/No subscription on this account yet/).waitFor();
  });

  test("a non-admin has no 'Admin Panel' button", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await page.getByText("4 Month Pro").first().waitFor();
    expect(await page.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
  });
});

test("a visitor without a session is sent to /login", async () => {
  const page = await newPage(env);
  await page.goto("/dashboard");
  await page.waitForURL("**/login");
});

describe("the open tab is in the address", () => {
  test("a tab sets ?tab=, and reload, Back and a shared link keep it", async () => {
    const user = await signUp(env);
    const page = await newPage(env);
    await openSignedIn(page, user.token);
    await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    await openTab(page, "Plugin");
    expect(new URL(page.url()).search).toBe("?tab=plugin");
    await openTab(page, "Settings");
    expect(new URL(page.url()).search).toBe("?tab=settings");
    await page.reload();
    await page.getByRole("tab", { name: "Settings", selected: true }).waitFor();
    await page.goBack();
    await page.getByRole("tab", { name: "Plugin", selected: true }).waitFor();
    await page.goBack();
    await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    expect(new URL(page.url()).search).toBe("");

    const shared = await newPage(env);
    await openSignedIn(shared, user.token, "/dashboard?tab=subscription");
    await shared.getByRole("tab", { name: "Subscription", selected: true }).waitFor();
    await shared.getByRole("tabpanel", { name: "Subscription" }).waitFor();
  });
});
