/**
 * The home page in a real browser: hero, plugin preview, features and call to action; the
 * active-user line and the reviews section appear only when the database has something to show.
 * Each test that depends on data gets its own server, so no test sees another's rows.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { reviews, users } from "../../src/db/schema";
import { MINUTE } from "../../src/lib/clock";
import { PRODUCT_NAME } from "../../src/shared/product";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { startTestServer, type TestServer } from "../support/server";

setDefaultTimeout(90_000);

/** Its server is for tests that need no data of their own. */
const suite = browserSuite();
const servers: TestServer[] = [];

// Runs after the suite has closed the test's pages.
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** A server with an empty database for a test that adds its own rows. */
async function freshServer(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  await fetch(`${server.url}/`); // the SPA is bundled on first use
  return server;
}

async function openHome(server: TestServer, viewport = DESKTOP): Promise<Page> {
  const page = await suite.page(viewport, { server });
  await page.goto("/");
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

let emailCount = 0;
async function addUser(
  server: TestServer,
  fields: { email?: string; lastSeenAt?: number | null } = {},
): Promise<number> {
  const now = server.clock.now();
  const [row] = await server.deps.db
    .insert(users)
    .values({
      email: fields.email ?? `home${++emailCount}@example.com`,
      passwordHash: "not-a-real-hash",
      createdAt: now,
      lastSeenAt: fields.lastSeenAt ?? null,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function addReview(
  server: TestServer,
  userId: number,
  rating: number,
  comment: string,
  ageMinutes: number,
  displayName: string | null = null,
) {
  await server.deps.db
    .insert(reviews)
    .values({ userId, rating, comment, displayName, createdAt: server.clock.now() - ageMinutes * MINUTE });
}

/** Waits until both home-page queries have answered, so "not shown" means "nothing to show". */
function waitForHomeData(page: Page) {
  return Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/reviews") && r.ok()),
    page.waitForResponse((r) => r.url().endsWith("/api/stats/active-users") && r.ok()),
  ]);
}

describe("hero and sections", () => {
  test("the hero names the product's job and links to purchase and to support", async () => {
    const server = suite.server;
    const page = await openHome(server);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Import Figma Designs into Roblox UI");
    await page.getByText("scales it to all devices with precision").waitFor();
    expect(await page.getByRole("link", { name: `Get ${PRODUCT_NAME} Now` }).getAttribute("href")).toBe("/purchase");
    expect(await page.getByRole("link", { name: "View Documentation" }).getAttribute("href")).toBe("/support");
  });

  test("the plugin preview is a drawn illustration with a text alternative", async () => {
    const server = suite.server;
    const page = await openHome(server);
    const preview = page.getByRole("img", { name: /plugin preview/ });
    await preview.waitFor();
    expect(await preview.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
    expect(await preview.getAttribute("aria-label")).toContain("desktop monitor, a tablet and a phone");
    // A real drawing: the design's layer names and the three device labels are in it.
    for (const text of ["Buy_button", "Desktop", "Tablet", "Phone"]) {
      expect(await preview.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    }
  });

  test("the features section shows Auto Device Scaling, Smart Anchoring and Quick Imports", async () => {
    const server = suite.server;
    const page = await openHome(server);
    for (const title of ["Auto Device Scaling", "Smart Anchoring", "Quick Imports"]) {
      await page.getByRole("heading", { name: title }).waitFor();
    }
    await page.getByText("Import and scale a whole screen in under a minute").waitFor();
  });

  test("the call to action ends with Start Building Today, which opens the purchase page", async () => {
    const server = suite.server;
    const page = await openHome(server);
    await page.getByRole("heading", { name: "Ready to Transform Your Workflow?" }).waitFor();
    await page.getByRole("link", { name: "Start Building Today" }).click();
    await page.waitForURL("**/purchase");
  });

  test("the home page has its own title and description", async () => {
    const server = suite.server;
    const page = await openHome(server);
    expect(await page.title()).toBe(`Import Figma Designs into Roblox UI | ${PRODUCT_NAME}`);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("scales them to every device");
  });
});

describe("active users", () => {
  test("nobody active: no active-user line", async () => {
    const server = await freshServer();
    await addUser(server, { lastSeenAt: server.clock.now() - 30 * MINUTE });
    const page = await suite.page(DESKTOP, { server });
    const answered = waitForHomeData(page);
    await page.goto("/");
    await answered;
    await page.getByRole("heading", { name: "Smart Anchoring" }).waitFor();
    expect(await page.getByText(/active users? right now/).count()).toBe(0);
  });

  test("users seen in the last minutes are counted in 'N active users right now'", async () => {
    const server = await freshServer();
    const now = server.clock.now();
    await addUser(server, { lastSeenAt: now });
    await addUser(server, { lastSeenAt: now - 2 * MINUTE });
    await addUser(server, { lastSeenAt: now });
    await addUser(server, { lastSeenAt: now - 45 * MINUTE });
    const page = await openHome(server);
    const line = page.getByText("active users right now");
    await line.waitFor();
    expect((await line.textContent())?.replace(/\s+/g, " ").trim()).toBe("3 active users right now");
  });

  test("one active user reads '1 active user right now'", async () => {
    const server = await freshServer();
    await addUser(server, { lastSeenAt: server.clock.now() });
    const page = await openHome(server);
    const line = page.getByText("active user right now");
    await line.waitFor();
    expect((await line.textContent())?.replace(/\s+/g, " ").trim()).toBe("1 active user right now");
  });

  test("the count appears without moving the heading (its line is reserved)", async () => {
    const server = await freshServer();
    await addUser(server, { lastSeenAt: server.clock.now() });
    const page = await suite.page(DESKTOP, { server });
    // Hold the count back until the heading's place is measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/stats/active-users", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1 });
    const before = await heading.boundingBox();
    release();
    await page.getByText("active user right now").waitFor();
    expect(await heading.boundingBox()).toEqual(before);
  });
});

describe("reviews", () => {
  test("no reviews: no 'What Developers Are Saying' section", async () => {
    const server = await freshServer();
    const page = await suite.page(DESKTOP, { server });
    const answered = waitForHomeData(page);
    await page.goto("/");
    await answered;
    await page.getByRole("heading", { name: "Ready to Transform Your Workflow?" }).waitFor();
    expect(await page.getByRole("heading", { name: "What Developers Are Saying" }).count()).toBe(0);
  });

  test("the newest three reviews show their stars, quoted comment, the author's chosen name and its initial", async () => {
    const server = await freshServer();
    await addReview(server, await addUser(server, { email: "oldest@example.com" }), 5, "The oldest review", 40);
    await addReview(
      server,
      await addUser(server, { email: "maya@example.com" }),
      4,
      "Saved me a week of layout work",
      1,
      "maya",
    );
    await addReview(
      server,
      await addUser(server, { email: "jonas@example.com" }),
      5,
      "Buttons just work on mobile",
      2,
      "jonas",
    );
    await addReview(server, await addUser(server, { email: "lee@example.com" }), 3, "Good, wish it did fonts", 3);
    const page = await openHome(server);
    const section = page.getByRole("region", { name: "What Developers Are Saying" });
    await section.waitFor();

    const cards = section.getByRole("listitem");
    expect(await cards.count()).toBe(3);
    expect(await section.getByText("The oldest review").count()).toBe(0);

    const first = cards.nth(0);
    expect(await first.getByText('"Saved me a week of layout work"', { exact: true }).count()).toBe(1);
    expect(await first.getByText("maya", { exact: true }).count()).toBe(1);
    expect(await first.getByText("M", { exact: true }).count()).toBe(1);
    const stars = first.getByRole("img", { name: "Rated 4 out of 5" });
    expect(await stars.locator("svg").count()).toBe(4);

    expect(await cards.nth(2).getByRole("img", { name: "Rated 3 out of 5" }).locator("svg").count()).toBe(3);
  });

  test("two reviews sit centred under the heading, not at the left of three columns", async () => {
    const server = await freshServer();
    await addReview(server, await addUser(server), 5, "Works great", 1);
    await addReview(server, await addUser(server), 4, "Saved me hours", 2);
    const page = await openHome(server);
    const section = page.getByRole("region", { name: "What Developers Are Saying" });
    await section.getByRole("listitem").nth(1).waitFor();
    const list = (await section.getByRole("list").boundingBox())!;
    const first = (await section.getByRole("listitem").nth(0).boundingBox())!;
    const second = (await section.getByRole("listitem").nth(1).boundingBox())!;
    const cardsCentre = (first.x + second.x + second.width) / 2;
    expect(Math.abs(cardsCentre - (list.x + list.width / 2))).toBeLessThan(2);
    expect(first.width).toBeLessThan(list.width / 2);
  });

  test("a reviewer without a username shows as Anonymous with the initial U", async () => {
    const server = await freshServer();
    // An address with nothing before the @ gives no username.
    await addReview(server, await addUser(server, { email: "@example.com" }), 5, "Works great", 1);
    const page = await openHome(server);
    const card = page.getByRole("region", { name: "What Developers Are Saying" }).getByRole("listitem");
    await card.waitFor();
    expect(await card.getByText("Anonymous", { exact: true }).count()).toBe(1);
    expect(await card.getByText("U", { exact: true }).count()).toBe(1);
  });
});

describe("screens", () => {
  test("the home page fits a phone without sideways scrolling", async () => {
    const server = suite.server;
    const page = await openHome(server, PHONE);
    await page.getByRole("img", { name: /plugin preview/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("screenshots of the home page with reviews and active users at desktop and phone width", async () => {
    const server = await freshServer();
    await addUser(server, { lastSeenAt: server.clock.now() });
    await addReview(
      server,
      await addUser(server, { email: "maya@example.com" }),
      5,
      "Saved me a week of layout work",
      1,
    );
    await addReview(server, await addUser(server, { email: "jonas@example.com" }), 4, "Buttons just work on mobile", 2);
    await addReview(
      server,
      await addUser(server, { email: "lee@example.com" }),
      5,
      "The scaling is spot on across devices",
      3,
    );
    for (const [viewport, name] of [
      [DESKTOP, "home-desktop"],
      [PHONE, "home-phone"],
    ] as const) {
      const page = await openHome(server, viewport);
      await page.getByRole("heading", { name: "What Developers Are Saying" }).waitFor();
      await page.getByText("active user right now").waitFor();
      await screenshot(page, name);
    }
  });
});
