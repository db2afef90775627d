/**
 * The documentation in a real browser: the index with its four categories, a page for every tag
 * reached through its card and along the previous/next chain, and the 404 page for unknown tags.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { PRODUCT_NAME } from "../../src/shared/product";
import { TAG_CATEGORIES, TAGS, tagBySlug } from "../../src/shared/tags";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";

// Two tests walk all 17 tag pages one click at a time: 20 s on a quiet machine, over a minute on a busy one.
setDefaultTimeout(120_000);

const suite = browserSuite();

async function open(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await suite.page(viewport);
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

async function heading(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
}

/** Waits for the tag page of `slug` to be on screen (client-side navigation keeps the old h1 briefly). */
async function waitForTagPage(page: Page, slug: string) {
  await page.waitForURL(`**/docs/${slug}`);
  await page.getByRole("heading", { level: 1, name: tagBySlug(slug)!.title, exact: true }).waitFor();
}

describe("documentation index", () => {
  test("the index shows the four categories", async () => {
    const page = await open("/docs");
    for (const name of ["Basic Export", "Layout & Scrolling", "Interactive States", "Advanced Components"]) {
      await page.getByRole("heading", { level: 2, name, exact: true }).waitFor();
    }
  });

  test("every one of the 17 tags has a card in its category", async () => {
    const page = await open("/docs");
    for (const category of TAG_CATEGORIES) {
      const section = page.getByRole("region", { name: category.name, exact: true });
      const hrefs = await section.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(category.tags.map((slug) => `/docs/${slug}`));
    }
    expect(TAG_CATEGORIES.flatMap((c) => c.tags)).toHaveLength(17);
  });

  test("every tag card opens a real page, not the 404 page", async () => {
    const page = await open("/docs");
    const cards = page.locator("main section[aria-labelledby^='category-'] a");
    expect(await cards.count()).toBe(17);
    for (let i = 0; i < 17; i++) {
      const card = page.locator("main section[aria-labelledby^='category-'] a").nth(i);
      const href = (await card.getAttribute("href"))!;
      await card.click();
      const slug = href.replace("/docs/", "");
      await waitForTagPage(page, slug);
      expect(await page.getByText("404 - Page Not Found").count()).toBe(0);
      await page.getByRole("link", { name: "Back to Documentation" }).click();
      await page.waitForURL("**/docs");
      await page.getByRole("heading", { level: 1, name: "Layer Tags" }).waitFor();
    }
  });

  test("the index links to the purchase page", async () => {
    const page = await open("/docs");
    const purchaseLinks = page.locator('main a[href="/purchase"]');
    expect(await purchaseLinks.count()).toBeGreaterThan(0);
    await purchaseLinks.last().click();
    await page.waitForURL("**/purchase");
  });

  test("the index has its own title and description", async () => {
    const page = await open("/docs");
    expect(await page.title()).toBe(`Documentation | ${PRODUCT_NAME}`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain("every layer-name tag");
  });
});

describe("tag pages", () => {
  test("following Next from /docs/gray visits all 17 pages in order and ends back at /docs", async () => {
    const page = await open("/docs/gray");
    const visited: string[] = [];
    for (const tag of TAGS) {
      await waitForTagPage(page, tag.slug);
      visited.push(new URL(page.url()).pathname);
      if (tag.next) await page.getByRole("link", { name: /^Next/ }).click();
    }
    expect(visited).toEqual([
      "/docs/gray",
      "/docs/button",
      "/docs/scroll",
      "/docs/image",
      "/docs/lock",
      "/docs/ignore",
      "/docs/parent",
      "/docs/clicked",
      "/docs/hover",
      "/docs/disabled",
      "/docs/toggled",
      "/docs/scrollx",
      "/docs/abs",
      "/docs/box",
      "/docs/vpf",
      "/docs/canvas",
      "/docs/icon",
    ]);
    expect(await page.getByRole("link", { name: /^Next/ }).count()).toBe(0);
    await page.getByRole("link", { name: "Back to All Tags" }).click();
    await page.waitForURL((url) => url.pathname === "/docs");
    expect(await heading(page)).toBe("Layer Tags");
  });

  test("following Previous from /docs/icon walks the chain back to /docs/gray, which has no previous page", async () => {
    const page = await open("/docs/icon");
    expect(await page.getByRole("link", { name: /^Previous/ }).getAttribute("href")).toBe("/docs/canvas");
    const visited: string[] = [];
    for (const tag of [...TAGS].reverse()) {
      await waitForTagPage(page, tag.slug);
      visited.push(tag.slug);
      if (tag.prev) await page.getByRole("link", { name: /^Previous/ }).click();
    }
    expect(visited).toEqual(TAGS.map((t) => t.slug).reverse());
    expect(await page.getByRole("link", { name: /^Previous/ }).count()).toBe(0);
  });

  test("the next page opens at its top, not where the previous one was scrolled to", async () => {
    const page = await open("/docs/gray");
    const next = page.getByRole("link", { name: /^Next/ });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await next.click();
    await waitForTagPage(page, "button");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a tag page has its badge, title and every section", async () => {
    const page = await open("/docs/scroll");
    const tag = tagBySlug("scroll")!;
    await page.getByText(tag.token, { exact: true }).first().waitFor();
    expect(await heading(page)).toBe(tag.title);
    for (const section of [
      "Overview",
      "How to Use",
      "Example Layer Tree",
      "Best Practices",
      "Important Notes",
      "Common Pitfalls",
    ]) {
      await page.getByRole("heading", { level: 2, name: section, exact: true }).waitFor();
    }
    expect(await page.getByRole("list", { name: "Example layer tree" }).getByRole("listitem").count()).toBe(
      tag.example.layers.length,
    );
    expect(await page.locator("main ol > li").count()).toBe(tag.howToUse.length);
  });

  test("the product's named pages carry their titles and next links", async () => {
    const expected = [
      { slug: "lock", token: "_lock", title: "Aspect Ratio Constraint Tag", next: "/docs/ignore" },
      { slug: "ignore", token: "_ignore", title: "Export Exclusion Tag", next: "/docs/parent" },
      { slug: "parent", token: "_parent", title: "Parent Hierarchy Tag", next: "/docs/clicked" },
      { slug: "clicked", token: "_clicked", title: "Button Clicked State Tag", next: "/docs/hover" },
    ];
    for (const { slug, token, title, next } of expected) {
      const page = await open(`/docs/${slug}`);
      expect(await heading(page)).toBe(title);
      await page.locator("main header").getByText(token, { exact: true }).first().waitFor(); // the badge, then the facts
      expect(await page.getByRole("link", { name: /^Next/ }).getAttribute("href")).toBe(next);
    }
  });

  test("the example layer tree is indented by depth in a monospace font", async () => {
    const page = await open("/docs/parent");
    const rows = page.getByRole("list", { name: "Example layer tree" }).getByRole("listitem");
    const layers = tagBySlug("parent")!.example.layers;
    const shallow = layers.findIndex((l) => l.depth === 0);
    const deep = layers.findIndex((l) => l.depth >= 2);
    const indent = (i: number) => rows.nth(i).evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
    expect(await indent(deep)).toBeGreaterThan(await indent(shallow));
    expect(await rows.first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
  });

  test("Back to Documentation returns to the index", async () => {
    const page = await open("/docs/button");
    await page.getByRole("link", { name: "Back to Documentation" }).click();
    await page.waitForURL((url) => url.pathname === "/docs");
    expect(await heading(page)).toBe("Layer Tags");
  });

  test("wider than 1024 px, a sidebar lists every tag and marks the page's own; narrower, it is not shown", async () => {
    const page = await open("/docs/lock");
    const sidebar = page.getByRole("navigation", { name: "All tags" });
    await sidebar.waitFor();
    expect(await sidebar.getByRole("link").count()).toBe(TAGS.length);
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toContain("_lock");
    for (const category of TAG_CATEGORIES) await sidebar.getByText(category.name, { exact: true }).waitFor();
    await sidebar.getByRole("link", { name: /_parent/ }).click();
    await waitForTagPage(page, "parent");
    expect(await sidebar.locator('[aria-current="page"]').textContent()).toContain("_parent");

    await page.setViewportSize({ width: 1000, height: 800 });
    expect(await sidebar.isVisible()).toBe(false);
    const phone = await open("/docs/lock", PHONE);
    expect(await phone.getByRole("navigation", { name: "All tags" }).isVisible()).toBe(false);
  });

  test("the # tag is written as code in the text, like every other tag", async () => {
    const page = await open("/docs/icon");
    const main = page.getByRole("main");
    const loneHashes = await main
      .locator("code")
      .evaluateAll((codes) => codes.filter((code) => code.textContent === "#").length);
    expect(loneHashes).toBeGreaterThan(0);
    // No bare "#" left in running text.
    const bare = await main
      .locator("p, li")
      .evaluateAll(
        (nodes) =>
          nodes.flatMap((node) =>
            [...node.childNodes].filter(
              (child) => child.nodeType === Node.TEXT_NODE && /(^|\s)#(\s|$)/.test(child.textContent ?? ""),
            ),
          ).length,
      );
    expect(bare).toBe(0);
  });

  test("an unknown tag shows the 404 page", async () => {
    const page = await open("/docs/sparkle");
    expect(await heading(page)).toBe("404 - Page Not Found");
    await page.getByRole("link", { name: "Back to Home" }).waitFor();
  });

  test("a tag page has its own title and description", async () => {
    const page = await open("/docs/lock");
    expect(await page.title()).toBe(`_lock Aspect Ratio Constraint Tag | ${PRODUCT_NAME}`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(
      tagBySlug("lock")!.summary,
    );
  });
});

describe("screens", () => {
  test("the index and tag pages fit a phone without sideways scrolling", async () => {
    for (const path of ["/docs", "/docs/button", "/docs/icon", "/docs/scrollx"]) {
      const page = await open(path, PHONE);
      expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
        path,
        width: PHONE.width,
      });
    }
  });

  test("screenshots of the index and two tag pages at desktop and phone width", async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, "desktop"],
      [PHONE, "phone"],
    ] as const) {
      for (const [path, name] of [
        ["/docs", "docs-index"],
        ["/docs/button", "docs-button"],
        ["/docs/icon", "docs-icon"],
      ] as const) {
        const page = await open(path, viewport);
        await screenshot(page, `${name}-${suffix}`);
      }
    }
  });
});
