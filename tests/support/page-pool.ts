/**
 * Pages kept from one test to the next of a file, made clean again in between.
 *
 * A screen loaded in a page that has loaded the site before costs the machine about half what the same load costs
 * as a fresh context's first (six public screens: about 640 ms of CPU a load against 1,310; a new page in a
 * context that has loaded them, 1,230): a new page starts with a new renderer, whose caches are all cold. So a
 * page a test leaves behind is given to the next test of the file that asks for one at the same width, once its
 * cookies, storage, HTTP cache, viewport, pointer and timeout are set back.
 *
 * Only what can be set back is: a page whose test added something that stays (an init script, a route, an exposed
 * function, a listener still attached, a fake clock, emulated media, extra headers, permissions, offline, a second
 * page in its context), that was closed, or whose cleaning failed, is closed as before.
 */
import type { BrowserContext, Page } from "playwright-core";
import { DEFAULT_PAGE_WAIT_MS, clearOriginStorage, quietRoute } from "./browser";

type Viewport = { width: number; height: number };

/** What a test may call that leaves the page changed for the next one. */
const STICKY_ON_PAGE = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "emulateMedia",
  "setExtraHTTPHeaders",
  "setDefaultNavigationTimeout",
  "addLocatorHandler",
] as const;
const STICKY_ON_CONTEXT = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "setExtraHTTPHeaders",
  "setGeolocation",
  "grantPermissions",
  "setOffline",
  "setHTTPCredentials",
  "setDefaultNavigationTimeout",
] as const;

interface Kept {
  viewport: Viewport;
  /** Set once the test called something that can't be undone. */
  sticky: boolean;
  /** The listeners the page and its context had when it was opened (Playwright's waits add and remove their own). */
  listeners: { page: Map<string | symbol, number>; context: Map<string | symbol, number> };
}

const kept = new WeakMap<Page, Kept>();

/** Playwright's pages and contexts are event emitters with Node's interface (its types leave these two out). */
type Emitter = { eventNames(): (string | symbol)[]; listenerCount(name: string | symbol): number };

function countListeners(owner: Page | BrowserContext) {
  const emitter = owner as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, emitter.listenerCount(name)] as const));
}

function addedListeners(owner: Page | BrowserContext, before: Map<string | symbol, number>) {
  const emitter = owner as unknown as Emitter;
  return emitter.eventNames().some((name) => emitter.listenerCount(name) > (before.get(name) ?? 0));
}

function markOnUse(target: object, names: readonly string[], mark: () => void) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      mark();
      return original.apply(this, args);
    };
  }
}

/** Starts watching a newly opened page for what would keep it from being given to another test. */
export function watchForReuse(page: Page, viewport: Viewport) {
  const state: Kept = {
    viewport,
    sticky: false,
    listeners: { page: countListeners(page), context: countListeners(page.context()) },
  };
  const mark = () => {
    state.sticky = true;
  };
  quietRoute.set(page, page.route.bind(page));
  markOnUse(page, STICKY_ON_PAGE, mark);
  markOnUse(page.context(), STICKY_ON_CONTEXT, mark);
  for (const owner of [page, page.context()]) {
    const clock = owner.clock;
    Object.defineProperty(owner, "clock", {
      get() {
        mark();
        return clock;
      },
    });
  }
  kept.set(page, state);
}

/**
 * Makes a page that a test has finished with clean for the next one; false when it can't be (the caller closes it).
 */
export async function cleanForReuse(page: Page, origin: string): Promise<boolean> {
  const state = kept.get(page);
  if (!state || state.sticky || page.isClosed()) return false;
  const context = page.context();
  if (context.pages().length !== 1) return false;
  if (addedListeners(page, state.listeners.page) || addedListeners(context, state.listeners.context)) return false;
  try {
    await withDeadline(async () => {
      await context.clearCookies();
      // Off every element, so nothing of the next screen starts hovered.
      await page.mouse.move(-1, -1);
      if (JSON.stringify(page.viewportSize()) !== JSON.stringify(state.viewport))
        await page.setViewportSize(state.viewport);
      page.setDefaultTimeout(DEFAULT_PAGE_WAIT_MS);
      await clearOriginStorage(page, origin);
      const cdp = await context.newCDPSession(page);
      try {
        await cdp.send("Network.clearBrowserCache");
      } finally {
        await cdp.detach();
      }
    }, 10_000);
    return true;
  } catch {
    return false;
  }
}

async function withDeadline(work: () => Promise<void>, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`cleaning the page took over ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The kept pages of a file, by width: handed out one test at a time. */
export class PagePool {
  private readonly free = new Map<string, Page[]>();

  take(viewport: Viewport): Page | undefined {
    return this.free.get(JSON.stringify(viewport))?.pop();
  }

  /** Keeps `page` for a later test when it can be cleaned, else closes its context. */
  async giveBack(page: Page, origin: string) {
    const state = kept.get(page);
    if (state && (await cleanForReuse(page, origin))) {
      const key = JSON.stringify(state.viewport);
      const free = this.free.get(key) ?? [];
      if (free.length < 2) {
        free.push(page);
        this.free.set(key, free);
        return;
      }
    }
    await page
      .context()
      .close()
      .catch(() => {});
  }

  async closeAll() {
    const pages = [...this.free.values()].flat();
    this.free.clear();
    await Promise.all(
      pages.map((page) =>
        page
          .context()
          .close()
          .catch(() => {}),
      ),
    );
  }
}
