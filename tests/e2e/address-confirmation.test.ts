/**
 * A proven address, in a real browser. M buys a month and signs up with it, typing V's address (V bought Pro
 * with it). The dashboard says the address isn't confirmed, what confirming shows, and sends the link again;
 * Purchases lists only M's own purchase. The link goes to V's inbox: opened from there, it confirms, and the
 * dashboard then shows V's purchase too. Screens at 1280 and 390 px, dark and light.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys, sales, users } from "../../src/db/schema";
import type { Mailer } from "../../src/features/email/mailer";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { LOOKS } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { toastText } from "./dashboard-helpers";
import { shoot } from "./shots";

setDefaultTimeout(90_000);

/** What the server e-mailed, links included (the outbox forgets a link once it is sent). */
const sent: Parameters<Mailer["send"]>[0][] = [];
const mailer: Mailer = {
  name: "outbox",
  async send(email) {
    sent.push(email);
    return { id: `test-${email.outboxId}` };
  },
};
const suite = browserSuite({ overrides: { mailer } });
const db = () => suite.server.deps.db;

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${suite.server.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A demo-card purchase: answers its key. */
async function buy(plan: "month" | "pro", email: string) {
  const intent = await call("POST", "/api/create-payment-intent", { plan, email });
  await call("POST", "/api/payment/demo/confirm", { clientSecret: intent.body.clientSecret });
  const id = (intent.body.clientSecret as string).split("_secret_")[0];
  const sale = (await db().select().from(sales).where(eq(sales.paymentIntentId, id)))[0]!;
  return (await db().select().from(productKeys).where(eq(productKeys.id, sale.productKeyId!)))[0]!.key;
}

/** The `nth` confirmation link the server sent to `to` (once the sender has sent it), as a path on the site. */
async function linkSentTo(to: string, nth = 1): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mail = sent.filter((email) => email.to === to && email.template === "address-confirm")[nth - 1];
    if (mail) {
      const url = new URL(mail.payload.confirmUrl as string);
      return url.pathname + url.search;
    }
    await Bun.sleep(100);
  }
  throw new Error(`no confirmation e-mail number ${nth} to ${to}`);
}

let count = 0;

describe("a proven address", () => {
  test("M signs up with V's address: the dashboard asks to confirm, shows only M's purchase; V's link unlocks V's", async () => {
    const v = `v${++count}@example.com`;
    await buy("pro", v);
    const mKey = await buy("month", `m${count}@example.com`);

    const page = await suite.page(DESKTOP);
    await page.goto(`/signup?key=${mKey}&email=${encodeURIComponent(v)}`);
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByLabel("Confirm password").fill("correct horse");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/dashboard$/);

    const notice = page.getByRole("region", { name: "Confirm your email address" });
    await notice.getByText(`We sent a link to ${v}.`).waitFor();
    await notice.getByText(/your other purchases and their invoices, keys you haven't used yet/).waitFor();
    const first = await linkSentTo(v);
    await notice.getByRole("button", { name: "Send the link again" }).click();
    await toastText(page, "Link Sent").waitFor();
    await page
      .getByText(`We've sent a new confirmation link to ${v}. It works once, within 24 hours.`)
      .first()
      .waitFor();
    const link = await linkSentTo(v, 2);
    expect(link).not.toBe(first);

    await page.getByRole("tab", { name: "Purchases" }).click();
    const panel = page.getByRole("tabpanel", { name: "Purchases" });
    await panel.getByRole("region", { name: "Confirm your email address" }).waitFor();
    await panel.getByText("1 Month Subscription").waitFor();
    expect(await panel.getByRole("listitem").count()).toBe(1);
    expect(await panel.getByText("4 Month Pro").count()).toBe(0);

    // V opens the link from V's inbox (here, the same browser).
    await page.goto(link);
    await page.getByRole("heading", { name: "Confirm your email address" }).waitFor();
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await page.getByRole("heading", { name: "Email confirmed" }).waitFor();
    await page.getByText(`${v} is confirmed.`, { exact: false }).waitFor();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.waitForURL(/tab=purchases/);
    const unlocked = page.getByRole("tabpanel", { name: "Purchases" });
    await unlocked.getByText("4 Month Pro").waitFor();
    expect(await unlocked.getByRole("listitem").count()).toBe(2);
    expect(await page.getByRole("region", { name: "Confirm your email address" }).count()).toBe(0);
    expect((await db().select().from(users).where(eq(users.email, v)))[0]!.emailConfirmedAt).not.toBeNull();
  });

  test("a used link says so, and sends the reader to the dashboard for a new one", async () => {
    const page = await suite.page(PHONE);
    await page.goto("/confirm-address?token=not-a-real-token");
    await page.getByRole("button", { name: "Confirm Email" }).click();
    // The page says what it is now, and no longer invites a click that can't work.
    await page.getByRole("heading", { name: "This link no longer works" }).waitFor();
    await page
      .getByRole("status")
      .getByText(/invalid, has expired or was replaced/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Confirm Email" }).count()).toBe(0);
    await page.getByRole("link", { name: /^Go to (Dashboard|Login)$/ }).waitFor();
    await shoot(page, "confirm-address-dead-390", false);
    await page.goto("/confirm-address");
    await page.getByRole("heading", { name: "Confirmation link incomplete" }).waitFor();
    await page.getByRole("link", { name: "Open Dashboard" }).waitFor();
  });
});

describe("screens", () => {
  for (const { theme, size, viewport } of LOOKS) {
    test(`unconfirmed Overview and Purchases, the link's page, and the confirmed Purchases, ${theme}, ${size} px`, async () => {
      const v = `shot${++count}@example.com`;
      await buy("pro", v);
      const signup = await call("POST", "/api/auth/signup", {
        email: v,
        password: "correct horse",
        confirmPassword: "correct horse",
        productKey: await buy("month", `buyer${count}@example.com`),
      });
      const token = signup.body.token as string;
      await call("PUT", "/api/user/settings", { theme }, token);
      const page = await suite.page(viewport);
      await openSignedIn(page, token);
      await page.getByRole("region", { name: "Confirm your email address" }).waitFor();
      await shoot(page, `address-unconfirmed-overview-${theme}-${size}`);
      await page.getByRole("tab", { name: "Purchases" }).click();
      await page.getByRole("tabpanel", { name: "Purchases" }).getByText("1 Month Subscription").waitFor();
      await shoot(page, `address-unconfirmed-purchases-${theme}-${size}`);
      await page.goto(await linkSentTo(v));
      await page.getByRole("button", { name: "Confirm Email" }).click();
      await page.getByRole("heading", { name: "Email confirmed" }).waitFor();
      await shoot(page, `address-confirmed-page-${theme}-${size}`);
      await page.goto("/dashboard?tab=purchases");
      await page.getByRole("tabpanel", { name: "Purchases" }).getByText("4 Month Pro").waitFor();
      await shoot(page, `address-confirmed-purchases-${theme}-${size}`);
    });
  }
});
