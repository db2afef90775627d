/**
 * Pages kept from one test to the next of a file, made clean again in between.
 *
 * A screen loaded in a page that has loaded the site before costs the machine about half what the same load costs
 * as a fresh context's first (six public screens: about 640 ms of CPU a load against 1,310; a new page in a
 * context that has loaded them, 1,230): a new page starts with a new renderer, whose caches are all cold. So a
 * page a test leaves behind is given to the next test of the file that asks for one at the same width, once
 * everything the test could have changed is set back: its routes, init scripts, exposed functions and listeners
 * removed, extra headers and emulated media undone, cookies, storage and HTTP cache emptied, viewport, pointer and
 * timeout as they were.
 *
 * A page whose test did what can't be set back (a fake clock, permissions, a position, offline, a HAR, a key held
 * down, a visit to another origin, a second page in its context...), that was closed, whose cleaning failed, or
 * whose test left a call to the browser unanswered (a test that timed out, whose code may still act), is closed as
 * before.
 */
import type { BrowserContext, Page } from "playwright-core";
import { PAGE_WAIT_MS, clearOriginStorage, quietRoute } from "./browser";

type Viewport = { width: number; height: number };

/** What a test may call whose effect stays and can't be undone: the page is then closed after the test. */
const STICKY_ON_PAGE = ["routeFromHAR", "routeWebSocket", "setDefaultNavigationTimeout", "addLocatorHandler"] as const;
/** A key or button held down stays held in the next test. */
const STICKY_INPUT = ["down"] as const;
const STICKY_ON_CONTEXT = [
  "routeFromHAR",
  "routeWebSocket",
  "setGeolocation",
  "grantPermissions",
  "setOffline",
  "setHTTPCredentials",
  "setDefaultNavigationTimeout",
  "setStorageState",
] as const;
/** What a test may add that answers a `Disposable` (Playwright 1.5x): disposed after the test. */
const DISPOSABLE = ["addInitScript", "exposeBinding", "exposeFunction", "route"] as const;

/** Playwright's pages and contexts are event emitters with Node's interface (its types leave these out). */
type Emitter = {
  eventNames(): (string | symbol)[];
  listeners(name: string | symbol): ((...args: unknown[]) => void)[];
  off(name: string | symbol, listener: (...args: unknown[]) => void): unknown;
};
type Listeners = Map<string | symbol, Set<unknown>>;

interface Kept {
  viewport: Viewport;
  /** Set once the test called something that can't be undone. */
  sticky: boolean;
  /** What the test added that can be removed. */
  added: { dispose(): Promise<void> }[];
  headersSet: boolean;
  mediaEmulated: boolean;
  /** The listeners the page and its context had when it was opened: any other is the test's. */
  listeners: { page: Listeners; context: Listeners };
}

const kept = new WeakMap<Page, Kept>();

function listenersOf(owner: Page | BrowserContext): Listeners {
  const emitter = owner as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.listeners(name))] as const));
}

/** Removes every listener `owner` has that it did not have when it was opened. */
function removeAddedListeners(owner: Page | BrowserContext, before: Listeners) {
  const emitter = owner as unknown as Emitter;
  for (const name of emitter.eventNames())
    for (const listener of emitter.listeners(name)) if (!before.get(name)?.has(listener)) emitter.off(name, listener);
}

/** Wraps each of `names` on `target` to run `seen` with its arguments and its answer's promise. */
function watchCalls(target: object, names: readonly string[], seen: (name: string, answer: unknown) => void) {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = function (this: unknown, ...args: unknown[]) {
      const answer = original.apply(this, args);
      seen(name, answer);
      return answer;
    };
  }
}

/** Starts watching a newly opened page for what a test changes in it. */
export function watchForReuse(page: Page, viewport: Viewport, origin: string) {
  const context = page.context();
  const state: Kept = {
    viewport,
    sticky: false,
    added: [],
    headersSet: false,
    mediaEmulated: false,
    listeners: { page: new Map(), context: new Map() },
  };
  const mark = () => {
    state.sticky = true;
  };
  // Storage on another origin is not emptied: a page that went elsewhere is not given to another test. (Registered
  // before the listeners are counted, so it stays through the cleaning.)
  page.on("framenavigated", (frame) => {
    const url = frame.url();
    if (frame === page.mainFrame() && url.startsWith("http") && new URL(url).origin !== new URL(origin).origin) mark();
  });
  state.listeners = { page: listenersOf(page), context: listenersOf(context) };
  // The blank storage page's route is used up by its one request and needs no undoing.
  quietRoute.set(page, page.route.bind(page));
  for (const owner of [page, context]) {
    watchCalls(owner, owner === page ? STICKY_ON_PAGE : STICKY_ON_CONTEXT, mark);
    watchCalls(owner, DISPOSABLE, (_, answer) => {
      // Kept as the promise's outcome: a call that failed added nothing.
      (answer as Promise<{ dispose(): Promise<void> }>).then(
        (added) => state.added.push(added),
        () => {},
      );
    });
    watchCalls(owner, ["setExtraHTTPHeaders"], () => {
      state.headersSet = true;
    });
    const clock = owner.clock;
    Object.defineProperty(owner, "clock", {
      get() {
        mark();
        return clock;
      },
    });
  }
  watchCalls(page.keyboard, STICKY_INPUT, mark);
  watchCalls(page.mouse, STICKY_INPUT, mark);
  watchCalls(page.coverage, ["startJSCoverage", "startCSSCoverage"], mark);
  watchCalls(context.tracing, ["start"], mark);
  watchCalls(page, ["emulateMedia"], () => {
    state.mediaEmulated = true;
  });
  kept.set(page, state);
}

/**
 * Makes a page that a test has finished with clean for the next one; false when it can't be (the caller closes it).
 */
export async function cleanForReuse(page: Page, origin: string): Promise<boolean> {
  const state = kept.get(page);
  if (!state || state.sticky || page.isClosed() || callsInFlight(page)) return false;
  const context = page.context();
  if (context.pages().length !== 1) return false;
  try {
    await withDeadline(async () => {
      // Routes first (a request one still holds back ends with the screen, when the blank page replaces it).
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await context.unrouteAll({ behavior: "ignoreErrors" });
      for (const added of state.added.splice(0)) await added.dispose().catch(() => {});
      removeAddedListeners(page, state.listeners.page);
      removeAddedListeners(context, state.listeners.context);
      if (state.headersSet) {
        await context.setExtraHTTPHeaders({});
        await page.setExtraHTTPHeaders({});
        state.headersSet = false;
      }
      if (state.mediaEmulated) {
        // A new context's own settings (Playwright's defaults).
        await page.emulateMedia({
          media: null,
          colorScheme: "light",
          reducedMotion: "no-preference",
          forcedColors: "none",
          contrast: "no-preference",
        });
        state.mediaEmulated = false;
      }
      await context.clearCookies();
      // Off every element, so nothing of the next screen starts hovered.
      await page.mouse.move(-1, -1);
      if (JSON.stringify(page.viewportSize()) !== JSON.stringify(state.viewport))
        await page.setViewportSize(state.viewport);
      page.setDefaultTimeout(PAGE_WAIT_MS);
      await clearOriginStorage(page, origin);
      const cdp = await context.newCDPSession(page);
      try {
        await cdp.send("Network.clearBrowserCache");
        await cdp.send("Storage.clearDataForOrigin", { origin: new URL(origin).origin, storageTypes: "all" });
      } finally {
        await cdp.detach();
      }
    }, 10_000);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while the test process waits on an answer from the browser. Between tests nothing should: a call still out
 * is a test that timed out and whose code goes on (bun does not stop it), which must not act on the next test's
 * page. Playwright keeps its unanswered calls in its connection's `_callbacks` (not a public API): if that is ever
 * missing, the answer is true and pages are simply not reused.
 */
function callsInFlight(page: Page): boolean {
  const pending = (page as unknown as { _connection?: { _callbacks?: Map<unknown, unknown> } })._connection?._callbacks;
  return !(pending instanceof Map) || pending.size > 0;
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
