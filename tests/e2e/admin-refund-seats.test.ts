/**
 * Refunding some of a sale's seats from the admin panel in a real browser (demo provider): the Refund dialog of a
 * sale of several seats asks Seats to end, fills the amount with what they cost, and the account's newest seats end;
 * in both themes at desktop and phone width.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { productKeys, sales, seats } from "../../src/db/schema";
import type { PaymentIntentResponse } from "../../src/shared/api-types";
import { DESKTOP, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { axeViolations, describeFindings } from "../support/axe";
import { LOOKS, type Theme } from "../support/looks";
import { postJson, signInAdminOn } from "../support/server";
import { shoot } from "./shots";

// A refund journey takes 20 to 30 s on a busy two-core machine: the limit is for a hang, not for speed.
setDefaultTimeout(120_000);

const suite = browserSuite();
let adminToken: string;

const post = <T>(path: string, body: unknown) => postJson<T>(suite.server, path, body);

/** Four seats of 4 Month Pro bought with the demo card and redeemed at sign-up by `email`: the sale and the account. */
async function studio(email: string) {
  const { clientSecret } = await post<PaymentIntentResponse>("/api/create-payment-intent", {
    plan: "pro",
    email,
    seats: 4,
  });
  await post("/api/payment/demo/confirm", { clientSecret });
  const db = suite.server.deps.db;
  const [sale] = await db.select().from(sales).where(eq(sales.email, email)).limit(1);
  const [key] = await db.select().from(productKeys).where(eq(productKeys.saleId, sale!.id)).limit(1);
  const { user } = await post<{ user: { id: number } }>("/api/auth/signup", {
    email,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: key!.key,
  });
  return { sale: sale!, userId: user.id };
}

const liveSeats = async (userId: number) =>
  (
    await suite.server.deps.db
      .select()
      .from(seats)
      .where(and(eq(seats.userId, userId), isNull(seats.endedAt)))
  ).length;

beforeAll(async () => {
  adminToken = await signInAdminOn(suite.server);
});

/** The Sales tab in `theme` (a signed-in admin's theme is the account's setting) and the sale's open Refund dialog. */
async function openRefund(email: string, viewport = DESKTOP, theme: Theme = "dark") {
  const saved = await fetch(`${suite.server.url}/api/user/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ theme }),
  });
  expect(saved.status).toBe(200);
  const page = await suite.page(viewport);
  await openSignedIn(page, adminToken, "/admin?tab=sales");
  const table = page.getByRole("region", { name: "Sales" }).getByRole("table", { name: "All sales" });
  await table.getByRole("button", { name: `Refund the sale to ${email}` }).click();
  return { page, table, dialog: page.getByRole("alertdialog", { name: "Refund this sale?" }) };
}

describe("refunding some of a sale's seats", () => {
  test("Seats to end fills the amount with what they cost; the refund ends the account's newest seats", async () => {
    const { sale, userId } = await studio("four-seats@studio.example");
    const { page, table, dialog } = await openRefund("four-seats@studio.example");
    await dialog.getByLabel("Seats to end (optional)").fill("5");
    await dialog.getByText("Enter a whole number of seats from 1 to 4").waitFor();
    await dialog.getByLabel("Seats to end (optional)").fill("2");
    expect(await dialog.getByLabel("Amount to refund").inputValue()).toBe("49.98");
    await dialog.getByText("2 of the account's seats end, the newest first; the key keeps working.").waitFor();
    await dialog.getByRole("button", { name: "Refund $49.98" }).click();
    await page.locator("li").getByText("$49.98 refunded to four-seats@studio.example.", { exact: false }).waitFor();
    await table.getByText("$49.98 refunded").waitFor();
    const [after] = await suite.server.deps.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(after).toMatchObject({ status: "paid", refundedCents: 4998, refundedSeats: 2 });
    expect(await liveSeats(userId)).toBe(2);

    // A second refund offers only the seats the sale still pays for.
    await table.getByRole("button", { name: "Refund the sale to four-seats@studio.example" }).click();
    await dialog.getByText("Of the 2 seats this sale still pays for", { exact: false }).waitFor();
  });

  for (const { theme, size, viewport } of LOOKS)
    test(`the dialog with Seats to end, in the ${theme} theme at ${size} px, has no accessibility finding`, async () => {
      const email = `looks-${theme}-${size}@studio.example`;
      await studio(email);
      const { page, dialog } = await openRefund(email, viewport, theme);
      await dialog.getByLabel("Seats to end (optional)").fill("1");
      await dialog.getByRole("button", { name: "Refund $24.99" }).waitFor();
      expect(describeFindings(`refund seats, ${theme}, ${size}`, await axeViolations(page))).toBe("");
      await shoot(page, `admin-refund-seats-${size}-${theme}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
    });
});
