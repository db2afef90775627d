/**
 * Signed-in screens (dashboard, admin panel) are rendered by the browser: their page arrives as the
 * site's frame (header, footer, the screen's loading skeleton), asks for the screen's code while the
 * HTML is read (and its words, the English catalogue's rest), and renders the screen as soon as the code and the account's data are in. Reloading
 * one, or opening a link from an e-mail, no longer shows an empty page until a 3-second fallback.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { makeKey } from "../support/app";
import { DESKTOP, PHONE, openSignedIn, trackRequests } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { postJson, signInAdminOn } from "../support/server";
import type { AuthResponse } from "../../src/shared/api-types";

setDefaultTimeout(60_000);

const suite = browserSuite();

let userToken: string;
let adminToken: string;

const post = <T>(path: string, body: unknown) => postJson<T>(suite.server, path, body);

beforeAll(async () => {
  const productKey = await makeKey(suite.server.deps, "pro");
  userToken = (
    await post<AuthResponse>("/api/auth/signup", {
      email: "reloader@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey,
    })
  ).token;
  adminToken = await signInAdminOn(suite.server);
});

const SCREENS = [
  // `marker` is text only that screen's own code carries, to tell its file among the scripts the page loaded;
  // `words`, when the screen's words are in the site's catalogues, a sentence only the English catalogue's rest has.
  {
    path: "/dashboard?tab=subscription",
    token: () => userToken,
    heading: "Dashboard",
    marker: "grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto",
    words: "Dashboard sections",
  },
  { path: "/admin", token: () => adminToken, heading: "Admin Panel", marker: "Signed in as", words: null },
] as const;

/** When each script the page fetched was requested, and when the page's load event came (ms since navigation). */
async function scriptTimings(page: Page) {
  return page.evaluate(() => ({
    load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ url: entry.name, requestedAt: entry.startTime })),
  }));
}

describe("a signed-in screen after a reload", () => {
  for (const screen of SCREENS) {
    test(`${screen.path}: the screen's code is requested before the page's load event, and the screen renders`, async () => {
      const page = await suite.page(DESKTOP);
      await openSignedIn(page, screen.token(), screen.path);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: screen.heading }).waitFor();
      const { load, scripts } = await scriptTimings(page);
      expect(load).toBeGreaterThan(0);
      const screenCode = [];
      const screenWords = [];
      for (const script of scripts) {
        const code = await (await fetch(script.url)).text();
        if (code.includes(screen.marker)) screenCode.push(script);
        if (screen.words && code.includes(screen.words)) screenWords.push(script);
      }
      expect(screenCode).toHaveLength(1);
      expect(screenCode[0].requestedAt).toBeLessThan(load);
      // Its words are asked for with its code, not once the code has run.
      if (screen.words) {
        expect(screenWords).toHaveLength(1);
        expect(screenWords[0].requestedAt).toBeLessThan(load);
      }
    });
  }

  for (const [width, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`before any script runs, /dashboard at ${width} width already shows the site's header, footer and a loading skeleton`, async () => {
      const page = await suite.page(viewport);
      await openSignedIn(page, userToken, "/404-blank-for-storage");
      await page.route("**/*.js", (route) => route.abort());
      await page.goto("/dashboard");
      const header = page.getByRole("banner");
      await header
        .getByRole("link", { name: /Layerlift/ })
        .first()
        .waitFor();
      expect(await page.getByRole("contentinfo").isVisible()).toBe(true);
      expect(await page.getByRole("status").textContent()).toContain("Loading");
      // The stored session shows in the header from the first frame, as on public pages.
      expect(await header.getByRole("button", { name: "Logout" }).isVisible()).toBe(width === "desktop");
    });
  }

  test("the server's frame is replaced, not hydrated: no console error or warning, one header", async () => {
    const page = await suite.page(DESKTOP);
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    await openSignedIn(page, userToken, "/404-blank-for-storage");
    problems.length = 0; // the 404 page's own status
    const requests = trackRequests(page);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await requests.quiet(); // every request of the screen answered: a late warning would be seen
    expect(requests.seen).toBeGreaterThan(1); // the page and at least the account's data
    expect(problems).toEqual([]);
    expect(await page.getByRole("banner").count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
  });
});
