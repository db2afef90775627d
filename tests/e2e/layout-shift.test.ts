/**
 * Signed-in screens hold still while they fill in: each dashboard tab and the admin Overview, loaded at 1280
 * and 390 px, keeps its layout-shift score (what moved on screen without the visitor doing anything, as
 * Chromium reports it) within web vitals' "good", 0.1. A placeholder of another size than what replaces it,
 * or a card inserted above others, moves what the visitor is reading or about to tap.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, openSignedIn, PHONE, trackRequests } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { signInAdminOn, signUpOn } from "../support/server";
import type { AuthResponse } from "../../src/shared/api-types";

setDefaultTimeout(90_000);

const suite = browserSuite();

/** Web vitals' bound of a "good" cumulative layout shift. */
const GOOD_LAYOUT_SHIFT = 0.1;

/**
 * Opens `path` signed in and waits until it has filled in: no placeholder left in the screen, no request open
 * for half a second, and two frames drawn after that.
 */
async function openFilledIn(page: Page, token: string, path: string) {
  const requests = trackRequests(page);
  await openSignedIn(page, token, path);
  await page.getByRole("tab", { selected: true }).waitFor();
  await page.waitForFunction(() => !document.querySelector("main [aria-busy=true], main .animate-pulse"));
  await requests.quiet();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The page's layout shifts since it loaded that no input caused, each with what moved. */
async function layoutShifts(page: Page) {
  expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes)).toContain("layout-shift");
  return page.evaluate(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    // Buffered: the observer's records hold every shift since the page loaded as soon as it observes.
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "layout-shift", buffered: true });
    const shifts = observer.takeRecords() as Shift[];
    observer.disconnect();
    return shifts
      .filter((shift) => !shift.hadRecentInput)
      .map((shift) => ({
        value: shift.value,
        moved: shift.sources.map(
          (source) =>
            `${source.node?.nodeName ?? "?"} ${source.previousRect.y}→${source.currentRect.y} (height ${source.previousRect.height}→${source.currentRect.height})`,
        ),
      }));
  });
}

const DASHBOARD_TABS = ["overview", "subscription", "plugin", "purchases", "support", "settings"];

let user: AuthResponse;
let admin: string;

describe("layout shift while a signed-in screen loads", () => {
  for (const viewport of [DESKTOP, PHONE])
    test(`every dashboard tab and the admin Overview stay within ${GOOD_LAYOUT_SHIFT} at ${viewport.width} px`, async () => {
      user ??= (await (await signUpOn(suite.server, "steady@example.com")).json()) as AuthResponse;
      admin ??= await signInAdminOn(suite.server);
      const screens: [string, string][] = [
        ...DASHBOARD_TABS.map((tab): [string, string] => [user.token, `/dashboard?tab=${tab}`]),
        [admin, "/admin"],
      ];
      const page = await suite.page(viewport);
      const scores: Record<string, { score: number; moved: string[] }> = {};
      for (const [token, path] of screens) {
        await openFilledIn(page, token, path);
        const shifts = await layoutShifts(page);
        const score = shifts.reduce((sum, shift) => sum + shift.value, 0);
        if (score > GOOD_LAYOUT_SHIFT) scores[path] = { score, moved: shifts.flatMap((shift) => shift.moved) };
      }
      expect(scores).toEqual({});
    });
});
