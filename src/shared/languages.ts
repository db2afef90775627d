/**
 * The languages the site is written in: the one list. The account's language setting takes only these;
 * the router serves every public page under each prefix; the switcher, the head's alternates and the
 * sitemap read it. Each language's messages are one catalogue file beside this one (locales/*.json),
 * loaded only when a page in that language is shown. Adding a language is its catalogue and its line here.
 */
export const LANGUAGES = [
  // English comes with the app (web/lib/i18n.ts imports it): no catalogue to fetch.
  { tag: "en", prefix: "", name: "English", catalogue: null },
  { tag: "pt-BR", prefix: "pt-br", name: "Português (Brasil)", catalogue: () => import("./locales/pt-BR.json") },
  { tag: "es", prefix: "es", name: "Español", catalogue: () => import("./locales/es.json") },
  { tag: "de", prefix: "de", name: "Deutsch", catalogue: () => import("./locales/de.json") },
  { tag: "fr", prefix: "fr", name: "Français", catalogue: () => import("./locales/fr.json") },
] as const;

export type SiteLanguage = (typeof LANGUAGES)[number]["tag"];
export type LanguageInfo = (typeof LANGUAGES)[number];

export const SITE_LANGUAGES = LANGUAGES.map((language) => language.tag) as [SiteLanguage, ...SiteLanguage[]];
export const DEFAULT_LANGUAGE: SiteLanguage = "en";

/** The catalogue ids of the API's sentences: the server answers with them, the SPA's bundles leave them out. */
export const SERVER_MESSAGE_PREFIX = "api.";

/** The cookie that keeps the visitor's chosen language, and the one that says the offer was dismissed. */
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_OFFER_COOKIE = "lang_offer";

export const isSiteLanguage = (value: unknown): value is SiteLanguage =>
  typeof value === "string" && (SITE_LANGUAGES as string[]).includes(value);

export const languageInfo = (tag: SiteLanguage): LanguageInfo => LANGUAGES.find((language) => language.tag === tag)!;

/**
 * A path's language and the path inside it: "/de/purchase" is German "/purchase", "/de" German "/".
 * A path with no known prefix is English as it is (so "/xx/purchase" stays a path no route has: a 404).
 */
export function splitLanguagePath(path: string): { language: SiteLanguage; path: string } {
  const first = path.split("/")[1] ?? "";
  const found = LANGUAGES.find((language) => language.prefix !== "" && language.prefix === first);
  if (!found) return { language: DEFAULT_LANGUAGE, path };
  return { language: found.tag, path: path.slice(first.length + 1) || "/" };
}

/** The address of `path` ("/purchase", "/") in `language`: "/de/purchase", "/de". */
export function localizedPath(language: SiteLanguage, path: string): string {
  const { prefix } = languageInfo(language);
  if (!prefix) return path;
  return path === "/" ? `/${prefix}` : `/${prefix}${path}`;
}

/** The router's base for a language: "" for English, "/de" for German. */
export const languageBase = (language: SiteLanguage) => localizedPath(language, "/").replace(/^\/$/, "");

/**
 * The first of our languages an Accept-Language header prefers ("de-AT,de;q=0.9,en;q=0.8" → de), or
 * null when it names none of them or is malformed. "pt" and "pt-PT" take Brazilian Portuguese, the one we have.
 */
export function preferredLanguage(header: string | null | undefined): SiteLanguage | null {
  if (!header || header.length > 500) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ range, weight }) => /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(range) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of ranked) {
    const exact = LANGUAGES.find((language) => language.tag.toLowerCase() === range);
    if (exact) return exact.tag;
    const primary = range.split("-")[0];
    const near = LANGUAGES.find((language) => language.tag.toLowerCase().split("-")[0] === primary);
    if (near) return near.tag;
  }
  return null;
}

/** Reads one cookie from a Cookie header or document.cookie. */
export function readCookie(cookies: string | null | undefined, name: string): string | null {
  for (const part of (cookies ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}
