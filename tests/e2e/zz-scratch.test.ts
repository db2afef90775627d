import { describe, setDefaultTimeout, test } from "bun:test";
import { DESKTOP, PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { shoot } from "./shots";
setDefaultTimeout(90_000);
const suite = browserSuite();
describe("scratch", () => {
  for (const [vp, name] of [[DESKTOP, "1280"], [PHONE, "390"]] as const) {
    test(`shots ${name}`, async () => {
      const page = await suite.page(vp);
      await page.goto("/purchase");
      await page.getByLabel("Email address").fill("shot@example.com");
      await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
      await dialog.getByRole("button", { name: "Complete Payment" }).click();
      await page.locator("li[data-state=open]").waitFor();
      await shoot(page, `declined-${name}`, false);
      await dialog.getByRole("button", { name: "Try again" }).click();
      await dialog.getByRole("button", { name: "Complete Payment" }).click();
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      await page.locator("li[data-state=open]").waitFor();
      await shoot(page, `result-${name}`, false);
    });
  }
});
