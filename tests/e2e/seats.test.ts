/**
 * A studio lead buys five seats with the demo card, signs up with the key, hands out plugin keys from the Plugin tab,
 * sees the seat's Roblox account once its key validates, frees the seat and gives it again.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { emails } from "../../src/db/schema";
import { DESKTOP, openSignedIn } from "../support/browser";
import { api, dashboardSuite, openTab, toastText } from "./dashboard-helpers";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { setSeatCount } from "../../src/features/seats/service";
import { checkEveryLook, classTheme, footerTheme } from "../support/looks";

setDefaultTimeout(90_000);

const env = dashboardSuite();

async function keyMailedTo(to: string): Promise<string> {
  const [mail] = await env.server.deps.db
    .select()
    .from(emails)
    .where(eq(emails.to, to))
    .orderBy(desc(emails.id))
    .limit(1);
  return mail!.payload.key as string;
}

describe("a studio's seats", () => {
  test("five seats bought with the demo card: the dialog prices them, the result page names them", async () => {
    const page = await env.page(DESKTOP);
    await page.goto("/purchase");
    await page.getByLabel("Email address").fill("lead@studio.example");
    await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
    const dialog = page.getByRole("dialog", { name: "Complete Your Purchase" });
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    expect(await dialog.getByLabel("Seats").inputValue()).toBe("1");

    await dialog.getByLabel("Seats").fill("0");
    await dialog.getByRole("button", { name: "Update total" }).click();
    await dialog.getByText("Seats must be a whole number from 1 to 100.").first().waitFor();

    await dialog.getByLabel("Seats").fill("5");
    await dialog.getByRole("button", { name: "Update total" }).click();
    await dialog.getByText("4 Month Pro × 5 seats").waitFor();
    await dialog.getByText("$24.99 per seat").waitFor();
    await dialog.getByText("$124.95").waitFor();
    await dialog.getByRole("button", { name: "Complete Payment" }).waitFor();
    await checkEveryLook(page, "seats-purchase-dialog", classTheme(page), false);

    await dialog.getByRole("button", { name: "Complete Payment" }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.getByText("4 Month Pro × 5 seats").waitFor();
    await page.getByText("This one key carries all 5 seats.", { exact: false }).waitFor();
    expect(await page.getByTestId("product-key").textContent()).toBe(await keyMailedTo("lead@studio.example"));
  });

  test("the lead hands out keys, sees the linked account, frees a seat and gives it again", async () => {
    const key = await keyMailedTo("lead@studio.example");
    const signup = await api(env, "POST", "/api/auth/signup", {
      email: "lead@studio.example",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: key,
    });
    expect(signup.status).toBe(200);
    const page = await env.page(DESKTOP);
    await openSignedIn(page, signup.body.token);
    await openTab(page, "Plugin");
    await page.getByTestId("seats-used").getByText("0 of 5 in use").waitFor();
    expect(await page.getByTestId("seat").count()).toBe(5);

    const seat2 = page.getByTestId("seat").nth(1);
    await seat2.getByRole("button", { name: "Name seat 2" }).click();
    await seat2.getByLabel("Name of seat 2").fill("Ana, level design");
    await seat2.getByRole("button", { name: "Save" }).click();
    await seat2.getByRole("heading", { name: "Seat 2: Ana, level design" }).waitFor();

    await seat2.getByRole("button", { name: "Generate key" }).click();
    await seat2.getByText("Copy it now: the whole key is shown only this once.").waitFor();
    const given = (await seat2.getByTestId("seat-key").textContent())!;
    expect(given).toMatch(/^ll_[a-z2-7]{32}$/);
    await page.getByTestId("seats-used").getByText("1 of 5 in use").waitFor();

    // Ana's plugin validates from her Roblox account: the seat shows it.
    expect((await api(env, "POST", "/api/plugin/validate", { key: given, robloxUserId: "123" })).status).toBe(200);
    await page.reload();
    await openTab(page, "Plugin");
    await seat2.getByText("Builder Man").waitFor();
    await seat2.getByText(/Last validated/).waitFor();
    expect(await seat2.getByTestId("seat-key").textContent()).toBe(`${given.slice(0, 7)}…${given.slice(-4)}`);
    await checkEveryLook(page, "seats-plugin-tab", footerTheme(page));

    await seat2.getByRole("button", { name: "Free this seat" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Free this seat" }).click();
    await seat2.getByTestId("seat-key").getByText("Free").waitFor();
    await seat2.getByText("No Roblox account linked yet.").waitFor();
    expect((await api(env, "POST", "/api/plugin/validate", { key: given, robloxUserId: "123" })).status).toBe(401);

    await seat2.getByRole("button", { name: "Generate key" }).click();
    await seat2.getByText("Copy it now: the whole key is shown only this once.").waitFor();
    const again = (await seat2.getByTestId("seat-key").textContent())!;
    expect(again).not.toBe(given);
    expect((await api(env, "POST", "/api/plugin/validate", { key: again, robloxUserId: "123" })).status).toBe(200);
  });

  test("freeing seat 1, the lead's own key, inside the reset cooldown says so and keeps the key and its link", async () => {
    const [bought] = await generateProductKeys(env.server.deps.db, env.server.deps.clock.now(), {
      plan: "pro",
      count: 1,
      source: "admin",
      seats: 2,
    });
    const signup = await api(env, "POST", "/api/auth/signup", {
      email: "lead2@studio.example",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: bought!.key,
    });
    const token = signup.body.token as string;
    const own = (await api(env, "POST", "/api/figma/generate-key", undefined, token)).body.figmaKey as string;
    await api(env, "POST", "/api/plugin/validate", { key: own, robloxUserId: "123" });
    expect((await api(env, "POST", "/api/figma/reset-linked-account", undefined, token)).status).toBe(200);
    await api(env, "POST", "/api/plugin/validate", { key: own, robloxUserId: "123" });

    const page = await env.page(DESKTOP);
    await openSignedIn(page, token);
    await openTab(page, "Plugin");
    const seat1 = page.getByTestId("seat").first();
    await seat1.getByRole("button", { name: "Free this seat" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Free this seat" }).click();
    await toastText(page, "You can reset the linked account again in about 1440 min.").waitFor();
    expect(await seat1.getByTestId("seat-key").textContent()).toBe(own);
    const again = await api(env, "POST", "/api/plugin/validate", { key: own, robloxUserId: "123" });
    expect(again.body).toMatchObject({ valid: true, linkedRobloxAccountId: "123" });
  });
  test("after the seats went down, the lead keeps an ended seat instead of one in use", async () => {
    const { db, clock } = env.server.deps;
    const [bought] = await generateProductKeys(db, clock.now(), { plan: "pro", count: 1, source: "admin", seats: 4 });
    const signup = await api(env, "POST", "/api/auth/signup", {
      email: "lead3@studio.example",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: bought!.key,
    });
    const token = signup.body.token as string;
    const ids = ((await api(env, "GET", "/api/seats", undefined, token)).body.seats as { id: number }[]).map(
      (seat) => seat.id,
    );
    const keys: string[] = [];
    for (const id of ids.slice(1))
      keys.push((await api(env, "POST", `/api/seats/${id}/key`, undefined, token)).body.key);
    await api(env, "PATCH", `/api/seats/${ids[3]}`, { label: "Ana, level design" }, token);
    expect((await api(env, "POST", "/api/plugin/validate", { key: keys[2], robloxUserId: "123" })).status).toBe(200);
    await setSeatCount(db, signup.body.user.id, 2, clock.now());

    const page = await env.page(DESKTOP);
    await openSignedIn(page, token);
    await openTab(page, "Plugin");
    await page.getByTestId("seats-used").getByText("1 of 2 in use").waitFor();
    const ana = page.getByTestId("ended-seat").filter({ hasText: "Ana, level design" });
    await ana.getByText("Builder Man").waitFor();
    await ana.getByText(`${keys[2]!.slice(0, 7)}…${keys[2]!.slice(-4)}`).waitFor();
    expect(await page.getByTestId("ended-seat").count()).toBe(2);
    await ana.getByRole("heading", { name: "Ana, level design" }).scrollIntoViewIfNeeded();
    await checkEveryLook(page, "seats-ended", footerTheme(page));

    await ana.getByLabel("End instead").selectOption({ label: "Seat 2" });
    await ana.getByRole("button", { name: "Keep this one instead" }).click();
    await toastText(page, "Seat kept").waitFor();
    await page.getByTestId("seat").nth(1).getByRole("heading", { name: "Seat 2: Ana, level design" }).waitFor();
    await page.getByTestId("seat").nth(1).getByText("Builder Man").waitFor();
    expect(await page.getByTestId("seat").count()).toBe(2);
    expect((await api(env, "POST", "/api/plugin/validate", { key: keys[2], robloxUserId: "123" })).status).toBe(200);
    const ended = await api(env, "POST", "/api/plugin/validate", { key: keys[0], robloxUserId: "2" });
    expect(ended).toMatchObject({ status: 403, body: { code: "SEAT_ENDED" } });
  });
});
