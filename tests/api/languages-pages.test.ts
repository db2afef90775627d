/**
 * The support page (with its FAQ's structured data), the setup guide and the confirmation link pages in the
 * reader's language, as search engines and curl see them: lang, title, heading, the FAQPage JSON-LD question for
 * question in the page's language with the site's refund window, the guide's troubleshooting for every failure
 * of the plugin's validate call in every language, canonical and alternates, and the sitemap's entries (none
 * for the confirmation pages, which are not indexed).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { XMLParser } from "fast-xml-parser";
import { PLUGIN_FAILURE_CODES } from "../../src/shared/api/plugin-answers";
import { LANGUAGES, localizedPath } from "../../src/shared/languages";
import german from "../../src/shared/locales/de.json";
import { troubleshootingEntries } from "../../src/shared/troubleshooting-entries";
import { alternates, canonical, h1, htmlLang, title } from "../support/page-head";
import { makeTestApp } from "../support/app";

const APP_URL = "https://layerlift.example";
const ctx = makeTestApp({ env: { APP_URL, REFUND_WINDOW_DAYS: "14" } });
afterAll(() => ctx.cleanup());
beforeAll(async () => {
  await ctx.app.handle(new Request("http://localhost/"));
}, 60_000);

async function get(path: string) {
  const response = await ctx.app.handle(new Request(`http://localhost${path}`));
  return { status: response.status, text: await response.text() };
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
/** The page's visible text, roughly: the markup of #root without its tags. */
const screenText = (html: string) =>
  (/<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const versionsOf = (path: string) =>
  Object.fromEntries([
    ...LANGUAGES.map((language) => [language.tag, `${APP_URL}${language.prefix ? `/${language.prefix}` : ""}${path}`]),
    ["x-default", `${APP_URL}${path}`],
  ]);

describe("the support page", () => {
  test("/de/support is German: lang, title, heading, canonical and every alternate", async () => {
    const page = await get("/de/support");
    expect(page.status).toBe(200);
    expect(htmlLang(page.text)).toBe("de");
    expect(title(page.text)).toBe("Support | Layerlift");
    expect(h1(page.text)).toBe("Wie können wir helfen?");
    expect(page.text).toContain("innerhalb von 24 Stunden");
    expect(page.text).not.toContain("Diese Seite gibt es nur auf Englisch.");
    expect(canonical(page.text)).toBe(`${APP_URL}/de/support`);
    expect(alternates(page.text)).toEqual(versionsOf("/support"));
  });

  test("its FAQPage JSON-LD is German, question for question as the page shows it, with the site's refund window", async () => {
    const page = await get("/de/support");
    const [faq] = jsonLd(page.text);
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.inLanguage).toBe("de");
    const questions = faq.mainEntity.map((q: any) => q.name as string);
    expect(questions).toEqual([
      "Wie installiere ich Layerlift?",
      german["support.faq.devices.question"],
      german["support.faq.projects.question"],
      german["support.faq.refunds.question"],
      german["support.faq.auto-scaling.question"],
      german["support.faq.limits.question"],
    ]);
    const text = screenText(page.text);
    for (const question of questions) expect(text).toContain(question);
    const refunds = faq.mainEntity[3].acceptedAnswer.text as string;
    expect(refunds).toContain("innerhalb von 14 Tagen nach dem Kauf");
    expect(refunds).toContain("innerhalb von 24 Stunden");
    expect(refunds).not.toContain("{");
    expect(faq.mainEntity[0].acceptedAnswer.text).toContain("12-stelliger Produktschlüssel");
  });

  test("every language's FAQPage is in that language, and English stays as it was", async () => {
    for (const language of LANGUAGES) {
      const path = `${language.prefix ? `/${language.prefix}` : ""}/support`;
      const [faq] = jsonLd((await get(path)).text);
      expect(faq.inLanguage).toBe(language.tag);
      expect(faq.mainEntity).toHaveLength(6);
    }
    const [english] = jsonLd((await get("/support")).text);
    expect(english.mainEntity[0].name).toBe("How do I install Layerlift?");
    const [french] = jsonLd((await get("/fr/support")).text);
    expect(french.mainEntity[0].name).toBe("Comment installer Layerlift ?");
  });
});

/** The text of the server's HTML with its tags and React's markers removed, entities decoded. */
const plainText = (html: string) =>
  html
    .slice(html.indexOf("<body"))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** A catalogue's message with its plain parameters filled in (the guide's messages have no plurals). */
async function catalogueText(tag: string) {
  const messages = (await Bun.file(`${import.meta.dir}/../../src/shared/locales/${tag}.json`).json()) as Record<
    string,
    string
  >;
  return (id: string, values: Record<string, string | number> = {}) =>
    messages[id]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

describe("the setup guide", () => {
  test("/de/docs/getting-started is German: lang, title, heading, canonical and every alternate", async () => {
    const page = await get("/de/docs/getting-started");
    expect(page.status).toBe(200);
    expect(htmlLang(page.text)).toBe("de");
    expect(title(page.text)).toBe("Erste Schritte | Layerlift");
    expect(h1(page.text)).toBe("Erste Schritte");
    expect(page.text).toContain("Fehlerbehebung");
    expect(page.text).not.toContain("Diese Seite gibt es nur auf Englisch.");
    expect(canonical(page.text)).toBe(`${APP_URL}/de/docs/getting-started`);
    expect(alternates(page.text)).toEqual(versionsOf("/docs/getting-started"));
  });

  test("in every language, troubleshooting covers every failure the plugin's validate call can answer, with its fixes", async () => {
    for (const language of LANGUAGES) {
      const text = await catalogueText(language.tag);
      const entries = troubleshootingEntries(text);
      const covered = entries.map((entry) => entry.code).filter((code) => code !== null);
      expect([...covered].sort()).toEqual([...PLUGIN_FAILURE_CODES].sort());
      const page = plainText((await get(localizedPath(language.tag, "/docs/getting-started"))).text);
      for (const entry of entries) {
        expect(page).toContain(entry.title.replace(/<\/?0>/g, ""));
        expect(page).toContain(entry.cause);
        for (const line of entry.fix) expect(page).toContain(line);
      }
    }
  });

  test("the plugin's own words in a German heading are marked as English", async () => {
    const page = await get("/de/docs/getting-started");
    expect(page.text).toContain('Abo abgelaufen: „<span lang="en">Your subscription has ended</span>“');
  });
});

describe("the confirmation link pages", () => {
  test("/de/confirm-email and /de/confirm-address are German, and still not indexed: no canonical, no alternates", async () => {
    for (const path of ["/de/confirm-email", "/de/confirm-address"]) {
      const page = await get(`${path}?token=abc`);
      expect(page.status).toBe(200);
      expect(htmlLang(page.text)).toBe("de");
      expect(title(page.text)).toBe("E-Mail bestätigen | Layerlift");
      expect(page.text).not.toContain("Diese Seite gibt es nur auf Englisch.");
      expect(page.text).toContain('<meta name="robots" content="noindex">');
      expect(canonical(page.text)).toBeNull();
      expect(alternates(page.text)).toEqual({});
    }
    expect(h1((await get("/de/confirm-address?token=abc")).text)).toBe("Bestätige deine E-Mail-Adresse");
    expect(h1((await get("/de/confirm-email?token=abc")).text)).toBe("Bestätige deine neue E-Mail-Adresse");
  });
});

describe("sitemap.xml", () => {
  test("lists the support page and the setup guide in every language, each entry naming all versions", async () => {
    const sitemap = await get("/sitemap.xml");
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(sitemap.text);
    const urls = parsed.urlset.url as { loc: string; "xhtml:link"?: { "@_hreflang": string; "@_href": string }[] }[];
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    for (const path of ["/support", "/docs/getting-started"])
      for (const language of LANGUAGES) {
        const loc = `${APP_URL}${language.prefix ? `/${language.prefix}` : ""}${path}`;
        const links = byLoc.get(loc)?.["xhtml:link"] ?? [];
        expect(Object.fromEntries(links.map((link) => [link["@_hreflang"], link["@_href"]]))).toEqual(versionsOf(path));
      }
    for (const loc of byLoc.keys()) expect(loc).not.toMatch(/\/confirm-(email|address)$/);
  });
});
