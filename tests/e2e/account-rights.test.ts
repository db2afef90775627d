/**
 * The account's rights in Settings, in a real browser: change password, change e-mail through the
 * link, download the data and delete the account, each through its dialog.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { LOOKS, showLook } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import type { Mailer } from "../../src/features/email/mailer";
import { api, newPage, openTab, signUp, toastText, type DashboardEnv } from "./dashboard-helpers";
import { shoot } from "./shots";

setDefaultTimeout(60_000);

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
const env = {
  get server() {
    return suite.server;
  },
  get fake(): never {
    throw new Error("no fake Roblox service here");
  },
  page: (viewport) => suite.page(viewport),
} as DashboardEnv;
const db = () => env.server.deps.db;

async function openSettings(token: string, viewport = DESKTOP) {
  const page = await newPage(env, viewport);
  await openSignedIn(page, token);
  await openTab(page, "Settings");
  return page;
}

describe("change password", () => {
  test("the dialog changes it: this browser stays signed in, another session ends, the new password signs in", async () => {
    const user = await signUp(env);
    const other = (await api(env, "POST", "/api/auth/login", { email: user.email, password: user.password })).body
      .token as string;
    const page = await openSettings(user.token);
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.getByText(/Every other browser or device signed in to your account is signed out/).waitFor();
    await dialog.getByLabel("Current password").fill("wrong password");
    await dialog.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await dialog.getByLabel("Confirm new password").fill("a brand new secret");
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await dialog.getByText("That is not your current password.").waitFor();

    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByRole("button", { name: "Change Password" }).click();
    await toastText(page, "Password Changed").waitFor();
    expect((await api(env, "GET", "/api/auth/me", undefined, other)).status).toBe(401);
    await page.reload();
    await openTab(page, "Settings");
    await page.getByTestId("member-since").waitFor();
    const stored = await page.evaluate(() => localStorage.getItem("token"));
    expect((await api(env, "GET", "/api/auth/me", undefined, stored!)).status).toBe(200);
    expect(
      (await api(env, "POST", "/api/auth/login", { email: user.email, password: "a brand new secret" })).status,
    ).toBe(200);
  });
});

/** The confirmation link e-mailed to `to`, once the sender has sent it. */
async function waitForLink(to: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mail = sent.find((email) => email.to === to && email.template === "email-change-confirm");
    if (mail) return mail.payload.confirmUrl as string;
    await Bun.sleep(100);
  }
  throw new Error(`no confirmation e-mail to ${to}`);
}

describe("change email", () => {
  test("the dialog sends a link; opening it and pressing Confirm Email changes the address", async () => {
    const user = await signUp(env);
    const page = await openSettings(user.token, PHONE);
    await page.getByRole("button", { name: "Change email" }).click();
    const dialog = page.getByRole("dialog", { name: "Change email" });
    await dialog.getByLabel("New email").fill("moved@example.com");
    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByRole("button", { name: "Send Confirmation Link" }).click();
    await dialog
      .getByRole("status")
      .getByText(/We've sent a confirmation link to moved@example.com/)
      .waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();

    const link = await waitForLink("moved@example.com");
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("heading", { name: "Confirm your new email" }).waitFor();
    await page.getByRole("button", { name: "Confirm Email" }).click();
    await page.getByRole("heading", { name: "Email changed" }).waitFor();
    await page.getByText("Your account's email is now moved@example.com. Sign in with it from now on.").waitFor();
    expect((await db().select().from(users).where(eq(users.id, user.userId)))[0]!.email).toBe("moved@example.com");
  });

  test("an address in use is refused under the field", async () => {
    const user = await signUp(env);
    const other = await signUp(env);
    const page = await openSettings(user.token);
    await page.getByRole("button", { name: "Change email" }).click();
    const dialog = page.getByRole("dialog", { name: "Change email" });
    await dialog.getByLabel("New email").fill(other.email);
    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByRole("button", { name: "Send Confirmation Link" }).click();
    await dialog.getByText("This email address can't be used for your account. Please choose another.").waitFor();
  });
});

describe("your data", () => {
  test("Download my data saves a JSON file of the account", async () => {
    const user = await signUp(env);
    const page = await openSettings(user.token);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^layerlift-account-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(data.account.email).toBe(user.email);
    expect(data.subscription.plan).toBe("pro");
  });

  test("Delete account says what is kept and why, asks for the password, then deletes and signs out", async () => {
    const user = await signUp(env);
    const page = await openSettings(user.token);
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByText(/What we keep, and why:/).waitFor();
    await dialog.getByText(/tax and accounting law\s+require us to keep sales records and invoices/).waitFor();
    await dialog
      .getByText(/the invoice and credit notes, the billing country, a\s+business tax ID if you gave one/)
      .waitFor();
    await dialog
      .getByText(/Your e-mail address is replaced in those records and\s+your postal code is erased/)
      .waitFor();
    await dialog
      .getByText(
        /invoices and credit notes already issued to you are kept exactly as issued, with your e-mail\s+address on them/,
      )
      .waitFor();
    // Not confirmed: what matched only its address stays, and the dialog says so.
    await dialog.getByText(/Your email address isn't confirmed/).waitFor();
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await dialog.getByText("Please enter your current password").waitFor();
    await dialog.getByLabel("Current password").fill("not the password");
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await dialog.getByText("That is not your current password.").waitFor();
    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await toastText(page, "Account Deleted").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect((await db().select().from(users).where(eq(users.id, user.userId)))[0]).toBeUndefined();
  });
});

describe("screens", () => {
  // One account's Settings tab and the e-mail confirmation page, each reached once and shared by the looks'
  // tests, which switch its theme and width.
  let account: Promise<string> | undefined;
  const token = () => (account ??= signUp(env).then((user) => user.token));

  for (const look of LOOKS) {
    const { theme, size } = look;
    test(`Settings and its dialogs, ${theme}, ${size} px`, async () => {
      const page = await suite.sharedPage("settings", DESKTOP, async (opened) => {
        await openSignedIn(opened, await token());
        await openTab(opened, "Settings");
      });
      await showLook(page, look);
      await shoot(page, `settings-${theme}-${size}`);
      for (const [button, name] of [
        ["Change email", "change-email"],
        ["Change password", "change-password"],
        ["Delete account", "delete-account"],
      ] as const) {
        await page.getByRole("button", { name: button }).click();
        const dialog = page.locator("[role=dialog], [role=alertdialog]");
        await dialog.waitFor();
        await shoot(page, `${name}-${theme}-${size}`, false);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
      }
      const confirm = await suite.sharedPage("confirm email", DESKTOP, async (opened) => {
        await openSignedIn(opened, await token(), "/confirm-email?token=example");
      });
      await showLook(confirm, look);
      await confirm.getByRole("button", { name: "Confirm Email" }).waitFor();
      await shoot(confirm, `confirm-email-${theme}-${size}`);
    });
  }
});
