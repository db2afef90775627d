/**
 * The API reference at /api/docs renders in real Chromium from the site alone: no request leaves the
 * site, and nothing breaks the CSP or logs an error.
 */
import { expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, screenshot, trackRequests } from "../support/browser";
import { LOOKS } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { axeViolations, describeFindings } from "../support/axe";

setDefaultTimeout(60_000);

const suite = browserSuite();

/** Console errors, page errors (CSP violations are console errors) and requests that tried to leave the site. */
function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith("data:"))
      problems.push(`external request: ${request.url()}`);
  });
  return problems;
}

/**
 * The reference at one width, loaded once and shared by the tests below in turn: a load of its large script is
 * many seconds of a busy machine's time, and switching the theme or scrolling needs no new one. `problems` is
 * everything `watch` saw since the load.
 */
const problemsAt = new Map<number, string[]>();

async function reference(viewport: typeof DESKTOP | typeof PHONE) {
  const page = await suite.sharedPage(`reference ${viewport.width}`, viewport, async (opened) => {
    problemsAt.set(viewport.width, watch(opened, suite.server.url));
    opened.setDefaultTimeout(45_000); // the reference's script is large, and the machine may be busy
    const requests = trackRequests(opened);
    await opened.goto("/api/docs");
    await opened.getByRole("heading", { name: "Layerlift API" }).waitFor();
    await opened.getByText("/api/auth/me").first().waitFor({ state: "attached" }); // in the sidebar, folded away on a phone
    await requests.quiet();
  });
  return { page, problems: problemsAt.get(viewport.width)! };
}

/** The reference follows the system's theme, also when it changes while the page is open. */
async function showTheme(page: Page, theme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: theme });
  // The page's own mode is the body's class (code samples keep a dark panel in the light theme).
  await page.waitForFunction((wanted) => document.body.classList.contains(`${wanted}-mode`), theme);
}

for (const [name, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`the reference lists the API's operations with no CDN and no CSP or console error (${name})`, async () => {
    const { page, problems } = await reference(viewport);
    await screenshot(page, `api-docs-${name}`);
    expect(problems).toEqual([]);
  }, 120_000);
}

/**
 * The reference is readable by everyone: the plugin page has no axe violation (its scrolling examples
 * take the keyboard's focus); the whole reference, once rendered, at desktop and phone width in both
 * themes, has none either.
 */
test("the plugin API page has no axe violation", async () => {
  const page = await suite.page(DESKTOP);
  await page.goto("/api/plugin/docs");
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(describeFindings("/api/plugin/docs", await axeViolations(page))).toBe("");
});

/** Each operation's example answers, a card named by its status-code tabs ("Status: 200 Status: 422"). */
const exampleAnswers = (page: Page, role: "group" | "region") => page.getByRole(role, { name: /^Status: \d{3}/ });

for (const { theme, size: name, viewport } of LOOKS) {
  test(`the API reference has no axe violation (${name}, ${theme})`, async () => {
    const { page, problems } = await reference(viewport);
    await showTheme(page, theme);
    // Two operations with the same status codes are on the page: their example answers would be
    // two landmarks of one name if they were regions.
    await exampleAnswers(page, "group").or(exampleAnswers(page, "region")).nth(1).waitFor();
    await screenshot(page, `api-docs-axe-${name}-${theme}`);
    expect(describeFindings(`/api/docs (${name}, ${theme})`, await axeViolations(page))).toBe("");
    expect(problems).toEqual([]);
  }, 120_000);
}

/**
 * Scalar renders operations as the reader scrolls to them. The desktop reference is walked from top to end once,
 * and the three tests below share it: the phone's check narrows the same page rather than rendering every
 * operation a second time (a few seconds of a quiet machine, a minute of a busy one).
 *
 * A section is rendered when its placeholder comes within reach of the screen, as seen at a frame; one that is
 * never within reach at any frame stays a placeholder. The walk went 4,000 px a step, more than the reach, and on
 * a loaded machine one section of 121 was left so in two full runs, while the sections around it were still
 * changing height; waiting at the end of the page for a minute did not bring it. The walk's steps now overlap,
 * and while a card is missing the page is walked again from the top, pausing at each step.
 */
let scrolledToTheEnd: Promise<Page> | undefined;
function scrolledReference() {
  scrolledToTheEnd ??= reference(DESKTOP).then(async ({ page }) => {
    const expected = (await operations()).length;
    const cards = exampleAnswers(page, "group").or(exampleAnswers(page, "region"));
    for (let walk = 0; walk < 4 && (walk === 0 || (await cards.count()) < expected); walk++) {
      if (walk > 0)
        console.warn(`API reference: walked again, no answers yet for`, await operationsWithoutAnswers(page));
      await walkToTheEnd(page, walk === 0 ? 0 : 400);
    }
    return page;
  });
  return scrolledToTheEnd;
}

/** Scrolls from the top until the page stops growing at its end, waiting `pauseMs` after each step. */
function walkToTheEnd(page: Page, pauseMs: number) {
  return page.evaluate(async (pause) => {
    const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
    window.scrollTo(0, 0);
    // At the bottom with the same height five steps running: nothing more is being rendered. A page that never
    // settles stops after 2,000 steps, and the tests below say what is missing.
    for (let step = 0, still = 0, height = 0; still < 5 && step < 2000; step++) {
      // Scalar renders what comes within 1,200 px of the screen: steps of 2,400 px jump over nothing.
      window.scrollBy(0, 2400);
      await frame();
      await frame();
      if (pause) await new Promise((done) => setTimeout(done, pause));
      const now = document.documentElement.scrollHeight;
      still = window.scrollY + window.innerHeight >= now - 2 && now === height ? still + 1 : 0;
      height = now;
    }
  }, pauseMs);
}

/**
 * Operations and webhooks in the site's API document, each of which shows its example answers, as the end of
 * the id of its section on the page ("/GET/api/auth/me", "/POST/sale.completed").
 */
async function operations() {
  type Items = Record<string, Record<string, unknown>>;
  const document = (await (await fetch(`${suite.server.url}/api/openapi.json`)).json()) as {
    paths: Items;
    webhooks?: Items;
  };
  const methods = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
  return [...Object.entries(document.paths), ...Object.entries(document.webhooks ?? {})].flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => methods.has(key))
      .map((method) => `/${method.toUpperCase()}/${path.replace(/^\//, "")}`),
  );
}

/** Operations of the document whose section on the page has no example answers (not there, or not rendered). */
async function operationsWithoutAnswers(page: Page) {
  const rendered = await page.evaluate(() =>
    [...document.querySelectorAll("section[id]")].filter((s) => s.querySelector(".response-card")).map((s) => s.id),
  );
  return (await operations()).filter((operation) => !rendered.some((id) => id.endsWith(operation)));
}

/**
 * Scrolled to the end, every operation is on the page and no example-answers card is a landmark: each
 * operation's section is named by its own summary, and answers of several shapes show examples, not a picker
 * named "Schema".
 */
test("scrolled to the end, every operation's example answers are on the page and none is a landmark", async () => {
  const page = await scrolledReference();
  await showTheme(page, "light");
  expect(await operationsWithoutAnswers(page)).toEqual([]);
  expect(await exampleAnswers(page, "group").count()).toBe((await operations()).length);
  expect(await exampleAnswers(page, "region").count()).toBe(0);
  expect(problemsAt.get(DESKTOP.width)).toEqual([]);
}, 300_000);

/** The whole reference, every operation rendered, has no axe finding: at desktop width light, at phone width dark. */
for (const [name, viewport, theme] of [
  ["desktop", DESKTOP, "light"],
  ["phone", PHONE, "dark"],
] as const) {
  test(`scrolled to the end, the whole reference has no axe finding (${name}, ${theme})`, async () => {
    const page = await scrolledReference();
    await page.setViewportSize(viewport);
    await showTheme(page, theme);
    await screenshot(page, `api-docs-scrolled-${name}-${theme}`, { fullPage: false });
    expect(describeFindings(`/api/docs (scrolled to the end, ${name}, ${theme})`, await axeViolations(page))).toBe("");
    expect(problemsAt.get(DESKTOP.width)).toEqual([]);
  }, 300_000);
}
