/**
 * The legal pages in a real browser: the server's text is there before any script and stays when the
 * app takes over (no request for it), the footer and the pages' own links move between them, and the
 * sign-up checkbox and the checkout dialog link to them.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE } from "../support/browser";
import { LOOKS, showLook } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { shoot } from "./shots";

setDefaultTimeout(60_000);

const suite = browserSuite({
  env: {
    SELLER_NAME: "Ada Works Ltd",
    SELLER_ADDRESS: "1 Main Street\\n12345 Springfield",
    SELLER_EMAIL: "legal@ada.example",
  },
});

/** Requests the page makes to the legal API. */
function legalRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/legal")) seen.push(request.url());
  });
  return seen;
}

describe("legal pages", () => {
  test("/terms arrives with its text and keeps it without asking the API; the footer leads to the others", async () => {
    const page = await suite.page(DESKTOP);
    const requests = legalRequests(page);
    await page.goto("/terms");
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "1. What you buy" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(requests).toEqual([]);

    const legal = page.getByRole("navigation", { name: "Legal" });
    await legal.getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL((url) => url.pathname === "/privacy");
    await page.getByRole("heading", { level: 2, name: "What we store, and why" }).waitFor();
    expect(await page.title()).toBe("Privacy Policy | Layerlift");

    await page.getByRole("article").getByRole("link", { name: "imprint" }).first().click();
    await page.waitForURL((url) => url.pathname === "/imprint");
    await page.getByText("Ada Works Ltd", { exact: true }).waitFor();
    await page.getByText("legal@ada.example").waitFor();
  });

  test("the sign-up checkbox links 'terms of service' to /terms and 'privacy policy' to /privacy, in new tabs", async () => {
    const page = await suite.page(PHONE);
    await page.goto("/signup");
    const terms = page.getByRole("link", { name: "terms of service" });
    const privacy = page.getByRole("link", { name: "privacy policy" });
    expect(await terms.getAttribute("href")).toBe("/terms");
    expect(await privacy.getAttribute("href")).toBe("/privacy");
    expect(await terms.getAttribute("target")).toBe("_blank");
    const [opened] = await Promise.all([page.context().waitForEvent("page"), terms.click()]);
    await opened.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
  });

  test("the checkout dialog says 'By paying you agree to the Terms and the Refund policy' with links", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/purchase");
    await page.getByLabel("Email address").fill("legal-buyer@example.com");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByText("By paying you agree to the Terms and the Refund policy.").waitFor();
    expect(await dialog.getByRole("link", { name: "Terms" }).getAttribute("href")).toBe("/terms");
    expect(await dialog.getByRole("link", { name: "Refund policy" }).getAttribute("href")).toBe("/refund-policy");
  });
});

describe("screens", () => {
  // Each screen is reached once and shared by the looks' tests, which switch its theme and width.
  const screens = [
    ...["/terms", "/privacy", "/refund-policy", "/imprint"].map((path) => ({
      name: `legal${path.replace("/", "-")}`,
      fullPage: true,
      reach: async (page: Page) => {
        await page.goto(path);
        await page.getByRole("article").waitFor();
      },
    })),
    {
      name: "signup-terms",
      fullPage: false,
      reach: async (page: Page) => {
        await page.goto("/signup");
        await page.getByRole("link", { name: "terms of service" }).waitFor();
      },
    },
    {
      name: "checkout-terms",
      fullPage: false,
      reach: async (page: Page) => {
        await page.goto("/purchase");
        await page.getByLabel("Email address").fill("screens@example.com");
        await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
        await page
          .getByRole("dialog", { name: "Complete Your Purchase" })
          .getByText(/By paying you agree/)
          .waitFor();
      },
    },
  ];
  for (const look of LOOKS) {
    test(`the legal pages, the sign-up checkbox and the checkout dialog, ${look.theme}, ${look.size} px`, async () => {
      for (const { name, fullPage, reach } of screens) {
        const page = await suite.sharedPage(name, DESKTOP, reach);
        await showLook(page, look);
        await shoot(page, `${name}-${look.theme}-${look.size}`, fullPage);
      }
    });
  }
});
