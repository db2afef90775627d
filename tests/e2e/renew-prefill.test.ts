/**
 * Renew / Extend with tax on, in a real browser: the purchase dialog starts from the billing details of the
 * account's own last purchase (country, company, address, VAT ID), each still editable; an account whose key was
 * a gift starts from an empty form, never from the payer's details.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales } from "../../src/db/schema";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { shoot } from "./shots";
import { axeViolations, describeFindings } from "../support/axe";

setDefaultTimeout(90_000);

const suite = browserSuite({ env: { TAX: "demo" } });

async function post(path: string, body: unknown) {
  const response = await fetch(`${suite.server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as any;
}

/** Bought with the demo card by `payer` with the Acme details, its key redeemed by a new account `owner`: its token. */
async function accountWithKeyFrom(payer: string, owner: string) {
  const { clientSecret, paymentIntentId } = await post("/api/create-payment-intent", {
    plan: "month",
    email: payer,
    country: "FR",
    taxId: "FR12345678901",
    companyName: "Acme SARL",
    companyAddress: "12 rue de la Paix\n75002 Paris",
    withdrawalConsent: true,
  });
  await post("/api/payment/demo/confirm", { clientSecret });
  const db = suite.server.deps.db;
  const [sale] = await db.select().from(sales).where(eq(sales.paymentIntentId, paymentIntentId));
  const [key] = await db.select().from(productKeys).where(eq(productKeys.id, sale!.productKeyId!));
  const password = "correct horse";
  const signup = await post("/api/auth/signup", {
    email: owner,
    password,
    confirmPassword: password,
    productKey: key!.key,
  });
  return signup.token as string;
}

async function openRenewal(token: string, viewport = DESKTOP) {
  const page = await suite.page(viewport);
  await openSignedIn(page, token, "/dashboard?tab=subscription");
  await page.getByRole("button", { name: "Extend with 1 Month Subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.getByLabel("Billing country").waitFor();
  return { page, dialog };
}

test("the dialog starts from the account's own last billing details, editable", async () => {
  const token = await accountWithKeyFrom("buyer@acme.example", "buyer@acme.example");
  for (const [viewport, size] of [
    [DESKTOP, "1280"],
    [PHONE, "390"],
  ] as const) {
    const { page, dialog } = await openRenewal(token, viewport);
    const country = dialog.getByLabel("Billing country");
    expect(await country.inputValue()).toBe("France");
    expect(await dialog.getByLabel("Company name").inputValue()).toBe("Acme SARL");
    expect(await dialog.getByLabel("Company address").inputValue()).toBe("12 rue de la Paix\n75002 Paris");
    expect(await dialog.getByLabel("VAT / tax ID").inputValue()).toBe("FR12345678901");
    await shoot(page, `renew-prefilled-${size}-dark`);
    expect(describeFindings(`prefilled renew dialog (${size})`, await axeViolations(page))).toBe("");
    if (size === "1280") {
      await dialog.getByLabel("Company name").fill("Acme Europe SARL");
      expect(await dialog.getByLabel("Company name").inputValue()).toBe("Acme Europe SARL");
    }
  }
});

test("a key someone else bought brings none of the payer's details", async () => {
  const token = await accountWithKeyFrom("payer@acme.example", "friend@example.com");
  const { dialog } = await openRenewal(token);
  expect(await dialog.getByLabel("Billing country").inputValue()).toBe("");
  expect(await dialog.getByLabel("Company name").count()).toBe(0);
});
