/**
 * Real Chromium (Debian's package) driven by playwright-core. One browser per test file;
 * pages at desktop (1280) or phone (390) width.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page, type Request } from "playwright-core";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** The full browser: what Lighthouse drives, and the tests' fallback. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * What the browser tests drive: Chromium's headless shell when Debian's `chromium-headless-shell` is there (the
 * same engine without the desktop browser around it: half the CPU time of the full one on the browser tests),
 * else the full browser. `CHROMIUM_PATH` picks one.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** How Chromium runs here, besides headless: no sandbox or GPU, nothing fetched in the background (there is no internet). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * In the tests every host name but the loopback's resolves to nothing, so no page reaches outside the machine: the
 * browser refuses such a request itself. (Refusing it with a Playwright route instead sent every request of every
 * page through the test process and back: about a third of a screen load's CPU.)
 */
const LOOPBACK_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    args: ["--headless", LOOPBACK_ONLY, ...CHROMIUM_FLAGS],
  });
}

/**
 * How long a page waits for what a test expects (an element, a load, hydration). Every wait is on a condition, so
 * this costs a passing test nothing; it is long because a CI machine runs the browser beside several test workers
 * and a database on two cores, where a screen can take many seconds to settle.
 */
export const PAGE_WAIT_MS = 30_000;

/**
 * A fresh context (empty storage) on `baseUrl`. Nothing outside the machine can be reached (CHROMIUM_FLAGS); a
 * test that needs a provider's script stubs it with its own route.
 */
export async function openPage(browser: Browser, baseUrl: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_WAIT_MS);
  waitForHydrationOnLoad(page);
  return page;
}

/**
 * Public screens arrive as server HTML that React then takes over; a click made before that lands on
 * a page without handlers. Like a person who waits for a page to be ready, every load waits until the
 * screen is hydrated, however long the machine takes (up to the page's own timeout), unless the app's
 * code failed to load (tests that refuse it) or the caller asked for the page before its `load`
 * (`waitUntil: "commit" | "domcontentloaded"`: it wants to act while the code is still coming).
 */
function waitForHydrationOnLoad(page: Page) {
  let codeFailed = false;
  page.on("requestfailed", (request) => {
    // ERR_ABORTED is the page before cancelling its own requests as the next one loads, and that event
    // can arrive after the next goto began: it says nothing of whether this page's code can load.
    if (request.resourceType() === "script" && request.failure()?.errorText !== "net::ERR_ABORTED") codeFailed = true;
  });
  const hydrated = async (waitUntil: string | undefined) => {
    if (waitUntil === "commit" || waitUntil === "domcontentloaded") return;
    const deadline = Date.now() + PAGE_WAIT_MS;
    while (!codeFailed && Date.now() < deadline) {
      const done = await page
        .evaluate(() => {
          // The screen's first element, and its header and main: a part the screen renders lazily is
          // hydrated after the rest, and a click on it before that is lost.
          const root = document.getElementById("root");
          const screen = root?.firstElementChild;
          if (!root || !screen) return true;
          const parts = [screen, ...root.querySelectorAll("header, main")];
          return parts.every((part) => Object.keys(part).some((key) => key.startsWith("__reactFiber")));
        })
        .catch(() => false);
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    codeFailed = false;
    const response = await goto(url, options);
    await hydrated(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    codeFailed = false;
    const response = await reload(options);
    await hydrated(options?.waitUntil);
    return response;
  };
}

/**
 * A blank document on the test server's origin, answered by the browser itself, where a test can write the
 * origin's storage before loading a screen: a page of the site would cost the browser a whole server-rendered
 * load (about half a second of CPU) only to be left at once.
 */
const STORAGE_PAGE = "/blank-page-for-storage";

/**
 * `page.route` as it was before tests/support/page-pool.ts watched the page: the blank document's route is used
 * up by its one request, so it leaves nothing behind that would keep the page from another test.
 */
export const quietRoute = new WeakMap<Page, Page["route"]>();

/** Opens that blank document, so the test can write the site's localStorage or sessionStorage. */
export async function openStoragePage(page: Page) {
  const route = quietRoute.get(page) ?? page.route.bind(page);
  await route(
    STORAGE_PAGE,
    (request) => request.fulfill({ contentType: "text/html", body: "<!doctype html><title>Storage</title>" }),
    { times: 1 },
  );
  await page.goto(STORAGE_PAGE);
}

/** Empties `origin`'s localStorage and the page's sessionStorage, leaving the page on the blank document. */
export async function clearOriginStorage(page: Page, origin: string) {
  await openStoragePage(page);
  if (new URL(page.url()).origin !== new URL(origin).origin) throw new Error(`the blank page is not on ${origin}`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** Signs a user in by storing the token the way the SPA's login does, on the blank document (no screen loaded). */
export async function storeSignIn(page: Page, token: string) {
  await openStoragePage(page);
  await page.evaluate((t) => {
    localStorage.setItem("token", t);
    sessionStorage.setItem("token", t);
  }, token);
}

/** Signs a user in by storing the token the way the SPA's login does, then loads `path`. */
export async function openSignedIn(page: Page, token: string, path = "/dashboard") {
  await storeSignIn(page, token);
  await page.goto(path);
}

/**
 * Where pictures for a person to look at go: SHOTS_DIR when set. Without it no picture is taken; the checks
 * beside a picture run either way. `SHOTS_DIR=/tmp/shots npm test -- tests/e2e/home.test.ts` takes them.
 */
export const SHOTS_DIR = process.env.SHOTS_DIR || undefined;

/** A picture of the page (all of it) or of one element, when pictures are asked for (SHOTS_DIR). */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = join(SHOTS_DIR, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}

/**
 * Follows the page's requests from now on; `quiet()` waits until none has been open for `quietMs`. Playwright's
 * "networkidle" says nothing when it times out; this names the requests still open, so a hung one is found.
 */
export function trackRequests(page: Page) {
  const open = new Set<Request>();
  let seen = 0;
  const started = (request: Request) => {
    seen++;
    open.add(request);
  };
  const ended = (request: Request) => open.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    /** How many requests the page made since tracking began. */
    get seen() {
      return seen;
    },
    async quiet(quietMs = 500, timeoutMs = PAGE_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      try {
        while (Date.now() < deadline) {
          if (open.size > 0) quietSince = Date.now();
          else if (Date.now() - quietSince >= quietMs) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const urls = [...open].map((request) => `${request.method()} ${request.url()}`);
        throw new Error(`requests still open after ${timeoutMs} ms: ${urls.join(", ")}`);
      } finally {
        page.off("request", started);
        page.off("requestfinished", ended);
        page.off("requestfailed", ended);
      }
    },
  };
}
