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
 * take the keyboard's focus); the whole reference, once rendered, at desktop and phone width in both
 * themes, has none but Scalar's duplicate example-response region names.
 */
test("the plugin API page has no axe violation", async () => {
  const page = await suite.page(DESKTOP);
  await page.goto("/api/plugin/docs");
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(describeFindings("/api/plugin/docs", await axeViolations(page))).toBe("");
});

for (const [name, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
  for (const theme of ["light", "dark"] as const) {
    test(`the API reference has no axe violation but its duplicate example-response names (${name}, ${theme})`, async () => {
      const page = await suite.page(viewport);
      page.setDefaultTimeout(45_000);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto("/api/docs");
      await page.getByRole("heading", { name: "Layerlift API" }).waitFor();
      await page.getByText("/api/auth/me").first().waitFor({ state: "attached" });
      await page.waitForLoadState("networkidle");
      await page.locator(`.${theme}-mode`).first().waitFor({ state: "attached" }); // the reference follows the system's theme
      await screenshot(page, `api-docs-axe-${name}-${theme}`);
      const findings = await axeViolations(page);
      // Scalar names each operation's "Example Responses" region by its status-code tabs, so two
      // operations with the same codes share a name; none of its options changes that (see README).
      expect(describeFindings(`/api/docs (${name}, ${theme})`, findings.filter((finding) => finding.rule !== "landmark-unique"))).toBe("");
      expect(findings.filter((finding) => finding.rule === "landmark-unique").flatMap((finding) => finding.targets).every((target) => target.includes("aria-labelledby"))).toBe(true);
    }, 120_000);
  }
}
