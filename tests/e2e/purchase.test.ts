/**
 * Buying in a real browser with the demo provider: e-mail → plan → dialog → Complete Payment →
 * result page → the key from the outbox → signup → dashboard; the declined card, the missing
 * e-mail and every state of the result page; forgot and reset password.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";

type Box = { x: number; y: number; width: number; height: number };
import { emails, sales } from "../../src/db/schema";
import type { AuthResponse } from "../../src/shared/api-types";
import { makeKey } from "../support/app";
import { DESKTOP, openSignedIn, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { startFakeResend, type FakeResend } from "../support/fake-resend";
import { fieldDescription } from "./field-description";
import { holdCheckoutCode } from "./held-checkout-code";
import { shoot } from "./shots";

setDefaultTimeout(60_000);

// E-mail really goes out (to a fake Resend on 127.0.0.1), so a test can read what the user receives.
let resend: FakeResend;
beforeAll(() => {
  resend = startFakeResend();
});
const suite = browserSuite(() => ({ env: resend.env }));
afterAll(() => resend?.stop());

/** The text of the latest e-mail delivered to `to`, waiting for the outbox sender to send it. */
/** The newest e-mail delivered to `to` (whose text matches `about`, when given: a sign-up's welcome e-mail may come too). */
async function deliveredTo(to: string, about?: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = resend.delivered.filter((m) => [m.to].flat().includes(to) && (!about || about.test(m.text))).at(-1);
    if (mail) return mail.text;
    await Bun.sleep(100);
  }
  throw new Error(`no e-mail was delivered to ${to}`);
}

async function open(path: string, viewport = DESKTOP) {
  const page = await suite.page(viewport);
  await page.goto(path);
  return page;
}

const latestEmailTo = async (to: string) =>
  (await suite.server.deps.db.select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.id)).limit(1))[0];

async function choosePlan(page: Page, email: string, planName: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: `Choose Plan: ${planName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.waitFor();
  return dialog;
}

describe("purchase page", () => {
  test("shows the title, the three plans with prices and badges, the info box and a support link", async () => {
    const page = await open("/purchase");
    await page.getByRole("heading", { name: "Choose Your Plan" }).waitFor();
    for (const text of [
      "1 Month Subscription",
      "$6.99",
      "$9.99",
      "30% OFF!",
      "4 Month Pro",
      "$24.99",
      "MOST POPULAR",
      "Lifetime Access",
      "$149.99",
      "What happens after purchase?",
      "You'll receive an instant email with your 12-character product key.",
    ]) {
      await page.getByText(text).first().waitFor();
    }
    expect(await page.getByLabel("Email address").getAttribute("type")).toBe("email");
    expect(await page.getByLabel("Email address").getAttribute("required")).not.toBeNull();
    expect(await page.getByRole("link", { name: "Visit Support" }).getAttribute("href")).toBe("/support");
    await screenshot(page, "purchase-desktop");
  });

  test("choosing a plan without an e-mail shows the Email Required toast, marks the field, focuses it and opens no dialog", async () => {
    const page = await open("/purchase");
    await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
    const field = page.getByLabel("Email address");
    expect(await fieldDescription(field)).toContain("Please enter your email address to continue.");
    // The product's toast says it too.
    const toast = page.locator("li[data-state=open]");
    await toast.getByText("Email Required", { exact: true }).waitFor();
    await toast.getByText("Please enter your email address to continue.", { exact: true }).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await field.fill("now@example.com");
    expect(await field.getAttribute("aria-invalid")).toBeNull();
  });

  test("signed in, the field starts with the account's address, which the buyer may change", async () => {
    const password = "correct horse";
    const signup = await fetch(`${suite.server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "member@example.com",
        password,
        confirmPassword: password,
        productKey: await makeKey(suite.server.deps, "month"),
      }),
    });
    const { token } = (await signup.json()) as AuthResponse;
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, token, "/purchase");
    const field = page.getByLabel("Email address");
    await page.waitForFunction(
      () => (document.getElementById("purchase-email") as HTMLInputElement | null)?.value === "member@example.com",
    );
    await field.fill("studio@example.com");
    await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
    await page.getByRole("dialog", { name: "Complete Your Purchase" }).waitFor();
    expect(await field.inputValue()).toBe("studio@example.com");
  });

  test("a malformed e-mail is named at the field, and no payment is asked for", async () => {
    const page = await open("/purchase");
    let asked = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/create-payment-intent")) asked++;
    });
    const field = page.getByLabel("Email address");
    await field.fill("bad@");
    await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
    await page.getByText("Enter a full email address, like you@example.com.").waitFor();
    expect(await fieldDescription(field)).toContain("Enter a full email address, like you@example.com.");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator("li[data-state=open]").count()).toBe(0);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(asked).toBe(0);
    await shoot(page, "purchase-bad-email-1280");
  });

  test("the whole demo journey: pay, the key on the result page, Create your account, sign-up filled in, dashboard", async () => {
    const buyer = "journey@example.com";
    const page = await open("/purchase");
    const dialog = await choosePlan(page, buyer, "4 Month Pro");
    await dialog.getByText("4 Month Pro").waitFor();
    await dialog.getByText("$24.99").waitFor();
    await dialog.getByText("Test mode — no real charge.").waitFor();
    await screenshot(page, "purchase-dialog-demo");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();

    // The same parameters as Stripe's return URL, the client secret included.
    await page.waitForURL(
      /\/purchase\/success\?payment_intent=pi_demo_\w+&payment_intent_client_secret=pi_demo_\w+_secret_\w+&redirect_status=succeeded$/,
    );
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.getByText("Payment Successful", { exact: true }).waitFor();
    await page.getByText("Check your email for your product key!", { exact: true }).waitFor();
    await page.getByText("4 Month Pro").first().waitFor();
    expect(await page.getByRole("link", { name: "View Setup Guide" }).getAttribute("href")).toBe(
      "/docs/getting-started",
    );
    expect(await page.getByRole("link", { name: "Get Support" }).getAttribute("href")).toBe("/support");

    const mail = await latestEmailTo(buyer)!;
    expect(mail.template).toBe("product-key");
    const key = mail.payload.key as string;
    expect(await suite.server.deps.db.select().from(sales).where(eq(sales.email, buyer))).toHaveLength(1);
    // The key is on the page, with the address it went to.
    expect(await page.getByTestId("product-key").textContent()).toBe(key);
    await page.getByText(`Also e-mailed to ${buyer}.`).waitFor();
    await page.getByRole("button", { name: "Copy product key" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    await screenshot(page, "purchase-success-key");
    await page.setViewportSize(PHONE);
    await screenshot(page, "purchase-success-key-phone");
    await page.setViewportSize(DESKTOP);

    await page.getByRole("link", { name: "Create your account" }).click();
    await page.waitForURL(`**/signup?key=${key}&email=journey%40example.com`);
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    expect(await page.getByLabel("Product key").inputValue()).toBe(key);
    expect(await page.getByLabel("Email").inputValue()).toBe(buyer);
    await screenshot(page, "signup-prefilled");
    await page.getByLabel("Password", { exact: true }).fill("journey password");
    await page.getByLabel("Confirm password").fill("journey password");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(buyer).first().waitFor();
  });

  test("the result page without the client secret (a shared link) shows no key", async () => {
    const page = await open("/purchase");
    const dialog = await choosePlan(page, "shared-link@example.com", "1 Month Subscription");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.waitForURL(/payment_intent_client_secret=/);
    const url = new URL(page.url());
    const other = await open(
      `/purchase/success?payment_intent=${url.searchParams.get("payment_intent")}&redirect_status=succeeded`,
    );
    await other.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await other.getByText("Your product key has been sent to your email.").waitFor();
    expect(await other.getByTestId("product-key").count()).toBe(0);
    expect(await other.getByRole("link", { name: "Create your account" }).count()).toBe(0);
  });

  test("'Can't find your key?' on the result page e-mails every key bought with the address", async () => {
    const buyer = "lost-keys@example.com";
    for (const plan of ["1 Month Subscription", "4 Month Pro"]) {
      const page = await open("/purchase");
      const dialog = await choosePlan(page, buyer, plan);
      await dialog.getByRole("button", { name: "Complete Payment" }).click();
      await page.waitForURL(/payment_intent_client_secret=/);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    }
    const keys = (await suite.server.deps.db.select().from(emails).where(eq(emails.to, buyer))).map(
      (e) => e.payload.key as string,
    );
    const page = await open("/support");
    await page.getByRole("button", { name: "Can't find your key?" }).click();
    const lost = page.getByRole("dialog", { name: "Find your product key" });
    await lost.getByLabel("Purchase e-mail").fill(buyer);
    await screenshot(page, "lost-key-dialog");
    await lost.getByRole("button", { name: "E-mail my keys" }).click();
    await lost
      .getByRole("status")
      .getByText("If that address bought a key, we've e-mailed every key bought with it.", { exact: false })
      .waitFor();
    await page.setViewportSize(PHONE);
    await screenshot(page, "lost-key-dialog-sent-phone");
    const deadline = Date.now() + 10_000;
    let text = "";
    while (Date.now() < deadline && !text.includes("Your product keys")) {
      text =
        resend.delivered.filter((m) => [m.to].flat().includes(buyer) && m.subject.includes("product keys")).at(-1)
          ?.text ?? "";
      await Bun.sleep(100);
    }
    for (const key of keys) expect(text).toContain(key);
    expect(text.match(/: unused/g)).toHaveLength(2);
  });

  test("a declined card is reported inside the dialog; Try again pays; Escape closes the toast, then the dialog", async () => {
    const page = await open("/purchase");
    const dialog = await choosePlan(page, "declined@example.com", "1 Month Subscription");
    await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    const alert = dialog.getByRole("alert").filter({ hasText: "Payment failed" });
    await alert.getByText("Payment failed: Your card was declined.").waitFor();
    // Said in the dialog beside Try again, and in the product's toast.
    const toast = page.locator("li[data-state=open]");
    await toast.getByText("Payment Failed", { exact: true }).waitFor();
    await toast.getByText("Your card was declined.", { exact: true }).waitFor();
    expect(page.url()).toEndWith("/purchase");
    expect(await latestEmailTo("declined@example.com")).toBeUndefined();
    // One way on: the alert's Try again, not also the form's own button.
    expect(await dialog.getByRole("button", { name: "Continue to payment" }).count()).toBe(0);
    await screenshot(page, "purchase-declined-in-dialog");
    await page.setViewportSize(PHONE);
    await screenshot(page, "purchase-declined-in-dialog-phone");
    await page.setViewportSize(DESKTOP);

    await alert.getByRole("button", { name: "Try again" }).click();
    await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await alert.waitFor();
    // Escape dismisses the toast, then closes the dialog.
    await page.keyboard.press("Escape");
    // Gone, not only closing: a toast still sliding out is still the layer Escape goes to.
    await page.locator("li").filter({ hasText: "Payment Failed" }).waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    const again = await choosePlan(page, "declined@example.com", "1 Month Subscription");
    await again.getByRole("button", { name: "Complete Payment" }).click();
    await page.waitForURL(/\/purchase\/success/);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
  });

  test("closing the checkout dialog returns focus to the plan button that opened it", async () => {
    const page = await open("/purchase");
    await page.getByLabel("Email address").fill("focus@example.com");
    const choose = page.getByRole("button", { name: "Choose Plan: 4 Month Pro" });
    await choose.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label")?.startsWith("Choose Plan"));
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Choose Plan: 4 Month Pro",
    );
    await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Choose Plan: Lifetime Access",
    );
  });

  for (const viewport of [DESKTOP, PHONE])
    test(`a plan chosen before the checkout's code has arrived opens the dialog when it does, and pays once, ${viewport.width} px`, async () => {
      const buyer = `early-choice-${viewport.width}@example.com`;
      const page = await suite.page(viewport);
      // The checkout's own chunk is held back until after the click, as on a slow connection.
      const chunk = await holdCheckoutCode(page);
      await page.goto("/purchase");
      await page.getByLabel("Email address").fill(buyer);
      const paymentMade = page.waitForResponse("**/api/create-payment-intent");
      await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
      // Asked for at the first idle moment or by the click, whichever came first; held either way.
      while (chunk.asked === 0) await Bun.sleep(20);
      expect((await paymentMade).status()).toBe(200);
      // The payment is made and the dialog's code still on its way: the plans stay busy, not idle as if nothing happened.
      await page.getByRole("button", { name: "Processing..." }).first().waitFor();
      await Bun.sleep(300);
      expect(await dialog.count()).toBe(0);
      expect(await page.getByRole("button", { name: "Processing..." }).count()).toBeGreaterThan(0);
      await screenshot(page.getByRole("list", { name: "Plans" }), `purchase-waiting-for-checkout-${viewport.width}`);

      chunk.release();
      await dialog.getByText("$149.99").waitFor();
      expect(await page.locator("button", { hasText: "Processing..." }).count()).toBe(0);
      await dialog.getByRole("button", { name: "Complete Payment" }).click();
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      const bought = await suite.server.deps.db.select().from(sales).where(eq(sales.email, buyer));
      expect(bought).toHaveLength(1);
      expect(chunk.asked).toBe(1);
    });

  test("on a phone a toast doesn't cover the header", async () => {
    const page = await open("/purchase", PHONE);
    await page.route("**/api/create-payment-intent", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({ error: "PAYMENT_PROVIDER_UNAVAILABLE", message: "Try again in a moment." }),
      }),
    );
    await page.getByLabel("Email address").fill("toast@example.com");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    const toast = page.locator("li[data-state=open]").filter({ hasText: "Try again in a moment." });
    await toast.waitFor();
    const header = (await page.getByRole("banner").boundingBox())!;
    const box = (await toast.boundingBox())!;
    expect(box.y >= header.y + header.height || box.y + box.height <= header.y).toBe(true);
    // Its own close button still works.
    await toast.getByRole("button").click();
    await toast.waitFor({ state: "detached" });
  });

  test("a toast hides neither the card form at 1280 px nor the key and its next steps at 390 px", async () => {
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const page = await open("/purchase");
    const dialog = await choosePlan(page, "toast-place@example.com", "4 Month Pro");
    await dialog.getByLabel("Card number").fill("4000 0000 0000 0002");
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    const toast = page.locator("li[data-state=open]");
    await toast.getByText("Payment Failed", { exact: true }).waitFor();
    await shoot(page, "toast-over-dialog-1280", false);
    expect(overlap((await toast.boundingBox())!, (await dialog.boundingBox())!)).toBe(false);
    await dialog.getByRole("button", { name: "Try again" }).click();

    await page.setViewportSize(PHONE);
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await toast.getByText("Payment Successful", { exact: true }).waitFor();
    await shoot(page, "toast-over-result-390", false);
    const shown = (await toast.boundingBox())!;
    for (const important of [
      page.getByTestId("product-key"),
      page.getByRole("button", { name: "Copy product key" }),
      page.getByRole("link", { name: "Create your account" }),
      page.getByText("Save your product key"),
    ]) {
      expect(overlap(shown, (await important.boundingBox())!)).toBe(false);
    }
  });

  test("plan buttons read 'Processing...' and are disabled while the payment is being prepared", async () => {
    const page = await open("/purchase");
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/create-payment-intent", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel("Email address").fill("slow@example.com");
    await page.getByRole("button", { name: "Choose Plan: Lifetime Access" }).click();
    const processing = page.getByRole("button", { name: "Processing..." });
    await processing.first().waitFor();
    expect(await processing.count()).toBe(3);
    expect(await processing.first().isDisabled()).toBe(true);
    release();
    await page.getByRole("dialog", { name: "Complete Your Purchase" }).waitFor();
  });

  test("a failed payment intent shows the 'Error' toast with the server's sentence", async () => {
    const page = await open("/purchase");
    await page.route("**/api/create-payment-intent", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({
          error: "PAYMENT_PROVIDER_UNAVAILABLE",
          message: "The payment provider could not be reached.",
        }),
      }),
    );
    await page.getByLabel("Email address").fill("error@example.com");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    await page.getByText("Error", { exact: true }).waitFor();
    await page.getByText("The payment provider could not be reached.", { exact: true }).waitFor();
  });

  test("at phone width the plans stack and the dialog fits the screen", async () => {
    const page = await open("/purchase", PHONE);
    await screenshot(page, "purchase-phone");
    const dialog = await choosePlan(page, "phone@example.com", "1 Month Subscription");
    await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "purchase-dialog-phone");
  });
});

describe("payment result page", () => {
  test("without the right parameters it asks to contact support and verifies nothing", async () => {
    const page = await open("/purchase/success?payment_intent=pi_demo_x&redirect_status=failed");
    await page.getByRole("heading", { name: "Payment Error" }).waitFor();
    await page.getByText("Invalid payment parameters. Please contact support if you completed a payment.").waitFor();
    expect(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe("/support");
    expect(await page.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/purchase");
  });

  test("shows skeletons while verifying", async () => {
    const page = await suite.page();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/payment/success**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/purchase/success?payment_intent=pi_demo_unknown&redirect_status=succeeded");
    await page.getByLabel("Verifying your payment").waitFor();
    await screenshot(page, "purchase-success-loading");
    release();
    await page.getByRole("heading", { name: "Payment Error" }).waitFor();
  });

  test("the server's sentence is shown when the payment was not fulfilled", async () => {
    const page = await open("/purchase/success?payment_intent=pi_demo_unknown&redirect_status=succeeded");
    await page.getByText("We couldn't find this payment. If you were charged, please contact support.").waitFor();
  });

  test("a failed verification call says so", async () => {
    const page = await suite.page(PHONE);
    await page.route("**/api/payment/success**", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto("/purchase/success?payment_intent=pi_demo_any&redirect_status=succeeded");
    await page.getByText("Failed to verify payment. Please contact support.").waitFor();
    await screenshot(page, "purchase-error-phone");
  });

  test("a success answer without an error text falls back to the generic sentence", async () => {
    const page = await suite.page();
    await page.route("**/api/payment/success**", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: false }) }),
    );
    await page.goto("/purchase/success?payment_intent=pi_demo_any&redirect_status=succeeded");
    await page.getByText("Something went wrong with your payment.").waitFor();
  });
});

describe("forgot password", () => {
  test("the login screen's button e-mails a link, and the link sets a new password", async () => {
    const email = "forgetful@example.com";
    const signup = await fetch(`${suite.server.url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        password: "old password",
        confirmPassword: "old password",
        productKey: await makeKey(suite.server.deps, "month"),
      }),
    }).then((r) => r.json() as Promise<AuthResponse>);
    expect(signup.user.email).toBe(email);

    const page = await open("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await dialog.getByText(/If an account exists for this email, we've sent a link/).waitFor();
    await screenshot(page, "forgot-password-sent");
    await dialog.getByRole("button", { name: "Done" }).click();

    const resetLink = /https?:\/\/\S+\/reset-password\?token=[\w-]+/;
    const link = new URL(resetLink.exec(await deliveredTo(email, resetLink))![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("New password", { exact: true }).fill("new password 1");
    await page.getByLabel("Confirm new password").fill("new password 2");
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm new password").fill("new password 1");
    await screenshot(page, "reset-password");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText("Password Updated", { exact: true }).waitFor();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("new password 1");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
  });

  test("a used or unknown link shows the server's sentence", async () => {
    const page = await open("/reset-password?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill("whatever123");
    await page.getByLabel("Confirm new password").fill("whatever123");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText("Reset Failed", { exact: true }).waitFor();
    await page
      .getByText("This reset link is invalid or has expired. Please request a new one.", { exact: true })
      .waitFor();
  });
});
