/**
 * The SPA shell in a real browser: navbar for visitors and signed-in users at desktop and phone
 * widths, the active-link rule, login and signup with their messages and redirects, the 404 page.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { makeKey } from "../support/app";
import { DESKTOP, PHONE, openSignedIn, openStoragePage } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { fieldDescription } from "./field-description";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import type { AuthResponse } from "../../src/shared/api-types";

setDefaultTimeout(90_000);

const suite = browserSuite();

function newPage(viewport = DESKTOP): Promise<Page> {
  return suite.page(viewport);
}

let userCount = 0;
async function signUpViaApi(plan: "month" | "pro" | "lifetime" = "pro") {
  const email = `shell${++userCount}-${Date.now()}@example.com`;
  const password = "correct horse";
  const response = await fetch(`${suite.server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password,
      confirmPassword: password,
      productKey: await makeKey(suite.server.deps, plan),
    }),
  });
  expect(response.status).toBe(200);
  const auth = (await response.json()) as AuthResponse;
  return { email, password, token: auth.token };
}

/** The toast region's text (Radix also announces toasts in a hidden copy, which this skips). */
function toastText(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

async function storedToken(page: Page) {
  return page.evaluate(() => ({ local: localStorage.getItem("token"), session: sessionStorage.getItem("token") }));
}

describe("navbar", () => {
  test("a visitor sees Home, Purchase, Support, Docs, Login and Sign Up on a desktop", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/");
    const header = page.getByRole("banner");
    for (const name of ["Home", "Purchase", "Support", "Docs", "Login", "Sign Up"]) {
      await header.getByRole("link", { name, exact: true }).waitFor();
    }
    expect(await header.getByRole("link", { name: "Docs", exact: true }).getAttribute("href")).toBe("/docs");
    expect(await header.getByRole("link", { name: "Dashboard" }).count()).toBe(0);
    expect(await header.getByRole("button", { name: "Logout" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
  });

  test("a signed-in user sees Dashboard and Logout instead of Login and Sign Up on a desktop", async () => {
    const { token } = await signUpViaApi();
    const page = await newPage(DESKTOP);
    await openSignedIn(page, token, "/support");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "Dashboard", exact: true }).waitFor();
    await header.getByRole("button", { name: "Logout" }).waitFor();
    expect(await header.getByRole("link", { name: "Login", exact: true }).count()).toBe(0);
    expect(await header.getByRole("link", { name: "Sign Up", exact: true }).count()).toBe(0);
  });

  test("on a phone the menu button opens a full-screen menu with the visitor's links", async () => {
    const page = await newPage(PHONE);
    await page.goto("/support");
    expect(await page.getByRole("banner").getByRole("link", { name: "Purchase" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    for (const name of ["Home", "Purchase", "Support", "Docs", "Login", "Sign Up"]) {
      await menu.getByRole("link", { name, exact: true }).waitFor();
    }
    const box = await menu.boundingBox();
    expect(box?.width).toBe(PHONE.width);

    await menu.getByRole("link", { name: "Purchase", exact: true }).click();
    await page.waitForURL("**/purchase");
    await menu.waitFor({ state: "detached" });
  });

  test("on a phone a signed-in user's menu holds Dashboard and Logout", async () => {
    const { token } = await signUpViaApi();
    const page = await newPage(PHONE);
    await openSignedIn(page, token, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Dashboard", exact: true }).waitFor();
    await menu.getByRole("button", { name: "Logout" }).waitFor();
    expect(await menu.getByRole("link", { name: "Login", exact: true }).count()).toBe(0);

    await menu.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await toastText(page, "Logged Out").waitFor();
    expect(await storedToken(page)).toEqual({ local: null, session: null });
  });

  test("Home is active only on exactly /, other links on their path and below", async () => {
    const page = await newPage(DESKTOP);
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    const current = (name: string) => nav.getByRole("link", { name, exact: true }).getAttribute("aria-current");

    await page.goto("/");
    await nav.getByRole("link", { name: "Home", exact: true }).waitFor();
    expect(await current("Home")).toBe("page");
    expect(await current("Purchase")).toBeNull();

    await page.goto("/purchase/success");
    await nav.getByRole("link", { name: "Purchase", exact: true }).waitFor();
    expect(await current("Purchase")).toBe("page");
    expect(await current("Home")).toBeNull();
    expect(await current("Support")).toBeNull();

    await page.goto("/support");
    await nav.getByRole("link", { name: "Support", exact: true }).waitFor();
    expect(await current("Support")).toBe("page");
    expect(await current("Home")).toBeNull();
  });
});

describe("login", () => {
  test("a user logs in, is welcomed and lands on /dashboard with the token in both storages", async () => {
    const { email, password } = await signUpViaApi();
    const page = await newPage(DESKTOP);
    await page.goto("/login");
    await fillLogin(page, email, password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await toastText(page, "Welcome back!").waitFor();
    await page.getByText(email).first().waitFor();
    const stored = await storedToken(page);
    expect(stored.local).toBeTruthy();
    expect(stored.session).toBe(stored.local);
  });

  test("an admin lands on /admin, welcomed without a 'back' the first time, and with it after", async () => {
    await createOrPromoteAdmin(
      suite.server.deps.db,
      { email: "shell-admin@example.com", password: "admin password" },
      suite.server.deps.clock.now(),
    );
    const page = await newPage(PHONE);
    await page.goto("/login");
    await fillLogin(page, "shell-admin@example.com", "admin password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL("**/admin");
    await toastText(page, "Welcome!").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");
    const again = await newPage(DESKTOP);
    await again.goto("/login");
    await fillLogin(again, "shell-admin@example.com", "admin password");
    await again.getByRole("button", { name: "Login", exact: true }).click();
    await again.waitForURL("**/admin");
    await toastText(again, "Welcome back!").waitFor();
  });

  test("Remember me is sent with the login and noted in persistent storage", async () => {
    const { email, password } = await signUpViaApi();
    const page = await newPage(DESKTOP);
    await page.goto("/login");
    await fillLogin(page, email, password);
    await page.getByLabel("Remember me").check();
    const request = page.waitForRequest((r) => r.url().endsWith("/api/auth/login"));
    await page.getByRole("button", { name: "Login", exact: true }).click();
    expect(JSON.parse((await request).postData() ?? "{}")).toEqual({ email, password, rememberMe: true });
    await page.waitForURL("**/dashboard");
    expect(await page.evaluate(() => localStorage.getItem("rememberMe"))).toBe("true");
  });

  test("a wrong password shows the server's sentence in a Login Failed toast", async () => {
    const { email } = await signUpViaApi();
    const page = await newPage(DESKTOP);
    await page.goto("/login");
    await fillLogin(page, email, "not the password");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await toastText(page, "Login Failed").waitFor();
    await toastText(page, "Invalid email or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    // The sentence also stays under the password, tied to it, after the toast has gone; typing clears it.
    const password = page.getByLabel("Password", { exact: true });
    expect(await fieldDescription(password)).toBe("Invalid email or password");
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    await password.fill("another try");
    expect(await fieldDescription(password)).toBe("");
  });

  test("empty fields are named before any call is made", async () => {
    const page = await newPage(PHONE);
    let called = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/login")) called = true;
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();
    expect(called).toBe(false);
  });

  test("a stored token sends /login and /signup on to /dashboard", async () => {
    const { token } = await signUpViaApi();
    const page = await newPage(DESKTOP);
    await openSignedIn(page, token, "/login");
    await page.waitForURL("**/dashboard");
    await page.goto("/signup");
    await page.waitForURL("**/dashboard");
  });

  test("a token only in session storage also counts", async () => {
    const { token } = await signUpViaApi();
    const page = await newPage(DESKTOP);
    await openStoragePage(page);
    await page.evaluate((t) => sessionStorage.setItem("token", t), token);
    await page.goto("/login");
    await page.waitForURL("**/dashboard");
  });

  test("a token the server no longer accepts is dropped and the dashboard sends to /login", async () => {
    const page = await newPage(DESKTOP);
    await openSignedIn(page, "not-a-real-token", "/dashboard");
    await page.waitForURL("**/login");
    await page.getByRole("banner").getByRole("link", { name: "Sign Up", exact: true }).waitFor();
    expect(await storedToken(page)).toEqual({ local: null, session: null });
  });
});

describe("signup", () => {
  test("each field is described by its hint, and by its error once the form is sent", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/signup");
    const key = page.getByLabel("Product key");
    const password = page.getByLabel("Password", { exact: true });
    expect(await fieldDescription(key)).toBe("No key yet? Purchase one · Can't find your key?");
    expect(await fieldDescription(password)).toBe("At least 8 characters");
    expect(await password.getAttribute("aria-invalid")).toBeNull();

    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Product key is required").waitFor();
    expect(await fieldDescription(key)).toBe("Product key is required");
    expect(await key.getAttribute("aria-invalid")).toBe("true");
    expect(await key.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await fieldDescription(password)).toBe("Password is required");
    expect(await password.getAttribute("aria-invalid")).toBe("true");
  });

  test("the product key is upper-cased, stripped and cut to 12 characters", async () => {
    const page = await newPage(PHONE);
    await page.goto("/signup");
    const key = page.getByLabel("Product key");
    await key.pressSequentially("abcd-2345 efgh!xyz");
    expect(await key.inputValue()).toBe("ABCD2345EFGH");
  });

  test("mismatched passwords are named and the button waits for matching passwords and the terms", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/signup");
    const submit = page.getByRole("button", { name: "Create Account" });
    await page.getByLabel("Password", { exact: true }).fill("password-one");
    await page.getByLabel("Confirm password").fill("password-two");
    await page.getByText("Passwords don't match").waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel("Confirm password").fill("password-one");
    await page.getByText("Passwords don't match").waitFor({ state: "detached" });
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel(/I agree to the terms/).check();
    expect(await submit.isEnabled()).toBe(true);
  });

  test("a short password and a malformed e-mail are named on submit", async () => {
    const page = await newPage(PHONE);
    await page.goto("/signup");
    await page.getByLabel("Product key").fill("ABCD2345EFGH");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("short");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(await page.getByText("Password must be at least 8 characters").count()).toBe(2);
  });

  test("a new account is created with a valid key and lands on /dashboard", async () => {
    const key = await makeKey(suite.server.deps, "month");
    const email = `fresh-${Date.now()}@example.com`;
    const page = await newPage(DESKTOP);
    await page.goto("/signup");
    await page.getByLabel("Product key").fill(key.toLowerCase());
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("long enough");
    await page.getByLabel("Confirm password").fill("long enough");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/dashboard");
    await toastText(page, "Account Created!").waitFor();
    await toastText(page, "Welcome to Layerlift! Your subscription is now active.").waitFor();
    const stored = await storedToken(page);
    expect(stored.local).toBeTruthy();
    expect(stored.session).toBeNull();
  });

  test("a mistyped key shows Signup Failed and stays on the form with what was typed, to be corrected", async () => {
    const page = await newPage(DESKTOP);
    // The page's timers run on a clock the test moves: an old delayed move to /purchase would fire.
    await page.clock.install();
    await page.goto("/signup");
    const email = `nokey-${Date.now()}@example.com`;
    await page.getByLabel("Product key").fill("ZZZZ9999ZZZZ");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("long enough");
    await page.getByLabel("Confirm password").fill("long enough");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await toastText(page, "Signup Failed").waitFor();
    await toastText(page, "Invalid product key").waitFor();
    expect(await fieldDescription(page.getByLabel("Product key"))).toBe("Invalid product key");
    await page.clock.runFor(10_000);
    expect(new URL(page.url()).pathname).toBe("/signup");
    expect(await page.getByLabel("Product key").inputValue()).toBe("ZZZZ9999ZZZZ");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    // Corrected, the same form creates the account.
    const key = await makeKey(suite.server.deps, "pro");
    await page.getByLabel("Product key").fill(key);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/dashboard");
  });

  test("an address already registered is named under the e-mail field, as well as in the toast", async () => {
    const { email } = await signUpViaApi();
    const key = await makeKey(suite.server.deps, "pro");
    const page = await newPage(PHONE);
    await page.goto("/signup");
    await page.getByLabel("Product key").fill(key);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("long enough");
    await page.getByLabel("Confirm password").fill("long enough");
    await page.getByLabel(/I agree to the terms/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await toastText(page, "Signup Failed").waitFor();
    const sentence = "An account with this email already exists. Please sign in instead.";
    await toastText(page, sentence).waitFor();
    expect(await fieldDescription(page.getByLabel("Email"))).toBe(sentence);
    expect(await fieldDescription(page.getByLabel("Product key"))).toBe(
      "No key yet? Purchase one · Can't find your key?",
    );
  });
});

describe("404", () => {
  test("an unknown path shows the 404 page, whose button goes home", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage(viewport);
      await page.goto("/no/such/page");
      await page.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
      await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
      await page.getByRole("link", { name: "Back to Home" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    }
  });
});

describe("the test browser", () => {
  test("reaches the test server and nothing outside the machine", async () => {
    const page = await newPage();
    await openStoragePage(page);
    const failed = page.waitForEvent("requestfailed", (request) => request.url().startsWith("https://example.com/"));
    const outside = await page.evaluate(() =>
      fetch("https://example.com/").then(
        () => "answered",
        () => "refused",
      ),
    );
    expect(outside).toBe("refused");
    expect((await failed).failure()?.errorText).toBe("net::ERR_NAME_NOT_RESOLVED");
    expect(await page.evaluate(() => fetch("/api/health").then((answer) => answer.status))).toBe(200);
  });
});
