/**
 * The legal pages: /terms, /privacy, /refund-policy and /imprint answer complete server-rendered HTML with
 * their own titles, are in sitemap.xml and the footer, take the seller's details from SELLER_*, and an
 * operator's LEGAL_DIR replaces them file by file.
 */
import { afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, makeTestApp, type TestContext } from "../support/app";

// The first page bundles the SPA.
setDefaultTimeout(90_000);

const contexts: TestContext[] = [];
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.cleanup();
});

function app(env: Record<string, string> = {}) {
  const ctx = makeTestApp({ env: { APP_URL: "https://layerlift.example", ...env } });
  contexts.push(ctx);
  return ctx;
}

async function page(ctx: TestContext, path: string) {
  const response = await ctx.app.handle(new Request(`http://localhost${path}`));
  return { status: response.status, html: await response.text() };
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) => /<h1\b[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe("the pages", () => {
  const PAGES = [
    ["/terms", "Terms of Service", "What you buy"],
    ["/privacy", "Privacy Policy", "What we store, and why"],
    ["/refund-policy", "Refund Policy", "The 7-day guarantee"],
    ["/imprint", "Imprint", "is sold by"],
  ] as const;

  for (const [path, name, text] of PAGES) {
    test(`${path} is server-rendered with its own title, heading and text`, async () => {
      const answer = await page(app(), path);
      expect(answer.status).toBe(200);
      expect(title(answer.html)).toBe(`${name} | Layerlift`);
      expect(h1(answer.html)).toBe(name);
      expect(answer.html).toContain(text);
      expect(answer.html).toContain(`<link rel="canonical" href="https://layerlift.example${path}"`);
    });
  }

  test("each is in sitemap.xml", async () => {
    const sitemap = await page(app(), "/sitemap.xml");
    for (const [path] of PAGES) expect(sitemap.html).toContain(`<loc>https://layerlift.example${path}</loc>`);
  });

  test("the footer of every page links to all four", async () => {
    const home = await page(app(), "/");
    const footer = home.html.slice(home.html.indexOf("<footer"));
    for (const [path] of PAGES) expect(footer).toContain(`href="${path}"`);
  });

  test("the templates say plainly where the operator must fill in details", async () => {
    const terms = await page(app(), "/terms");
    expect(terms.html).toContain("For the site&#39;s operator:");
    expect(terms.html).toContain("[To be filled in by the operator]");
  });

  test("the refund policy follows the settings: the window's days, and e-mail only when self-service is off", async () => {
    const ten = (
      await call(
        app({ REFUND_WINDOW_DAYS: "10", SELF_SERVICE_REFUNDS: "request" }).app,
        "GET",
        "/api/legal/refund-policy",
      )
    ).body.html as string;
    expect(ten).toContain("The 10-day guarantee");
    expect(ten).toContain("Request refund");
    expect(ten).toContain("We look at each request");
    const off = (
      await call(
        app({ REFUND_WINDOW_DAYS: "0", SELLER_EMAIL: "help@seller.example" }).app,
        "GET",
        "/api/legal/refund-policy",
      )
    ).body.html as string;
    expect(off).not.toContain("Request refund");
    expect(off).toMatch(/Write to <a href="mailto:help@seller.example">/);
  });
});

describe("the imprint", () => {
  test("shows SELLER_NAME, SELLER_ADDRESS (line by line), SELLER_EMAIL and SELLER_TAX_ID, as text", async () => {
    const ctx = app({
      SELLER_NAME: "Ada <b>Works</b> Ltd",
      SELLER_ADDRESS: "1 Main Street\\n12345 Springfield",
      SELLER_EMAIL: "legal@ada.example",
      SELLER_TAX_ID: "GB123456789",
    });
    const { html } = (await call(ctx.app, "GET", "/api/legal/imprint")).body as { html: string };
    expect(html).toContain("Ada &lt;b&gt;Works&lt;/b&gt; Ltd");
    expect(html).not.toContain("<b>Works</b>");
    expect(html).toContain("1 Main Street<br>12345 Springfield");
    expect(html).toContain("legal@ada.example");
    expect(html).toContain("GB123456789");
  });

  test("names each missing SELLER_ variable instead of leaving a gap; SELLER_EMAIL defaults to EMAIL_FROM's address", async () => {
    const { html } = (
      await call(app({ EMAIL_FROM: "Layerlift <keys@seller.example>" }).app, "GET", "/api/legal/imprint")
    ).body as { html: string };
    expect(html).toContain("[Not filled in yet: SELLER_ADDRESS]");
    expect(html).toContain("[Not filled in yet: SELLER_TAX_ID");
    expect(html).toContain("keys@seller.example");
  });
});

describe("LEGAL_DIR", () => {
  test("replaces the pages it has a file for, and only those", async () => {
    const dir = mkdtempSync(join(tmpdir(), "legal-"));
    try {
      writeFileSync(join(dir, "terms.md"), "## Our own terms\n\nSold by {{sellerName}} under *our* rules.\n");
      const ctx = app({ LEGAL_DIR: dir, SELLER_NAME: "Ada Works" });
      const terms = await page(ctx, "/terms");
      expect(terms.html).toContain("<h2>Our own terms</h2>");
      expect(terms.html).toContain("Sold by Ada Works under <em>our</em> rules.");
      expect(terms.html).not.toContain("What you buy");
      expect((await page(ctx, "/privacy")).html).toContain("What we store, and why");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /api/legal/:slug", () => {
  test("answers the page as HTML with its title", async () => {
    const answer = await call(app().app, "GET", "/api/legal/privacy");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ slug: "privacy", title: "Privacy Policy" });
    expect(answer.body.html).toContain("<h2>Your rights</h2>");
  });

  test("an unknown page answers 422 naming the pages there are", async () => {
    const answer = await call(app().app, "GET", "/api/legal/cookies");
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("The page must be one of terms, privacy, refund-policy, imprint.");
  });
});
