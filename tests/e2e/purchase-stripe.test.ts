/**
 * The purchase dialog with Stripe active, in a real browser. Stripe.js is stubbed at the network
 * boundary (page.route on js.stripe.com) and the server talks to a fake Stripe API, so the Payment
 * Element mounts, 'Complete Payment' waits for it, and the provider's answers drive what the dialog says.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { productKeys, promotionCodes, sales } from "../../src/db/schema";
import { axeViolations, describeFindings } from "../support/axe";
import { DESKTOP, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";

setDefaultTimeout(90_000);

/**
 * A stand-in for Stripe.js: the Payment Element mounts a visible box and reports 'ready' when the
 * test calls window.__stripeReady(); confirmPayment resolves with what the test passes to
 * window.__releaseConfirm(result).
 */
const STRIPE_JS_STUB = `
(() => {
  const handlers = {};
  let readyFired = false;
  window.__stripeReady = () => { readyFired = true; (handlers.ready || []).forEach((fn) => fn({ elementType: "payment" })); };
  const element = {
    mount(target) {
      const node = typeof target === "string" ? document.querySelector(target) : target;
      const box = document.createElement("div");
      box.textContent = "Card details (Stripe test stub)";
      box.setAttribute("data-stub", "payment-element");
      node.appendChild(box);
    },
    on(event, fn) { (handlers[event] = handlers[event] || []).push(fn); if (event === "ready" && readyFired) fn({}); return element; },
    off(event, fn) { handlers[event] = (handlers[event] || []).filter((f) => f !== fn); return element; },
    once(event, fn) { return element.on(event, fn); },
    update() {}, destroy() {}, unmount() {}, collapse() {}, focus() {}, blur() {}, clear() {},
  };
  window.Stripe = Object.assign(function Stripe(key) {
    window.__stripeKey = key;
    return {
      _registerWrapper() {}, registerAppInfo() {},
      createToken: async () => ({}), createPaymentMethod: async () => ({}), confirmCardPayment: async () => ({}),
      elements(options) {
        window.__clientSecret = options && options.clientSecret;
        return { create: () => element, getElement: () => element, update() {}, fetchUpdates: async () => ({}), submit: async () => ({}) };
      },
      confirmPayment: () => new Promise((resolve) => { window.__releaseConfirm = resolve; }),
    };
  }, { version: "endive" });
})();
`;

let stripe: FakeStripe;
beforeAll(() => {
  stripe = startFakeStripe();
});
const suite = browserSuite(() => ({ env: stripe.env }));
afterAll(() => stripe?.stop());

/** A page where js.stripe.com serves the stub (any other outside request is refused by the test browser). */
async function stripePage(path = "/purchase") {
  const page = await suite.page(DESKTOP);
  await page
    .context()
    .route("https://js.stripe.com/**", (route) =>
      route.fulfill({ contentType: "application/javascript", body: STRIPE_JS_STUB }),
    );
  await page.goto(path);
  return page;
}

async function openCheckout(page: Page, email: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
  await dialog.getByText("Card details (Stripe test stub)").waitFor();
  return dialog;
}

describe("Stripe card form", () => {
  test("the dialog mounts the Payment Element with the publishable key from /api/config, and waits for it to be ready", async () => {
    const page = await stripePage();
    const dialog = await openCheckout(page, "element@example.com");
    expect(await page.evaluate(() => (window as any).__stripeKey)).toBe("pk_test_fake");
    const secret = await page.evaluate(() => (window as any).__clientSecret as string);
    expect(stripe.intents.get(secret.split("_secret_")[0])?.amount).toBe(2499);
    expect(await dialog.getByText("Test mode — no real charge.").count()).toBe(0);
    const waiting = dialog.getByRole("button", { name: "Processing..." });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    await page.evaluate(() => (window as any).__stripeReady());
    const pay = dialog.getByRole("button", { name: "Complete Payment" });
    await pay.waitFor();
    expect(await pay.isEnabled()).toBe(true);
    await screenshot(page, "purchase-dialog-stripe");
  });

  test("a refused card shows 'Processing...' while confirming, then Stripe's message inside the dialog; the payment is cancelled; Try again", async () => {
    const page = await stripePage();
    const dialog = await openCheckout(page, "refused@example.com");
    await page.evaluate(() => (window as any).__stripeReady());
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await dialog.getByRole("button", { name: "Processing..." }).waitFor();
    await page.evaluate(() =>
      (window as any).__releaseConfirm({
        error: { type: "card_error", code: "card_declined", message: "Your card has insufficient funds." },
      }),
    );
    await dialog.getByRole("alert").getByText("Payment failed: Your card has insufficient funds.").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    // The refused payment is cancelled at Stripe (so its promotion use, if any, is free again).
    const refused = (await page.evaluate(() => (window as any).__clientSecret as string)).split("_secret_")[0];
    const deadline = Date.now() + 10_000;
    while (stripe.intents.get(refused)!.status !== "canceled" && Date.now() < deadline) await Bun.sleep(50);
    expect(stripe.intents.get(refused)!.status).toBe("canceled");
    await dialog.getByRole("button", { name: "Try again" }).click();
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    expect((await page.evaluate(() => (window as any).__clientSecret as string)).startsWith(refused)).toBe(false);
  });

  test("a confirmed payment lands on the result page with the key; Create your account fills in sign-up; the dashboard follows", async () => {
    const buyer = "stripe-buyer@example.com";
    const page = await stripePage();
    const dialog = await openCheckout(page, buyer);
    await page.evaluate(() => (window as any).__stripeReady());
    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    const secret = await page.evaluate(() => (window as any).__clientSecret as string);
    const id = secret.split("_secret_")[0];
    stripe.succeed(id);
    await page.evaluate(
      (paymentIntentId) =>
        (window as any).__releaseConfirm({ paymentIntent: { id: paymentIntentId, status: "succeeded" } }),
      id,
    );
    await page.waitForURL(
      new RegExp(
        `/purchase/success\\?payment_intent=${id}&payment_intent_client_secret=${secret}&redirect_status=succeeded$`,
      ),
    );
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.getByText("4 Month Pro").first().waitFor();
    const sale = (await suite.server.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id)).limit(1))[0]!;
    expect(sale.email).toBe(buyer);
    const key = (
      await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1)
    )[0]!.key;
    expect(await page.getByTestId("product-key").textContent()).toBe(key);

    await page.getByRole("link", { name: "Create your account" }).click();
    await page.waitForURL(`**/signup?key=${key}&email=stripe-buyer%40example.com`);
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    expect(await page.getByLabel("Product key").inputValue()).toBe(key);
    expect(await page.getByLabel("Email").inputValue()).toBe(buyer);
    await page.getByLabel("Password", { exact: true }).fill("stripe password");
    await page.getByLabel("Confirm password").fill("stripe password");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(buyer).first().waitFor();
  });

  test("a payment still processing shows that the key follows by e-mail; once it completes the page shows success", async () => {
    const created = await fetch(`${suite.server.url}/api/create-payment-intent`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan: "month", email: "slow-bank@example.com" }),
    }).then((r) => r.json() as Promise<{ clientSecret: string }>);
    const id = created.clientSecret.split("_secret_")[0];
    stripe.intents.get(id)!.status = "processing";
    const page = await suite.page(DESKTOP);
    await page.goto(`/purchase/success?payment_intent=${id}&redirect_status=processing`);
    await page.getByRole("heading", { name: "Payment Processing" }).waitFor();
    await page
      .getByText("Your product key will be e-mailed to you as soon as it completes.", { exact: false })
      .waitFor();
    expect(await page.getByText("Invalid payment parameters", { exact: false }).count()).toBe(0);
    await screenshot(page, "purchase-processing");
    stripe.succeed(id);
    await page.goto(`/purchase/success?payment_intent=${id}&redirect_status=succeeded`);
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
  });

  test("a payment another window took over says it continues there, not that it failed; the other window pays", async () => {
    const { db, clock } = suite.server.deps;
    await db
      .insert(promotionCodes)
      .values({ code: "STRIPETABS", percentOff: 10, oncePerBuyer: true, createdAt: clock.now() });
    const buyer = "two-stripe-windows@example.com";
    const [first, second] = [
      await stripePage("/purchase?code=STRIPETABS"),
      await stripePage("/purchase?code=STRIPETABS"),
    ];
    const dialogs = [];
    for (const page of [first, second]) {
      await page.getByText("Promotion code applied.").waitFor();
      dialogs.push(await openCheckout(page, buyer));
      await page.evaluate(() => (window as any).__stripeReady());
    }
    // The second window's payment cancelled the first one's at Stripe, which refuses to confirm it.
    const takenOver = (await first.evaluate(() => (window as any).__clientSecret as string)).split("_secret_")[0]!;
    expect(stripe.intents.get(takenOver)!.status).toBe("canceled");
    await dialogs[0]!.getByRole("button", { name: "Complete Payment" }).click();
    await dialogs[0]!.getByRole("button", { name: "Processing..." }).waitFor();
    await first.evaluate(
      (id) =>
        (window as any).__releaseConfirm({
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: "This PaymentIntent's status is canceled, so it can no longer be confirmed.",
            payment_intent: { id, object: "payment_intent", status: "canceled" },
          },
        }),
      takenOver,
    );
    const alert = dialogs[0]!.getByRole("alert");
    await alert
      .getByText("This payment continues in another window, where you started it again.", { exact: false })
      .waitFor();
    expect(await alert.getByText("Payment failed", { exact: false }).count()).toBe(0);
    expect(await first.locator("li[data-state=open]").getByText("Payment Failed").count()).toBe(0);
    await alert.getByRole("button", { name: "Pay here instead" }).waitFor();
    expect(describeFindings("taken over (Stripe)", await axeViolations(first))).toBe("");
    await screenshot(first, "checkout-taken-over-stripe");

    // The other window pays.
    const ownId = (await second.evaluate(() => (window as any).__clientSecret as string)).split("_secret_")[0]!;
    stripe.succeed(ownId);
    await dialogs[1]!.getByRole("button", { name: "Complete Payment" }).click();
    await second.evaluate(
      (id) => (window as any).__releaseConfirm({ paymentIntent: { id, status: "succeeded" } }),
      ownId,
    );
    await second.waitForURL(/\/purchase\/success/);
    await second.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect((await db.select().from(sales).where(eq(sales.email, buyer))).map((sale) => sale.promotionCode)).toEqual([
      "STRIPETABS",
    ]);
    // Two windows and a payment: the limit is for a hang, not for speed.
  }, 120_000);

  test("when Stripe.js cannot load, the dialog says so instead of a dead form", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/purchase");
    await page.getByLabel("Email address").fill("offline@example.com");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    await page
      .getByRole("dialog")
      .getByText("The card form could not be loaded. Check your connection and try again.")
      .waitFor();
  });
});
