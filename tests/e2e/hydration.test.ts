/**
 * The browser taking over the server's HTML: every public route, and some in other languages, hydrates
 * with no console error or warning (React reports any mismatch there) and keeps the server's elements
 * instead of redrawing them; what a visitor does while a screen's code is still loading (typing, clicking) is not lost.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, storeSignIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { signUpOn } from "../support/server";
import type { AuthResponse } from "../../src/shared/api-types";

setDefaultTimeout(60_000);

const suite = browserSuite();

const PUBLIC_ROUTES = [
  "/",
  "/purchase",
  "/support",
  "/docs",
  "/docs/lock",
  "/docs/icon",
  "/login",
  "/signup",
  "/reset-password?token=abc",
  "/confirm-email?token=abc",
  "/terms",
  "/privacy",
  "/refund-policy",
  "/imprint",
  "/no-such-page",
  // In another language the page also waits for its catalogue, which may arrive just as React reaches it.
  "/de",
  "/de/purchase",
  "/pt-br/support",
];

/** Console errors and warnings, and uncaught errors, from the moment the page opens. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // The 404 page's own status, which the browser reports as a failed resource.
    if (message.text().includes("status of 404") && message.location().url.includes("/no-such-page")) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Remembers the server's <h1> element as parsed, before any of the app's code has run. */
async function rememberServerHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as any).serverHeading = document.querySelector("h1");
    });
  });
}

/** True once React has taken the page over: the screen's code ran and its handlers are attached. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector("h1");
    return !!heading && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
  });
}

async function signUp() {
  const email = `hydrate-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const response = await signUpOn(suite.server, email);
  return { email, password: "correct horse", ...((await response.json()) as AuthResponse) };
}

/**
 * Holds back every script but the entry one until `release()`: the screen's own code arrives late.
 * The page's `load` event is held too, as on a slow machine where the text is painted (and the entry
 * script started) before `load`: a test must then wait for what it needs, not for `load`.
 */
async function holdScreenCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entry = /<meta name="app-entry" content="(\/assets\/[^"]+\.js)">/.exec(
    await (await fetch(`${suite.server.url}/`)).text(),
  )![1];
  await page.route("**/assets/*.js", async (route) => {
    if (!new URL(route.request().url()).pathname.endsWith(entry)) await held;
    await route.continue();
  });
  await page.route("**/late-image.svg", async (route) => {
    await held;
    await route.fulfill({ contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  });
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const image = document.createElement("img");
      image.src = "/late-image.svg";
      image.alt = "";
      document.body.append(image);
    });
  });
  return release;
}

/** The console problems each shared page has collected, cleared by the test that loads a route in it. */
const problemsOf = new WeakMap<Page, string[]>();

/**
 * One page per width for the route tests. Each test loads its route as a new document, which React hydrates
 * afresh; a fresh context per route made each load start a new renderer with cold caches (about twice the CPU).
 */
async function routePage(width: string, viewport: { width: number; height: number }) {
  const page = await suite.sharedPage(`routes at ${width} width`, viewport, async (opened) => {
    problemsOf.set(opened, collectProblems(opened));
    await rememberServerHeading(opened);
  });
  return { page, problems: problemsOf.get(page)! };
}

describe("hydration", () => {
  for (const [width, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    for (const path of PUBLIC_ROUTES) {
      test(`${path} hydrates at ${width} width with no console error or warning, keeping the server's elements`, async () => {
        const { page, problems } = await routePage(width, viewport);
        problems.length = 0;
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        expect(problems).toEqual([]);
        expect(await page.evaluate(() => document.querySelector("h1") === (window as any).serverHeading)).toBe(true);
      });
    }
  }

  test("a signed-in visitor in the light theme hydrates the public pages cleanly too", async () => {
    const user = await signUp();
    const page = await suite.page(DESKTOP);
    const problems = collectProblems(page);
    await storeSignIn(page, user.token);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    for (const path of ["/", "/support", "/docs/lock"]) {
      problems.length = 0;
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect({ path, problems }).toEqual({ path, problems: [] });
      expect(await page.getByRole("banner").getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
    }
  });
});

describe("what a phone does first", () => {
  test("the page's text is on screen before the app's code is requested", async () => {
    const page = await suite.page(PHONE);
    await page.goto("/");
    await waitForHydration(page);
    const timings = await page.evaluate(() => {
      const entry = document.querySelector('meta[name="app-entry"]')!.getAttribute("content")!;
      return {
        text: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        code: performance.getEntriesByType("resource").find((resource) => new URL(resource.name).pathname === entry)
          ?.startTime,
      };
    });
    expect(timings.text).toBeNumber();
    expect(timings.code).toBeNumber();
    expect(timings.code!).toBeGreaterThanOrEqual(timings.text!);
  });

  test("the home page's drawing is taken over as the server drew it, not element by element", async () => {
    const page = await suite.page(PHONE);
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as any).serverDrawing = document.querySelector("#plugin-preview svg");
      });
    });
    await page.goto("/");
    await waitForHydration(page);
    const drawing = await page.evaluate(() => {
      const svg = document.querySelector("#plugin-preview svg")!;
      const managed = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"));
      return {
        same: svg === (window as any).serverDrawing,
        elements: svg.querySelectorAll("*").length,
        managed: [svg, ...svg.querySelectorAll("*")].filter(managed).length,
        holderManaged: managed(document.getElementById("plugin-preview")!),
      };
    });
    expect(drawing).toMatchObject({ same: true, managed: 0, holderManaged: true });
    expect(drawing.elements).toBeGreaterThan(100);
  });
});

describe("before the screen's code arrives", () => {
  test("text typed into the login form is kept and sent", async () => {
    const user = await signUp();
    const page = await suite.page(DESKTOP);
    const release = await holdScreenCode(page);
    // The fields are what the test needs; `load` may wait for the held code.
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    release();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
  });

  test("a tap on the phone menu's button opens the menu once the code is there", async () => {
    const page = await suite.page(PHONE);
    const release = await holdScreenCode(page);
    await page.goto("/support", { waitUntil: "domcontentloaded" });
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    release();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Purchase", exact: true }).waitFor();
    // The modal menu hides the rest of the page from the accessibility tree, so the button is found by its label.
    expect(await page.locator('[aria-label="Open menu"]').getAttribute("aria-expanded")).toBe("true");

    // The tap is used once: closed, the menu stays closed, and opens again on the next tap.
    await menu.getByRole("button", { name: "Close menu" }).click();
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-early-tap"))).toBe(false);
    await button.click();
    await menu.waitFor();
  });
});
