/**
 * The admin panel's E-mails tab lists every e-mail the site sends, and each one's Preview shows its
 * HTML part (sandboxed) and its text part, made from a sample. axe finds nothing on the tab or the
 * preview, in either theme, at 1280 and 390 px.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import type { AuthResponse } from "../../src/shared/api-types";
import { axeViolations, describeFindings } from "../support/axe";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";

setDefaultTimeout(90_000);

const suite = browserSuite();
let adminToken: string;
beforeAll(async () => {
  const { db, clock } = suite.server.deps;
  await createOrPromoteAdmin(db, { email: "mail-admin@example.com", password: "admin password" }, clock.now());
  const response = await fetch(`${suite.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "mail-admin@example.com", password: "admin password" }),
  });
  adminToken = ((await response.json()) as AuthResponse).token;
});

async function emailsTab(viewport = DESKTOP, theme: "dark" | "light" = "dark"): Promise<Page> {
  const page = await suite.page(viewport);
  await page.addInitScript((choice) => localStorage.setItem("theme", choice), theme);
  await openSignedIn(page, adminToken, "/admin");
  await page.getByRole("tab", { name: "E-mails" }).click();
  await page.getByRole("table", { name: "E-mails the site sends" }).waitFor();
  return page;
}

describe("the E-mails tab's list of e-mails", () => {
  test("lists the refund notice, cancellation, welcome and access-ended e-mails with when each is sent", async () => {
    const page = await emailsTab();
    const table = page.getByRole("table", { name: "E-mails the site sends" });
    for (const [title, when] of [
      ["Refund notice", "After every refund of a payment, full or partial, whoever made it."],
      ["Cancellation confirmation", "When a subscription is cancelled from the dashboard."],
      ["Welcome", "After sign-up."],
      ["Access ended", "On the day a subscription runs out, once, when notifications are on."],
    ]) {
      await table.getByText(title, { exact: true }).waitFor();
      await table.getByText(when, { exact: true }).waitFor();
    }
  });

  test("Preview shows the HTML part and the text part of a sample", async () => {
    const page = await emailsTab();
    await page.getByRole("button", { name: "Preview Refund notice" }).click();
    const dialog = page.getByRole("dialog", { name: "Refund notice" });
    await dialog.getByText("Subject: Your Layerlift payment was refunded").waitFor();
    const html = page.frameLocator('iframe[title="Refund notice: HTML part"]');
    await html.getByText("We refunded $24.99 of the $24.99 you paid for 4 Month Pro.", { exact: false }).waitFor();
    expect(await html.getByRole("link", { name: "the Support page" }).getAttribute("href")).toEndWith("/support");
    await dialog.getByText("Plain-text part").click();
    await dialog.getByText("those 120 days have been taken off", { exact: false }).last().waitFor();
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Preview Welcome" }).click();
    const welcome = page.frameLocator('iframe[title="Welcome: HTML part"]');
    expect(await welcome.getByRole("link", { name: "Read the setup guide" }).getAttribute("href")).toEndWith(
      "/docs/getting-started",
    );
  });

  for (const theme of ["dark", "light"] as const) {
    test(`axe finds nothing on the tab and a preview at 1280 and 390 px in the ${theme} theme`, async () => {
      const problems: string[] = [];
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await emailsTab(viewport, theme);
        let findings = await axeViolations(page);
        if (findings.length) problems.push(describeFindings(`E-mails tab ${viewport.width}px`, findings));
        await page.getByRole("button", { name: "Preview Cancellation confirmation" }).click();
        await page
          .frameLocator('iframe[title="Cancellation confirmation: HTML part"]')
          .getByText("Your subscription is cancelled")
          .waitFor();
        findings = await axeViolations(page);
        if (findings.length) problems.push(describeFindings(`preview ${viewport.width}px`, findings));
      }
      expect(problems.join("\n")).toBe("");
    });
  }
});
