/** The session's edge cases in a real browser: a server that fails, a session that ends mid-action, near-miss paths. */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { withWriter } from "../../src/db";
import { users } from "../../src/db/schema";
import { DESKTOP, openSignedIn, openStoragePage } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { signUpOn } from "../support/server";

setDefaultTimeout(60_000);

const suite = browserSuite();

async function page() {
  return suite.page(DESKTOP);
}

async function signUp(email: string) {
  const response = await signUpOn(suite.server, email);
  return (await response.json()) as { token: string; user: { id: number } };
}

describe("session edges", () => {
  test("a session that ends during an action shows 'Logged Out' on /login, not the action's failure", async () => {
    const account = await signUp("ended@example.com");
    const p = await page();
    await openSignedIn(p, account.token, "/dashboard");
    await p.getByText("ended@example.com").first().waitFor();
    await p.getByRole("tab", { name: /Plugin/ }).click();
    await p.getByText("Not generated yet").waitFor();
    // The tab's seats answered first (they offer Add seats): the tab then draws its key card again, and a click on
    // the card before that would land on a button about to be replaced.
    await p.getByText("Working with a team?", { exact: false }).waitFor();
    // Every old session ends (as after a password reset) just as the action's call leaves the page. Ended any
    // earlier, a call the dashboard makes on its own could meet the ended session first and leave before the click.
    await p.route("**/api/figma/generate-key", async (route) => {
      await suite.server.deps.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, account.user.id));
      await route.continue();
    });
    await p.getByRole("button", { name: "Generate Plugin Key" }).click();
    await p.waitForURL("**/login");
    await p.getByText("You've been successfully logged out.", { exact: true }).waitFor();
    // The failed call was answered and handled (it sent the page to /login); a toast it raised would be on screen
    // by the next frames.
    await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await p.getByText("Could not generate key").count()).toBe(0);
  });

  test("paths are exact: capitals show the 404 page, and a trailing slash leads to the page itself", async () => {
    const p = await page();
    await p.goto("/purchase/");
    expect(new URL(p.url()).pathname).toBe("/purchase");
    await p.getByRole("heading", { name: "Choose Your Plan" }).waitFor();
    for (const path of ["/DOCS", "/docs/Lock"]) {
      await p.goto(path);
      await p.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
    }
    await p.goto("/docs/lock");
    await p.getByRole("heading", { name: "Aspect Ratio Constraint Tag" }).waitFor();
  });

  test("when the account can't be loaded, the dashboard says so and offers a retry instead of loading forever", async () => {
    const account = await signUp("broken@example.com");
    const p = await page();
    await openStoragePage(p);
    await p.evaluate((t) => localStorage.setItem("token", t), account.token);
    // The database loses its users table: every signed-in call now fails on the server (500).
    const { db } = suite.server.deps;
    await withWriter(db, (writer) => {
      writer.run("PRAGMA foreign_keys = OFF");
      writer.run("ALTER TABLE users RENAME TO users_gone");
    });
    let restored = false;
    const restore = async () => {
      if (restored) return;
      restored = true;
      await withWriter(db, (writer) => {
        writer.run("ALTER TABLE users_gone RENAME TO users");
        writer.run("PRAGMA foreign_keys = ON");
      });
    };
    try {
      await p.goto("/dashboard");
      await p.getByRole("heading", { name: "We couldn't load your account" }).waitFor({ timeout: 30_000 });
      expect(await p.getByRole("alert").textContent()).toContain("500: Something went wrong on our side");
      await restore();
      await p.getByRole("button", { name: "Try again" }).click();
      await p.getByText("broken@example.com").first().waitFor();
    } finally {
      await restore();
    }
  });
});
