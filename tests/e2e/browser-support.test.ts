/**
 * The browser tests' own helper (tests/support/browser.ts): a page load returns once React has taken the
 * screen over, so a test's first click is never lost on a slow machine.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import { PHONE } from "../support/browser";
import { browserSuite } from "../support/browser-suite";

setDefaultTimeout(90_000);

const suite = browserSuite();

test("a load waits for hydration even when the page before left its code loading", async () => {
  const page = await suite.page(PHONE);
  const entry = /<meta name="app-entry" content="(\/assets\/[^"]+\.js)">/.exec(
    await (await fetch(`${suite.server.url}/`)).text(),
  )![1];
  // The first page's entry script never arrives: leaving that page cancels it (net::ERR_ABORTED).
  let held = false;
  await page.route(`**${entry}`, async (route) => {
    if (held) return route.continue();
    held = true;
    await new Promise(() => {});
  });
  const entryRequested = page.waitForRequest((request) => request.url().endsWith(entry));
  await page.goto("/support", { waitUntil: "domcontentloaded" });
  await entryRequested;

  await page.goto("/");
  const hydrated = await page.evaluate(() => {
    const button = document.querySelector('[aria-label="Open menu"]');
    return !!button && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
  expect(hydrated).toBe(true);
});
