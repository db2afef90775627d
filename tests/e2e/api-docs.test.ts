/**
 * The API reference at /api/docs renders in real Chromium from the site alone: no request leaves the
 * site, and nothing breaks the CSP or logs an error.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { axeViolations, describeFindings } from "../support/axe";

setDefaultTimeout(60_000);

const suite = browserSuite();

/** Console errors, page errors (CSP violations are console errors) and requests that tried to leave the site. */
function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on("console", (message) => { if (message.type() === "error") problems.push(`console: ${message.text()}`); });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => { if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) problems.push(`external request: ${request.url()}`); });
  return problems;
}

for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
  test(`the reference lists the API's operations with no CDN and no CSP or console error (${name})`, async () => {
    const page = await suite.page(viewport);
    const problems = watch(page, suite.server.url);
    page.setDefaultTimeout(45_000); // the reference's script is large, and the machine may be busy
    await page.goto("/api/docs");
    await page.getByRole("heading", { name: "Layerlift API" }).waitFor();
    await page.getByText("/api/auth/me").first().waitFor({ state: "attached" }); // in the sidebar, folded away on a phone
    await page.waitForLoadState("networkidle");
    await screenshot(page, `api-docs-${name}`);
    expect(problems).toEqual([]);
  }, 120_000);
}

/**
 * The reference is readable by everyone: the plugin page has no axe violation (its scrolling examples
 * take the keyboard's focus), and the reference's theme reaches 4.5:1 everywhere.
 */
test("the plugin API page has no axe violation", async () => {
  const page = await suite.page(DESKTOP);
  await page.goto("/api/plugin/docs");
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(describeFindings("/api/plugin/docs", await axeViolations(page))).toBe("");
});

test("the API reference's text and method labels have enough contrast, and the request examples no unnamed buttons", async () => {
  const page = await suite.page(DESKTOP);
  page.setDefaultTimeout(45_000);
  await page.goto("/api/docs");
  await page.getByRole("heading", { name: "Layerlift API" }).waitFor();
  await page.waitForLoadState("networkidle");
  const findings = await axeViolations(page);
  expect(describeFindings("/api/docs", findings.filter((finding) => finding.rule === "color-contrast"))).toBe("");
  expect(await page.locator(".scalar-code-block code.language-curl").count()).toBe(0);
}, 120_000);
