/**
 * The set-up a browser test file shares: one test server and one Chromium for the whole file, the SPA
 * bundled before the first test, every page a test opened closed after it, browser and server stopped
 * at the end. Call browserSuite() at the top level of the file; it registers those hooks itself, so a
 * file's own beforeAll (seeding, say) registered after it runs once the server is up.
 */
import { afterAll, afterEach, beforeAll } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchBrowser, openPage } from "./browser";
import { PagePool, watchForReuse } from "./page-pool";
import { startTestServer, type TestServer } from "./server";

export type TestServerOptions = Parameters<typeof startTestServer>[0];

export interface SuitePageOptions {
  /** Open the page on another server the test started (it stays the test's to stop). */
  server?: TestServer;
}

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * A page on the suite's server with nothing of an earlier test in it: no cookies, storage or cached files, at
   * `viewport`. It may be one an earlier test of the file used and left clean (tests/support/page-pool.ts);
   * otherwise a fresh context's. A page on another server is always a fresh context's, closed after the test.
   */
  page(viewport?: { width: number; height: number }, options?: SuitePageOptions): Promise<Page>;
  /** Closes the pages the test opened so far, for a test that must do so before stopping a server of its own. */
  closePages(): Promise<void>;
  /**
   * A page several tests share in turn, for a screen that is costly to reach and is then only looked at in other
   * ways (another theme or width, scrolled): the first test to ask for `key` opens it and runs `prepare`, later ones
   * get it as the one before left it. Closed when the file ends.
   */
  sharedPage(
    key: string,
    viewport: { width: number; height: number },
    prepare: (page: Page) => Promise<unknown>,
  ): Promise<Page>;
}

/**
 * `options` go to startTestServer; pass a function when they depend on something an earlier
 * beforeAll made (a fake provider's address).
 */
export function browserSuite(options: TestServerOptions | (() => TestServerOptions) = {}): BrowserSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  /** The pages the running test was given: the ones on the suite's server may be kept for the next test. */
  const pages: { page: Page; reusable: boolean }[] = [];
  const pool = new PagePool();
  const sharedPages = new Map<string, Promise<Page>>();

  const closePages = async () => {
    await Promise.all(pages.splice(0).map(({ page }) => page.context().close()));
  };
  // One page at a time: cleaning one must not look like a call the test left unanswered to the next.
  const endTestPages = async () => {
    for (const { page, reusable } of pages.splice(0)) {
      if (reusable) await pool.giveBack(page, started(server, "test server").url);
      else await page.context().close();
    }
  };

  beforeAll(async () => {
    server = await startTestServer(typeof options === "function" ? options() : options);
    browser = await launchBrowser();
    await fetch(`${server.url}/`); // the SPA is bundled on first use
  });
  afterEach(endTestPages);
  afterAll(async () => {
    await pool.closeAll();
    for (const opened of sharedPages.values()) await (await opened.catch(() => undefined))?.context().close();
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`the ${what} starts in beforeAll; use it inside hooks and tests`);
    return value;
  };

  return {
    get server() {
      return started(server, "test server");
    },
    get browser() {
      return started(browser, "browser");
    },
    async page(viewport = DESKTOP, pageOptions: SuitePageOptions = {}) {
      // TEST_FRESH_PAGES=1: a fresh context for every test, to rule the kept pages out.
      if (pageOptions.server || process.env.TEST_FRESH_PAGES) {
        const target = pageOptions.server ?? started(server, "test server");
        const page = await openPage(started(browser, "browser"), target.url, viewport);
        pages.push({ page, reusable: false });
        return page;
      }
      let page = pool.take(viewport);
      if (!page) {
        page = await openPage(started(browser, "browser"), started(server, "test server").url, viewport);
        watchForReuse(page, viewport, started(server, "test server").url);
      }
      pages.push({ page, reusable: true });
      return page;
    },
    closePages,
    sharedPage(key, viewport, prepare) {
      let opened = sharedPages.get(key);
      if (!opened) {
        opened = (async () => {
          const page = await openPage(started(browser, "browser"), started(server, "test server").url, viewport);
          await prepare(page);
          return page;
        })();
        sharedPages.set(key, opened);
      }
      return opened;
    },
  };
}
