/**
 * The theme setting in a real browser: dark by default, light or system picked in the footer (visitors)
 * or in the dashboard's Settings (kept in the account), applied at once, and applied again before the
 * first paint of the next page load, with no flash of the other theme.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { signUpOn } from "../support/server";
import type { AuthResponse } from "../../src/shared/api-types";

setDefaultTimeout(90_000);

const suite = browserSuite();

/** The page's background colour, as painted. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const WHITE = "rgb(255, 255, 255)";
const NEAR_BLACK = "rgb(9, 9, 11)";

/**
 * Records <html>'s class and the body colour at the first animation frame, which comes before the
 * first paint, and stops the app's own code from loading: what is seen then is the server's HTML and
 * the head script alone.
 */
async function watchFirstFrame(page: Page) {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as any).firstFrame = {
        className: document.documentElement.className,
        background: document.body ? getComputedStyle(document.body).backgroundColor : null,
      };
    });
  });
  await page.route("**/assets/*.js", (route) => route.abort());
}

const firstFrame = (page: Page) =>
  page
    .waitForFunction(() => (window as any).firstFrame)
    .then((handle) => handle.jsonValue() as Promise<{ className: string; background: string }>);

async function signUp() {
  const email = `theme-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await signUpOn(suite.server, email);
  return (await response.json()) as AuthResponse;
}

describe("visitors", () => {
  test("the site is dark by default", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/");
    expect(await htmlClass(page)).toContain("dark");
    expect(await background(page)).toBe(NEAR_BLACK);
    expect(await page.getByLabel("Theme").inputValue()).toBe("dark");
  });

  test("picking Light in the footer applies it at once, and the next load is light from its first frame", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/support");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByLabel("Theme").selectOption("light");
    expect(await htmlClass(page)).toContain("light");
    expect(await background(page)).toBe(WHITE);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    await watchFirstFrame(page);
    await page.goto("/docs/lock");
    const frame = await firstFrame(page);
    expect(frame.className).toContain("light");
    expect(frame.className).not.toContain("dark");
    expect(frame.background).toBe(WHITE);
    // The server's HTML is all there, in the light theme, without any of the app's code.
    await page.getByRole("heading", { level: 1, name: "Aspect Ratio Constraint Tag" }).waitFor();
  });

  test("System follows the device, and changes with it", async () => {
    const page = await suite.page(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByLabel("Theme").selectOption("system");
    expect(await background(page)).toBe(WHITE);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await background(page)).toBe(NEAR_BLACK);

    await page.emulateMedia({ colorScheme: "light" });
    await watchFirstFrame(page);
    await page.reload();
    expect((await firstFrame(page)).className).toContain("light");
  });

  test("going back to Dark after Light leaves no light first frame", async () => {
    const page = await suite.page(DESKTOP);
    await page.goto("/");
    await page.getByLabel("Theme").selectOption("light");
    await page.getByLabel("Theme").selectOption("dark");
    await watchFirstFrame(page);
    await page.reload();
    const frame = await firstFrame(page);
    expect(frame.className).toContain("dark");
    expect(frame.background).toBe(NEAR_BLACK);
  });
});

describe("signed-in users", () => {
  test("the theme picked in Settings applies at once and is kept in the account", async () => {
    const auth = await signUp();
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, auth.token, "/dashboard");
    await page.getByRole("tab", { name: "Settings" }).click();
    const select = page.getByRole("tabpanel", { name: "Settings" }).getByLabel("Theme");
    await select.selectOption("light");
    expect(await background(page)).toBe(WHITE);
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText("Settings Updated", { exact: true })
      .waitFor();

    const me = await fetch(`${suite.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${auth.token}` } });
    expect(((await me.json()) as AuthResponse).user.settings.theme).toBe("light");
  });

  test("an account's theme follows it to another device on sign-in", async () => {
    const auth = await signUp();
    await fetch(`${suite.server.url}/api/user/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${auth.token}` },
      body: JSON.stringify({ theme: "light" }),
    });
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, auth.token, "/dashboard");
    await page.waitForFunction(() => document.documentElement.classList.contains("light"));
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("a visitor's Light is kept on sign-in while the account has no theme of its own", async () => {
    const auth = await signUp();
    const page = await suite.page(DESKTOP);
    await page.goto("/login");
    await page.getByLabel("Theme").selectOption("light");
    await page.getByLabel("Email").fill(auth.user.email);
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("tab", { name: "Settings" }).waitFor();
    expect(await htmlClass(page)).toContain("light");
    expect(await background(page)).toBe(WHITE);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    const me = await fetch(`${suite.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${auth.token}` } });
    expect(((await me.json()) as AuthResponse).user.settings.theme).toBeNull();
  });

  test("a theme picked with the footer's control while signed in becomes the account's", async () => {
    const auth = await signUp();
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, auth.token, "/dashboard");
    await page.getByRole("tab", { name: "Settings" }).waitFor();
    const saved = page.waitForResponse(
      (response) => response.url().endsWith("/api/user/settings") && response.request().method() === "PUT",
    );
    await page.getByRole("contentinfo").getByLabel("Theme").selectOption("system");
    expect((await saved).status()).toBe(200);
    const me = await fetch(`${suite.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${auth.token}` } });
    expect(((await me.json()) as AuthResponse).user.settings.theme).toBe("system");
  });

  test("a stored session shows the signed-in navbar from the first frame", async () => {
    const auth = await signUp();
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, auth.token, "/");
    await watchFirstFrame(page);
    await page.reload();
    expect((await firstFrame(page)).className).toContain("signed-in");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Logout" }).waitFor();
    expect(await header.getByRole("link", { name: "Login", exact: true }).count()).toBe(0);
  });
});
