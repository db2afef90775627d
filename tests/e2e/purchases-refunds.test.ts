/**
 * Dashboard → Purchases and the refund guarantee in a real browser: the list, Request refund through its
 * confirmation dialog, and in `request` mode the admin panel's Refund requests with Approve.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { creditNotes, productKeys, sales, users } from "../../src/db/schema";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { LOOKS } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { startTestServer, type TestServer } from "../support/server";
import { shoot } from "./shots";
import { recordPartialRefund } from "../../src/features/refunds/record";
import { pdfToText } from "../support/pdf";

setDefaultTimeout(90_000);

const suite = browserSuite();

async function call(server: TestServer, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

let count = 0;
/** Buys a plan with the demo provider (from a billing country: ticking the box for immediate supply) and signs up. */
async function buyer(server: TestServer, country?: string) {
  const email = `refund${++count}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const intent = await call(server, "POST", "/api/create-payment-intent", {
    plan: "pro",
    email,
    ...(country ? { country, withdrawalConsent: true } : {}),
  });
  await call(server, "POST", "/api/payment/demo/confirm", { clientSecret: intent.body.clientSecret });
  const sale = (await server.deps.db.select().from(sales).where(eq(sales.email, email)).limit(1))[0]!;
  const key = (
    await server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1)
  )[0]!.key;
  const signup = await call(server, "POST", "/api/auth/signup", {
    email,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: key,
  });
  return { email, key, saleId: sale.id, token: signup.body.token as string };
}

async function openPurchases(token: string, viewport = DESKTOP, server?: TestServer) {
  const page = await suite.page(viewport, { server });
  await openSignedIn(page, token, "/dashboard?tab=purchases");
  await page.getByRole("tabpanel", { name: "Purchases" }).waitFor();
  return page;
}

describe("purchases", () => {
  test("the tab lists the purchase with its key; Request refund asks first, then refunds and says so", async () => {
    const user = await buyer(suite.server);
    const page = await openPurchases(user.token);
    const panel = page.getByRole("tabpanel", { name: "Purchases" });
    await panel.getByText("4 Month Pro").waitFor();
    await panel.getByText(user.key).waitFor();
    await panel.getByText("Paid", { exact: true }).waitFor();
    await panel.getByRole("button", { name: "Request refund" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Refund 4 Month Pro?" });
    await dialog.getByText(/banks usually take 5–10 days/).waitFor();
    await dialog.getByText(/the plugin stops working when none is left/).waitFor();
    await dialog.getByRole("button", { name: "Refund Purchase" }).click();
    await panel.getByText("Refunded", { exact: true }).waitFor();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Purchase Refunded", { exact: true })
      .waitFor();
    expect(await panel.getByRole("button", { name: "Request refund" }).count()).toBe(0);
    expect((await suite.server.deps.db.select().from(sales).where(eq(sales.id, user.saleId)).limit(1))[0]!.status).toBe(
      "refunded",
    );
  });
});

describe("purchases with tax, invoice and credit note (TAX=demo)", () => {
  test("a row shows its tax and links its invoice and credit note, which open for the owner; screens in both themes at 1280 and 390 px", async () => {
    const server = await startTestServer({ env: { TAX: "demo" } });
    try {
      const user = await buyer(server, "DE");
      const sale = (await server.deps.db.select().from(sales).where(eq(sales.id, user.saleId)).limit(1))[0]!;
      await recordPartialRefund(server.deps, sale.paymentIntentId, 500);
      const page = await openPurchases(user.token, DESKTOP, server);
      const panel = page.getByRole("tabpanel", { name: "Purchases" });
      await panel.getByText(/\$24\.99 \(incl\. \$3\.99 tax\) · \$5\.00 refunded/).waitFor();
      const creditNote = (
        await server.deps.db.select().from(creditNotes).where(eq(creditNotes.saleId, sale.id)).limit(1)
      )[0]!.number;
      const documents = [
        { name: `Invoice ${sale.invoiceNumber}`, says: `Number: ${sale.invoiceNumber}` },
        { name: `Credit note ${creditNote}`, says: `Refers to invoice ${sale.invoiceNumber}` },
      ];
      for (const { name, says } of documents) {
        const href = await panel.getByRole("link", { name, exact: true }).getAttribute("href");
        // Fetched as the page's own link would be: same origin, no Bearer token.
        const answer = await page.request.get(new URL(href!, page.url()).toString());
        expect(answer.status()).toBe(200);
        expect(answer.headers()["content-type"]).toBe("application/pdf");
        expect(pdfToText(await answer.body())).toContain(says);
      }
      for (const { theme, size, viewport } of LOOKS) {
        await call(server, "PUT", "/api/user/settings", { theme }, user.token);
        const shot = await openPurchases(user.token, viewport, server);
        await shot.getByRole("link", { name: `Credit note ${creditNote}`, exact: true }).waitFor();
        await shoot(shot, `purchases-tax-${theme}-${size}`);
      }
      await suite.closePages();
    } finally {
      await server.stop();
    }
  });
});

describe("purchases' wording and shortcuts", () => {
  test("a reverse-charge sale says no tax was charged, not '$0.00 tax'", async () => {
    const user = await buyer(suite.server);
    await suite.server.deps.db
      .update(sales)
      .set({ taxCents: 0, taxReason: "reverse_charge" })
      .where(eq(sales.id, user.saleId));
    const page = await openPurchases(user.token, PHONE);
    const panel = page.getByRole("tabpanel", { name: "Purchases" });
    await panel.getByText(/\$24\.99 \(no tax charged: reverse charge\)/).waitFor();
    expect(await panel.getByText(/\$0\.00 tax/).count()).toBe(0);
  });

  test("a key bought with the account's confirmed address and not used yet has Redeem, which adds its time", async () => {
    const user = await buyer(suite.server);
    await suite.server.deps.db.update(users).set({ emailConfirmedAt: Date.now() }).where(eq(users.email, user.email));
    const intent = await call(suite.server, "POST", "/api/create-payment-intent", { plan: "month", email: user.email });
    await call(suite.server, "POST", "/api/payment/demo/confirm", { clientSecret: intent.body.clientSecret });
    const second = (await suite.server.deps.db.select().from(sales).where(eq(sales.email, user.email))).find(
      (sale) => sale.plan === "month",
    )!;
    const key = (
      await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.id, second.productKeyId!)).limit(1)
    )[0]!.key;
    const page = await openPurchases(user.token);
    const panel = page.getByRole("tabpanel", { name: "Purchases" });
    await panel.getByText("not used yet").waitFor();
    // Only the unused key has it.
    expect(await panel.getByRole("button", { name: /^Redeem/ }).count()).toBe(1);
    await shoot(page, "purchases-redeem-1280");
    await panel.getByRole("button", { name: `Redeem 1 Month Subscription key ${key}` }).click();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Key Redeemed", { exact: true })
      .waitFor();
    await panel.getByRole("button", { name: /^Redeem/ }).waitFor({ state: "detached" });
    const used = (await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.key, key)).limit(1))[0]!;
    expect(used.isUsed).toBe(true);
  });
});

describe("refund requests (SELF_SERVICE_REFUNDS=request)", () => {
  test("the buyer's request waits; the admin approves it in Refund requests", async () => {
    const server = await startTestServer({ env: { SELF_SERVICE_REFUNDS: "request" } });
    try {
      const user = await buyer(server);
      const page = await openPurchases(user.token, PHONE, server);
      await page.getByRole("button", { name: "Request refund" }).click();
      await page
        .getByRole("alertdialog")
        .getByText(/We look at your request and e-mail you when it is decided/)
        .waitFor();
      await page.getByRole("button", { name: "Send Request" }).click();
      await page.getByText("Refund requested: waiting for a decision.").waitFor();

      await createOrPromoteAdmin(
        server.deps.db,
        { email: "refund-admin@example.com", password: "admin password" },
        server.deps.clock.now(),
      );
      const admin = (
        await call(server, "POST", "/api/auth/login", { email: "refund-admin@example.com", password: "admin password" })
      ).body.token as string;
      const adminPage = await suite.page(DESKTOP, { server });
      await openSignedIn(adminPage, admin, "/admin?tab=refund-requests");
      const row = adminPage.getByRole("row").filter({ hasText: user.email });
      await row.getByText("Pending").waitFor();
      await shoot(adminPage, "admin-refund-requests-dark-1280");
      await row.getByRole("button", { name: `Approve refund for ${user.email}` }).click();
      await adminPage
        .getByRole("alertdialog", { name: "Approve this refund?" })
        .getByRole("button", { name: "Approve and Refund" })
        .click();
      await row.getByText("Refunded").waitFor();
      await adminPage
        .getByRole("region", { name: /Notifications/ })
        .getByText("Refund approved", { exact: true })
        .waitFor();
      expect((await server.deps.db.select().from(sales).where(eq(sales.id, user.saleId)).limit(1))[0]!.status).toBe(
        "refunded",
      );
      await suite.closePages();
    } finally {
      await server.stop();
    }
  });
});

/** Buys a plan and doesn't sign up: only the e-mail's refund link can refund it. */
async function guestPurchase(server: TestServer) {
  const email = `guest${++count}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const intent = await call(server, "POST", "/api/create-payment-intent", { plan: "month", email });
  await call(server, "POST", "/api/payment/demo/confirm", { clientSecret: intent.body.clientSecret });
  const sale = (await server.deps.db.select().from(sales).where(eq(sales.email, email)).limit(1))[0]!;
  return {
    saleId: sale.id,
    key: (await server.deps.db.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)).limit(1))[0]!
      .key,
  };
}

describe("the refund link (no account)", () => {
  test("/refund?key=… shows the purchase and refunds it after the confirmation", async () => {
    const guest = await guestPurchase(suite.server);
    const page = await suite.page(PHONE);
    await page.goto(`/refund?key=${guest.key}`);
    await page.getByText(/1 Month Subscription, \$6\.99, bought/).waitFor();
    await page.getByRole("button", { name: "Request refund" }).click();
    await page
      .getByRole("alertdialog", { name: "Refund this purchase?" })
      .getByRole("button", { name: "Refund Purchase" })
      .click();
    await page
      .getByRole("status")
      .getByText(/Your purchase has been refunded/)
      .waitFor();
    expect(
      (await suite.server.deps.db.select().from(sales).where(eq(sales.id, guest.saleId)).limit(1))[0]!.status,
    ).toBe("refunded");

    // Opened again from the e-mail: the purchase, and that it was refunded, not "doesn't match a purchase".
    await page.reload();
    await page.getByText("This purchase has already been refunded.").waitFor();
    await page.getByText(/1 Month Subscription, \$6\.99, bought/).waitFor();
    expect(await page.getByRole("button", { name: "Request refund" }).count()).toBe(0);
    await shoot(page, "refund-link-refunded-390");
    await page.setViewportSize(DESKTOP);
    await shoot(page, "refund-link-refunded-1280");
  });
});

describe("the ways on when the refund is not here", () => {
  test("a key already on an account: the refund link offers Sign in, which lands on Purchases", async () => {
    const user = await buyer(suite.server);
    const page = await suite.page(PHONE);
    await page.goto(`/refund?key=${user.key}`);
    await page.getByText(/already on an account/).waitFor();
    await shoot(page, "refund-link-on-account-390");
    await page.getByRole("link", { name: "Sign in to refund" }).click();
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(/\/dashboard\?tab=purchases$/);
    await page.getByRole("tabpanel", { name: "Purchases" }).getByRole("button", { name: "Request refund" }).waitFor();
  });

  test("after a partial refund, the refund link and Purchases link the support page for the rest", async () => {
    const guest = await guestPurchase(suite.server);
    const sale = (await suite.server.deps.db.select().from(sales).where(eq(sales.id, guest.saleId)).limit(1))[0]!;
    await recordPartialRefund(suite.server.deps, sale.paymentIntentId, 200);
    const page = await suite.page(DESKTOP);
    await page.goto(`/refund?key=${guest.key}`);
    await page.getByText(/Part of this purchase has already been refunded/).waitFor();
    expect(await page.getByRole("link", { name: "contact support" }).getAttribute("href")).toBe("/support");

    const user = await buyer(suite.server);
    const bought = (await suite.server.deps.db.select().from(sales).where(eq(sales.id, user.saleId)).limit(1))[0]!;
    await recordPartialRefund(suite.server.deps, bought.paymentIntentId, 500);
    const purchases = await openPurchases(user.token, PHONE);
    const panel = purchases.getByRole("tabpanel", { name: "Purchases" });
    await panel.getByText("Partly refunded", { exact: true }).waitFor();
    expect(await panel.getByRole("link", { name: "contact support" }).getAttribute("href")).toBe("/support");
    await shoot(purchases, "purchases-partly-refunded-390");
  });
});

describe("screens", () => {
  for (const { theme, size, viewport } of LOOKS) {
    test(`Purchases and the refund dialog, ${theme}, ${size} px`, async () => {
      const user = await buyer(suite.server);
      await call(suite.server, "PUT", "/api/user/settings", { theme }, user.token);
      const page = await openPurchases(user.token, viewport);
      await page.getByText(user.key).waitFor();
      await shoot(page, `purchases-${theme}-${size}`);
      await page.getByRole("button", { name: "Request refund" }).click();
      await page.getByRole("alertdialog").waitFor();
      await shoot(page, `refund-dialog-${theme}-${size}`, false);
      const guest = await guestPurchase(suite.server);
      const link = await suite.page(viewport);
      await link.goto("/404-for-storage");
      await link.evaluate((choice) => localStorage.setItem("theme", choice), theme);
      await link.goto(`/refund?key=${guest.key}`);
      await link.getByRole("button", { name: "Request refund" }).waitFor();
      await shoot(link, `refund-link-${theme}-${size}`);
    });
  }
});
