/**
 * The setup guide in a real browser: its six steps and troubleshooting, the plugin's store page (or the
 * marked placeholder when PLUGIN_INSTALL_URL is unset), and every place that links to it: the /docs
 * index's first card, the FAQ's install answer, the dashboard's Plugin tab before a plugin key exists
 * and the payment result's "View Setup Guide". axe finds nothing on it in either theme or width.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { PLUGIN_TROUBLESHOOTING } from "../../src/shared/plugin-troubleshooting";
import { GUIDE_PATH } from "../../src/shared/routes";
import type { AuthResponse } from "../../src/shared/api-types";
import { axeViolations, describeFindings } from "../support/axe";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { startTestServer, type TestServer, signUpOn } from "../support/server";

setDefaultTimeout(120_000);

const STORE_PAGE = "https://create.roblox.com/store/asset/1234567890/Layerlift";

const suite = browserSuite();
/** A second server that has PLUGIN_INSTALL_URL, as production must. */
let configured: TestServer;
beforeAll(async () => {
  configured = await startTestServer({ env: { PLUGIN_INSTALL_URL: STORE_PAGE } });
});
afterAll(async () => {
  await suite.closePages();
  await configured?.stop();
});

async function openGuide(viewport = DESKTOP, server?: TestServer): Promise<Page> {
  const page = await suite.page(viewport, { server });
  await page.goto(GUIDE_PATH);
  await page.getByRole("heading", { level: 1, name: "Getting Started" }).waitFor();
  return page;
}

async function signUp(server: TestServer): Promise<string> {
  const email = `guide-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await signUpOn(server, email);
  expect(response.status).toBe(200);
  return ((await response.json()) as AuthResponse).token;
}

describe("the setup guide", () => {
  test("has its own title and description, six steps with the site's button names and a troubleshooting entry for each answer", async () => {
    const page = await openGuide();
    expect(await page.title()).toBe("Getting Started | Layerlift");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toStartWith(
      "Set up Layerlift in six steps",
    );
    const steps = await page.getByRole("heading", { level: 3 }).allTextContents();
    expect(steps.slice(0, 6)).toEqual([
      "Step 1: Find your product key",
      "Step 2: Create your account",
      "Step 3: Generate your plugin key",
      "Step 4: Install the plugin from its store page",
      "Step 5: Open it in Roblox Studio and paste the key",
      "Step 6: Make a first import",
    ]);
    const main = page.getByRole("main");
    for (const name of [
      "Payment Successful!",
      "Create your account",
      "Create Account",
      "Plugin",
      "Generate Plugin Key",
      "Copy",
      "Linked Roblox account",
    ]) {
      await main.locator("strong", { hasText: name }).first().waitFor();
    }
    await main
      .getByText("The first successful check links that Roblox account to your key", { exact: false })
      .waitFor();
    expect(await main.getByRole("link", { name: "the _button tag" }).getAttribute("href")).toBe("/docs/button");
    expect(await main.getByRole("link", { name: "the _scroll tag" }).getAttribute("href")).toBe("/docs/scroll");

    const troubleshooting = page.getByRole("region", { name: "Troubleshooting" });
    for (const entry of PLUGIN_TROUBLESHOOTING) {
      await troubleshooting.getByRole("heading", { level: 3, name: entry.title }).waitFor();
    }
    for (const title of [
      "“Your subscription has ended”",
      "“This plugin key is not valid”",
      "“This plugin key is linked to another Roblox account”",
      "“Cooldown active” when resetting the linked account",
      "The plugin can't reach the server",
    ]) {
      expect(PLUGIN_TROUBLESHOOTING.map((entry) => entry.title)).toContain(title);
    }
    await troubleshooting.getByText("press Reset Linked Account there", { exact: false }).waitFor();
  });

  test("without PLUGIN_INSTALL_URL (development) step 4 shows a marked placeholder, not a link", async () => {
    const page = await openGuide();
    const step = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Install the plugin/ }) });
    await step.getByText("Placeholder:").waitFor();
    await step.getByText("PLUGIN_INSTALL_URL").waitFor();
    expect(await step.getByRole("link").count()).toBe(0);
  });

  test("with PLUGIN_INSTALL_URL, step 4 links the store page, in the server's HTML too", async () => {
    const html = await (await fetch(`${configured.url}${GUIDE_PATH}`)).text();
    expect(html).toContain(`href="${STORE_PAGE}"`);
    const page = await openGuide(DESKTOP, configured);
    const link = page.getByRole("link", { name: /Open the Layerlift store page/ });
    expect(await link.getAttribute("href")).toBe(STORE_PAGE);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await page.getByText("Placeholder:").count()).toBe(0);
  });

  test("is the first card on /docs and opens from it", async () => {
    const page = await suite.page();
    await page.goto("/docs");
    const first = page.getByRole("main").getByRole("link").filter({ hasText: "Getting Started" });
    // Before every tag card in the page order.
    const hrefs = await page
      .getByRole("main")
      .locator('a[href^="/docs/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs[0]).toBe(GUIDE_PATH);
    await first.click();
    await page.waitForURL(`**${GUIDE_PATH}`);
    await page.getByRole("heading", { level: 1, name: "Getting Started" }).waitFor();
  });

  test("the FAQ's install answer links it", async () => {
    const page = await suite.page();
    await page.goto("/support");
    const question = page.getByRole("button", { name: "How do I install Layerlift?" });
    await question.click();
    await page.locator('[aria-expanded="true"]', { hasText: "How do I install Layerlift?" }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    const link = page.getByRole("link", { name: "Read the setup guide, step by step" });
    await link.click();
    await page.waitForURL(`**${GUIDE_PATH}`);
    await page.getByRole("heading", { level: 1, name: "Getting Started" }).waitFor();
  });

  test("the dashboard's Plugin tab links it until a plugin key exists, and links the store page", async () => {
    const token = await signUp(configured);
    const page = await suite.page(DESKTOP, { server: configured });
    await openSignedIn(page, token);
    await page.getByRole("tab", { name: "Plugin" }).click();
    const panel = page.getByRole("tabpanel", { name: "Plugin" });
    await panel.getByText("Not generated yet").waitFor();
    expect(await panel.getByRole("link", { name: "setup guide" }).getAttribute("href")).toBe(GUIDE_PATH);
    expect(await panel.getByRole("link", { name: /Get the plugin from its store page/ }).getAttribute("href")).toBe(
      STORE_PAGE,
    );
    await panel.getByRole("button", { name: "Generate Plugin Key" }).click();
    await panel.getByRole("button", { name: "Copy plugin key" }).waitFor();
    expect(await panel.getByRole("link", { name: "setup guide" }).count()).toBe(0);
    expect(await panel.getByRole("link", { name: /Get the plugin from its store page/ }).count()).toBe(1);
  });

  test('"View Setup Guide" on the payment result opens it', async () => {
    const page = await suite.page();
    await page.goto("/purchase");
    await page.getByLabel("Email address").fill("guide-buyer@example.com");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    await page
      .getByRole("dialog", { name: "Complete Your Purchase" })
      .getByRole("button", { name: "Complete Payment" })
      .click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.getByRole("link", { name: "View Setup Guide" }).click();
    await page.waitForURL(`**${GUIDE_PATH}`);
    await page.getByRole("heading", { level: 1, name: "Getting Started" }).waitFor();
  });

  for (const theme of ["dark", "light"] as const) {
    test(`axe finds nothing on it at 1280 and 390 px in the ${theme} theme, placeholder or link`, async () => {
      const problems: string[] = [];
      for (const [viewport, server] of [
        [DESKTOP, undefined],
        [PHONE, undefined],
        [DESKTOP, configured],
        [PHONE, configured],
      ] as const) {
        const page = await suite.page(viewport, { server });
        await page.addInitScript((choice) => localStorage.setItem("theme", choice), theme);
        await page.goto(GUIDE_PATH);
        await page.getByRole("heading", { level: 1, name: "Getting Started" }).waitFor();
        const findings = await axeViolations(page);
        if (findings.length)
          problems.push(
            describeFindings(`guide ${viewport.width}px ${server ? "with store link" : "placeholder"}`, findings),
          );
      }
      expect(problems.join("\n")).toBe("");
    });
  }
});
