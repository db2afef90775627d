/**
 * What search engines, link previews and curl see: every public route answers complete HTML with its
 * heading and text, unknown paths answer 404 with the 404 page, each page has its own head tags and
 * JSON-LD, and robots.txt and sitemap.xml follow the route list and the tag catalogue.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { twMerge } from "tailwind-merge";
import { FAQ } from "../../src/shared/faq";
import { PLUGIN_FAILURE_CODES } from "../../src/shared/api/plugin-answers";
import { PLUGIN_TROUBLESHOOTING } from "../../src/shared/plugin-troubleshooting";
import { ROUTES } from "../../src/shared/routes";
import { LANGUAGES, localizedPath } from "../../src/shared/languages";
import { TAGS } from "../../src/shared/tags";
import { makeTestApp } from "../support/app";

const APP_URL = "https://layerlift.example";
const ctx = makeTestApp({ env: { APP_URL } });
afterAll(() => ctx.cleanup());
// The first page bundles the SPA (seconds on a busy machine): done before the tests, not inside the first one.
beforeAll(async () => {
  await ctx.app.handle(new Request("http://localhost/"));
}, 60_000);

async function get(path: string) {
  const response = await ctx.app.handle(new Request(`http://localhost${path}`));
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    text: await response.text(),
    headers: response.headers,
  };
}

/** The text a person would read in the server's HTML: tags removed, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<body"));
  return body
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function headings(html: string, level: number): string[] {
  return [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map((m) =>
    visibleText(`<body>${m[1]}`).trim(),
  );
}

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1] ?? null;
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe("complete HTML for every public route", () => {
  const pages: Array<[string, string, string]> = [
    ["/", "Import Figma Designs into Roblox UI", "Ready to Transform Your Workflow?"],
    ["/purchase", "Choose Your Plan", "4 Month Pro"],
    ["/support", "How can we help?", "Frequently Asked Questions"],
    ["/docs", "Layer Tags", "Interactive States"],
    ["/docs/lock", "Aspect Ratio Constraint Tag", "FitWithinMaxSize"],
    ["/docs/getting-started", "Getting Started", "Generate Plugin Key"],
    ["/docs/icon", TAGS.find((tag) => tag.slug === "icon")!.title, "Back to All Tags"],
    ["/login", "Welcome back", "Remember me"],
    ["/signup", "Create your account", "Product key"],
    ["/reset-password", "Choose a new password", "Confirm new password"],
  ];
  for (const [path, heading, text] of pages) {
    test(`${path} answers 200 with "${heading}" and its text already in the HTML`, async () => {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.type).toContain("text/html");
      expect(headings(page.text, 1)).toEqual([heading]);
      expect(visibleText(page.text)).toContain(text);
    });
  }

  test("every tag of the catalogue has its page rendered", async () => {
    for (const tag of TAGS) {
      const page = await get(`/docs/${tag.slug}`);
      expect(page.status).toBe(200);
      expect(headings(page.text, 1)).toEqual([tag.title]);
      expect(visibleText(page.text)).toContain(tag.token);
    }
  });

  test("data that changes is not in the HTML: no session, no reviews, no counts", async () => {
    const home = visibleText((await get("/")).text);
    expect(home).not.toContain("What Developers Are Saying");
    expect(home).not.toMatch(/active users? right now/);
    expect(home).toContain("Login");
  });

  test("the payment result comes as its frame and a skeleton, the same for every visitor, kept out of search engines", async () => {
    const page = await get("/purchase/success?payment_intent=pi_x&redirect_status=succeeded");
    expect(page.status).toBe(200);
    expect(headings(page.text, 1)).toEqual(["Verifying your payment…"]);
    expect(page.text).toContain('aria-busy="true"');
    expect(visibleText(page.text)).not.toContain("Invalid payment parameters");
    expect(meta(page.text, "robots")).toBe("noindex");
    expect(canonical(page.text)).toBeNull();
  });

  test("a support ticket's page comes as its frame and a skeleton, whatever its link, kept out of search engines", async () => {
    const page = await get("/support/ticket?token=1.2.abc");
    expect(page.status).toBe(200);
    expect(headings(page.text, 1)).toEqual(["Your support ticket"]);
    expect(page.text).toContain('aria-busy="true"');
    expect(meta(page.text, "robots")).toBe("noindex");
    expect(canonical(page.text)).toBeNull();
  });

  test("signed-in screens are rendered in the browser and kept out of search engines", async () => {
    for (const path of ["/dashboard", "/admin"]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(meta(page.text, "robots")).toBe("noindex");
      expect(canonical(page.text)).toBeNull();
      // The screen's code and the app's are asked for from <head>, while the page is read.
      expect(page.text.match(/<link rel="modulepreload" href="\/assets\/[^"]+\.js">/g)?.length ?? 0).toBeGreaterThan(2);
    }
  });

  test("a signed-in screen's page carries the site's frame: header, footer and the screen's loading skeleton, marked for the browser to render over", async () => {
    for (const path of ["/dashboard", "/admin"]) {
      const html = (await get(path)).text;
      expect(html).toContain('<div id="root" data-shell>');
      expect(html).toMatch(/<header[^>]*>[\s\S]*Layerlift[\s\S]*<\/header>/);
      expect(html).toMatch(/<footer[^>]*>[\s\S]*<\/footer>/);
      expect(html).toMatch(/<div role="status"[^>]*>[\s\S]*Loading…/);
      expect(html).not.toContain('id="class-merges"');
    }
  });

  test("each rendered page carries the class merges its render made, as tailwind-merge makes them", async () => {
    for (const path of ["/", "/purchase", "/support", "/docs/lock", "/login", "/no-such-page"]) {
      const html = (await get(path)).text;
      const script = /<\/div><script type="application\/json" id="class-merges">([^<]*)<\/script>/.exec(html);
      expect(script).not.toBeNull();
      const merges = JSON.parse(script![1]) as Record<string, string | 1>;
      const changed = Object.entries(merges).filter(([, merged]) => merged !== 1);
      expect({ path, changed: changed.length > 0 }).toEqual({ path, changed: true });
      for (const [joined, merged] of Object.entries(merges))
        expect(merged === 1 ? joined : merged).toBe(twMerge(joined));
    }
    expect((await get("/dashboard")).text).not.toContain('id="class-merges"');
  });

  test("pages are compressed and revalidated, never cached stale", async () => {
    const response = await ctx.app.handle(
      new Request("http://localhost/docs", { headers: { "accept-encoding": "br" } }),
    );
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const again = await ctx.app.handle(
      new Request("http://localhost/docs", { headers: { "if-none-match": response.headers.get("etag")! } }),
    );
    expect(again.status).toBe(304);
  });
});

describe("the setup guide", () => {
  test("has its own title, description and canonical URL", async () => {
    const page = await get("/docs/getting-started");
    expect(/<title>([^<]*)<\/title>/.exec(page.text)?.[1]).toBe("Getting Started | Layerlift");
    expect(meta(page.text, "description")).toStartWith("Set up Layerlift in six steps");
    expect(canonical(page.text)).toBe(`${APP_URL}/docs/getting-started`);
  });

  test("troubleshooting covers every failure the plugin's validate call can answer, plus the reset cooldown and no answer", async () => {
    const covered = PLUGIN_TROUBLESHOOTING.map((entry) => entry.code).filter((code) => code !== null);
    expect([...covered].sort()).toEqual([...PLUGIN_FAILURE_CODES].sort());
    const text = visibleText((await get("/docs/getting-started")).text);
    for (const entry of PLUGIN_TROUBLESHOOTING) {
      expect(text).toContain(entry.title);
      for (const line of entry.fix) expect(text).toContain(line);
    }
    expect(PLUGIN_TROUBLESHOOTING.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(["reset-cooldown", "server-unreachable"]),
    );
  });
});

describe("status codes", () => {
  test("a path that is not a route answers 404 with the 404 page", async () => {
    for (const path of ["/nope", "/docs/not-a-tag", "/Docs", "/support/faq", "/docs/Lock"]) {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.type).toContain("text/html");
      expect(headings(page.text, 1)).toEqual(["404 - Page Not Found"]);
      expect(visibleText(page.text)).toContain("Back to Home");
      expect(meta(page.text, "robots")).toBe("noindex");
    }
  });

  test("a trailing slash redirects to the page on every public path, keeping the query", async () => {
    const paths = [
      ...ROUTES.filter((route) => route.path !== "/" && !route.path.includes(":")).map((route) => route.path),
      ...TAGS.map((tag) => `/docs/${tag.slug}`),
    ];
    expect(paths).toContain("/docs");
    for (const path of paths) {
      const answer = await get(`${path}/`);
      expect({ path, status: answer.status, location: answer.headers.get("location") }).toEqual({
        path,
        status: 301,
        location: path,
      });
    }
    expect((await get("/docs/lock/?from=chat")).headers.get("location")).toBe("/docs/lock?from=chat");
    expect((await get("/docs/lock//")).headers.get("location")).toBe("/docs/lock");
    // Never an address on another site.
    expect((await get("//evil.example/")).headers.get("location")).toBe("/evil.example");
    expect((await get("/")).status).toBe(200);
  });

  test("unknown API paths still answer JSON 404", async () => {
    const page = await get("/api/nope");
    expect(page.status).toBe(404);
    expect(JSON.parse(page.text).error).toBe("NOT_FOUND");
  });
});

describe("head tags", () => {
  test("each page has its own title, description and a canonical URL on APP_URL", async () => {
    const titles = new Set<string>();
    for (const path of ["/", "/purchase", "/support", "/docs", "/docs/lock", "/login", "/signup"]) {
      const { text } = await get(path);
      const title = /<title>([^<]*)<\/title>/.exec(text)![1];
      titles.add(title);
      expect(title).toEndWith("| Layerlift");
      expect(meta(text, "description")!.length).toBeGreaterThan(50);
      expect(canonical(text)).toBe(path === "/" ? `${APP_URL}/` : APP_URL + path);
    }
    expect(titles.size).toBe(7);
  });

  test("Open Graph and Twitter card tags point at the 1200×630 preview picture, which is a real PNG", async () => {
    const { text } = await get("/docs/lock");
    expect(meta(text, "og:title")).toBe("_lock Aspect Ratio Constraint Tag | Layerlift");
    expect(meta(text, "og:type")).toBe("article");
    expect(meta(text, "og:url")).toBe(`${APP_URL}/docs/lock`);
    expect(meta(text, "og:image")).toBe(`${APP_URL}/social-preview.png`);
    expect(meta(text, "og:image:width")).toBe("1200");
    expect(meta(text, "og:image:height")).toBe("630");
    expect(meta(text, "twitter:card")).toBe("summary_large_image");
    expect(meta(text, "twitter:image")).toBe(`${APP_URL}/social-preview.png`);

    const image = await ctx.app.handle(new Request("http://localhost/social-preview.png"));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await image.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });

  test("/ and /purchase describe the product with one offer per plan of the catalogue", async () => {
    for (const path of ["/", "/purchase"]) {
      const [app] = jsonLd((await get(path)).text);
      expect(app["@type"]).toBe("SoftwareApplication");
      expect(app.name).toBe("Layerlift");
      expect(app.offers.map((offer: any) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
        ["1 Month Subscription", "6.99", "USD"],
        ["4 Month Pro", "24.99", "USD"],
        ["Lifetime Access", "149.99", "USD"],
      ]);
    }
  });

  test("/support carries its FAQ as FAQPage, question for question", async () => {
    const [faq] = jsonLd((await get("/support")).text);
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.mainEntity.map((q: any) => [q.name, q.acceptedAnswer.text])).toEqual(
      FAQ.map((entry) => [entry.question, entry.answer]),
    );
  });

  test("the FAQ's refund answer names the site's REFUND_WINDOW_DAYS and the ways to refund, in the page and its JSON-LD", async () => {
    const other = makeTestApp({ env: { APP_URL, REFUND_WINDOW_DAYS: "14" } });
    try {
      const html = await (await other.app.handle(new Request("http://localhost/support"))).text();
      const [faq] = jsonLd(html);
      const refunds = faq.mainEntity.find((q: any) => q.name === "What is your refund policy?");
      expect(refunds.acceptedAnswer.text).toContain("within 14 days of your purchase");
      expect(refunds.acceptedAnswer.text).toContain("Request refund in your dashboard's Purchases tab");
      expect(refunds.acceptedAnswer.text).toContain("refund link in the e-mail");
      // The browser's render reads the same window from the page's own data.
      expect(html).toContain('"refundWindowDays":14');
    } finally {
      other.cleanup();
    }
  }, 60_000);

  test("docs pages are TechArticles", async () => {
    const [index] = jsonLd((await get("/docs")).text);
    expect(index["@type"]).toBe("TechArticle");
    expect(index.hasPart).toHaveLength(TAGS.length);
    const [lock] = jsonLd((await get("/docs/lock")).text);
    expect(lock["@type"]).toBe("TechArticle");
    expect(lock.headline).toBe("_lock Aspect Ratio Constraint Tag");
    expect(lock.url).toBe(`${APP_URL}/docs/lock`);
  });

  test("the theme and session script is the only inline script, and the CSP allows it by hash", async () => {
    const response = await ctx.app.handle(new Request("http://localhost/"));
    const html = await response.text();
    // JSON-LD and the class merges are data blocks, which browsers never run.
    const scripts = [
      ...html.matchAll(/<script(?![^>]*(?:type="application\/(?:ld\+)?json"|src=))[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    const hash = new Bun.CryptoHasher("sha256").update(scripts[0]).digest("base64");
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(/script-src[^;]*unsafe-inline/.test(policy)).toBe(false);
  });
});

describe("robots.txt and sitemap.xml", () => {
  test("robots.txt keeps crawlers out of the dashboard, the admin panel and the API, and names the sitemap", async () => {
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.type).toContain("text/plain");
    const lines = robots.text.trim().split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines.filter((line) => line.startsWith("Disallow:")).sort()).toEqual(
      [
        "Disallow: /admin",
        "Disallow: /api",
        "Disallow: /dashboard",
        ...["pt-br", "es", "de", "fr"].flatMap((prefix) => [
          `Disallow: /${prefix}/admin`,
          `Disallow: /${prefix}/dashboard`,
        ]),
      ].sort(),
    );
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  test("sitemap.xml is valid XML in the sitemap namespace listing every public route, and no private one", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toContain("application/xml");
    expect(XMLValidator.validate(sitemap.text)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" }).parse(sitemap.text);
    expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs: string[] = parsed.urlset.url.map((url: { loc: string }) => url.loc);
    for (const loc of locs) expect(loc.startsWith(`${APP_URL}/`)).toBe(true);
    const paths = locs.map((loc) => loc.slice(APP_URL.length));

    // A translated page is listed once per language; the others once, in English; a page not indexed, never.
    const translated = ROUTES.filter((route) => route.translated && route.indexable).map((route) => route.path);
    const expected = [
      ...ROUTES.filter((route) => route.indexable && !route.path.includes(":")).map((route) => route.path),
      ...TAGS.map((tag) => `/docs/${tag.slug}`),
      ...LANGUAGES.filter(({ prefix }) => prefix).flatMap(({ tag }) =>
        translated.map((path) => localizedPath(tag, path)),
      ),
    ];
    expect(paths.sort()).toEqual(expected.sort());
    for (const path of [
      "/",
      "/purchase",
      "/support",
      "/docs",
      "/docs/getting-started",
      "/docs/lock",
      "/login",
      "/signup",
    ])
      expect(paths).toContain(path);
    for (const path of paths) expect(path).not.toMatch(/^\/(dashboard|admin|api)\b/);
    // Every listed address is a page that answers 200.
    for (const path of paths) expect((await get(path)).status).toBe(200);
  });
});
