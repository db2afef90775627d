/**
 * The site in its five languages, as search engines and curl see it: each prefix serves the page in its
 * language with <html lang>, hreflang alternates and its own canonical address; the sitemap lists every
 * version; an unknown prefix is the 404 page; Accept-Language makes an offer on the English page and
 * never a redirect.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { LANGUAGES } from "../../src/shared/languages";
import { alternates, canonical, h1, htmlLang, title } from "../support/page-head";
import { makeTestApp, signUpUser } from "../support/app";

const APP_URL = "https://layerlift.example";
const ctx = makeTestApp({ env: { APP_URL } });
afterAll(() => ctx.cleanup());
beforeAll(async () => {
  await ctx.app.handle(new Request("http://localhost/"));
}, 60_000);

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.handle(new Request(`http://localhost${path}`, { headers }));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const PURCHASE_VERSIONS = {
  en: `${APP_URL}/purchase`,
  "pt-BR": `${APP_URL}/pt-br/purchase`,
  es: `${APP_URL}/es/purchase`,
  de: `${APP_URL}/de/purchase`,
  fr: `${APP_URL}/fr/purchase`,
  "x-default": `${APP_URL}/purchase`,
};

const versionsOf = (path: string) =>
  Object.fromEntries([
    ...LANGUAGES.map((language) => [language.tag, `${APP_URL}${language.prefix ? `/${language.prefix}` : ""}${path}`]),
    ["x-default", `${APP_URL}${path}`],
  ]);

describe("each language under its prefix", () => {
  test("/de/purchase is German: lang, title, heading, money by Intl, canonical and every alternate", async () => {
    const page = await get("/de/purchase");
    expect(page.status).toBe(200);
    expect(htmlLang(page.text)).toBe("de");
    expect(title(page.text)).toBe("Kaufen | Layerlift");
    expect(h1(page.text)).toBe("Wähle deinen Plan");
    expect(page.text.includes("Plan wählen")).toBe(true);
    expect(/\d+,\d\d\s\$/.test(page.text)).toBe(true); // "24,99 $"
    expect(canonical(page.text)).toBe(`${APP_URL}/de/purchase`);
    expect(alternates(page.text)).toEqual(PURCHASE_VERSIONS);
  });

  test("/pt-br is the Brazilian home page, its prices in Brazil's form of dollars", async () => {
    const home = await get("/pt-br");
    expect(home.status).toBe(200);
    expect(htmlLang(home.text)).toBe("pt-BR");
    expect(h1(home.text)).toBe("Importe designs do Figma para a UI do Roblox");
    expect(canonical(home.text)).toBe(`${APP_URL}/pt-br`);
    expect(alternates(home.text)["x-default"]).toBe(`${APP_URL}/`);
    expect(/US\$\s\d+,\d\d/.test((await get("/pt-br/purchase")).text)).toBe(true);
  });

  test("the English pages keep today's address, words and head, and name the other versions", async () => {
    const page = await get("/purchase");
    expect(htmlLang(page.text)).toBe("en");
    expect(h1(page.text)).toBe("Choose Your Plan");
    expect(title(page.text)).toBe("Purchase | Layerlift");
    expect(canonical(page.text)).toBe(`${APP_URL}/purchase`);
    expect(alternates(page.text)).toEqual(PURCHASE_VERSIONS);
  });

  test("a page not translated yet works under a prefix, marked English, with the English page as canonical", async () => {
    const page = await get("/fr/docs/lock");
    expect(page.status).toBe(200);
    expect(htmlLang(page.text)).toBe("fr");
    expect(/<main [^>]*lang="en"/.test(page.text)).toBe(true);
    expect(page.text.includes("Cette page n&#x27;existe qu&#x27;en anglais.")).toBe(true);
    // The frame around the English content stays in the page's language.
    expect(page.text.includes(">Aller au contenu</a>")).toBe(true);
    expect(page.text.includes('<label for="footer-theme">Thème</label>')).toBe(true);
    expect(canonical(page.text)).toBe(`${APP_URL}/docs/lock`);
    expect(alternates(page.text)).toEqual({});
  });

  test("the sign-in pages are translated: /de/login and /fr/signup in their language, with every version", async () => {
    const login = await get("/de/login");
    expect(login.status).toBe(200);
    expect(htmlLang(login.text)).toBe("de");
    expect(title(login.text)).toBe("Anmelden | Layerlift");
    expect(h1(login.text)).toBe("Willkommen zurück");
    expect(login.text.includes("Passwort vergessen?")).toBe(true);
    expect(login.text.includes("Diese Seite gibt es nur auf Englisch.")).toBe(false);
    expect(/<main [^>]*lang="en"/.test(login.text)).toBe(false);
    expect(canonical(login.text)).toBe(`${APP_URL}/de/login`);
    expect(alternates(login.text)).toEqual(versionsOf("/login"));
    const signup = await get("/fr/signup");
    expect(htmlLang(signup.text)).toBe("fr");
    expect(h1(signup.text)).toBe("Créez votre compte");
    expect(canonical(signup.text)).toBe(`${APP_URL}/fr/signup`);
    expect(alternates(signup.text)).toEqual(versionsOf("/signup"));
    const english = await get("/login");
    expect(h1(english.text)).toBe("Welcome back");
    expect(alternates(english.text)).toEqual(versionsOf("/login"));
  });

  test("the password reset page is translated and, as in English, not indexed", async () => {
    const page = await get("/es/reset-password");
    expect(page.status).toBe(200);
    expect(htmlLang(page.text)).toBe("es");
    expect(title(page.text)).toBe("Restablecer contraseña | Layerlift");
    expect(h1(page.text)).toBe("Elige una nueva contraseña");
    expect(/<main [^>]*lang="en"/.test(page.text)).toBe(false);
    expect(canonical(page.text)).toBe(canonical((await get("/reset-password")).text));
    expect(page.text.includes('name="robots" content="noindex')).toBe(true);
  });

  test("an unknown prefix, or a capitalised one, is the 404 page", async () => {
    for (const path of ["/xx/purchase", "/DE/purchase", "/de-de/purchase"]) {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(htmlLang(page.text)).toBe("en");
    }
    const german = await get("/de/nothing-here");
    expect(german.status).toBe(404);
    expect(h1(german.text)).toBe("404 – Seite nicht gefunden");
  });
});

describe("sitemap.xml", () => {
  test("lists each translated page in every language, each entry naming all versions", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(XMLValidator.validate(sitemap.text)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(sitemap.text);
    const urls = parsed.urlset.url as { loc: string; "xhtml:link"?: { "@_hreflang": string; "@_href": string }[] }[];
    expect(parsed.urlset["@_xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    for (const language of LANGUAGES) {
      const loc = `${APP_URL}${language.prefix ? `/${language.prefix}` : ""}/purchase`;
      const links = byLoc.get(loc)?.["xhtml:link"] ?? [];
      expect(Object.fromEntries(links.map((link) => [link["@_hreflang"], link["@_href"]]))).toEqual(PURCHASE_VERSIONS);
    }
    for (const path of ["/login", "/signup"])
      for (const language of LANGUAGES) {
        const loc = `${APP_URL}${language.prefix ? `/${language.prefix}` : ""}${path}`;
        const links = byLoc.get(loc)?.["xhtml:link"] ?? [];
        expect(Object.fromEntries(links.map((link) => [link["@_hreflang"], link["@_href"]]))).toEqual(versionsOf(path));
      }
    expect([...byLoc.keys()].some((loc) => loc.includes("/reset-password"))).toBe(false);
    expect(byLoc.has(`${APP_URL}/de`)).toBe(true);
    expect(byLoc.get(`${APP_URL}/docs/lock`)?.["xhtml:link"]).toBeUndefined();
    expect(byLoc.has(`${APP_URL}/de/docs/lock`)).toBe(false);
  });
});

describe("Accept-Language: an offer, never a redirect", () => {
  test("a German browser on the English page gets the page (200) with an offer in German", async () => {
    const page = await get("/purchase", { "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    expect(page.status).toBe(200);
    expect(page.headers.get("location")).toBeNull();
    expect(htmlLang(page.text)).toBe("en");
    expect(h1(page.text)).toBe("Choose Your Plan");
    expect(page.text.includes("Diese Seite gibt es auch auf Deutsch")).toBe(true);
    expect(page.text.includes('href="/de/purchase"')).toBe(true);
    expect(page.headers.get("vary")).toContain("Accept-Language");
  });

  test("Portuguese from Portugal is offered Brazilian Portuguese", async () => {
    const page = await get("/", { "accept-language": "pt-PT,pt;q=0.9" });
    expect(page.text.includes("Esta página também está em português")).toBe(true);
  });

  test("no offer when English comes first, the header is malformed, the offer was dismissed or English chosen", async () => {
    const cases: Record<string, string>[] = [
      { "accept-language": "en-US,en;q=0.9,de;q=0.8" },
      { "accept-language": ";;;q=x,de;q=abc" },
      { "accept-language": "ja-JP" },
      { "accept-language": "de", cookie: "lang_offer=dismissed" },
      { "accept-language": "de", cookie: "lang=en" },
    ];
    for (const headers of cases) {
      const page = await get("/purchase", headers);
      expect(page.status).toBe(200);
      expect(page.text.includes("data-language-offer")).toBe(false);
    }
  });

  test("a remembered choice is offered before the browser's preference", async () => {
    const page = await get("/", { "accept-language": "de", cookie: "lang=fr" });
    expect(page.text.includes("Cette page existe aussi en français")).toBe(true);
  });

  test("a page already in another language offers nothing", async () => {
    const page = await get("/es/purchase", { "accept-language": "de" });
    expect(page.text.includes("data-language-offer")).toBe(false);
  });
});

describe("the account's language setting", () => {
  test("takes only the site's languages: anything else is a 422 naming them", async () => {
    const { token } = await signUpUser(ctx);
    const put = (language: unknown) =>
      ctx.app.handle(
        new Request("http://localhost/api/user/settings", {
          method: "PUT",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ language }),
        }),
      );
    const refused = await put("xx");
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain("en, pt-BR, es, de, fr");
    const saved = await put("pt-BR");
    expect(saved.status).toBe(200);
    expect((await saved.json()).language).toBe("pt-BR");
  });
});
