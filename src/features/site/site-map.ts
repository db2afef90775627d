/**
 * Which page a path is, derived from the route list (src/shared/routes.ts) and, for /docs/{tag},
 * the tag catalogue: its status, head and how it is rendered, plus robots.txt and sitemap.xml.
 */
import {
  DISALLOWED_PREFIXES,
  NOT_FOUND_HEAD,
  ROUTES,
  matchRoute,
  routeHead,
  tagPageHead,
  type PageHead,
  type RouteMatch,
} from "@shared/routes";
import { TAGS, tagBySlug, tagPath, type TagDoc } from "@shared/tags";
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, splitLanguagePath, type SiteLanguage } from "@shared/languages";

export interface ResolvedPage {
  status: 200 | 404;
  /** Null for the 404 page. */
  match: RouteMatch | null;
  /** The tag of a /docs/{tag} page. */
  tag: TagDoc | null;
  head: PageHead;
  /** Rendered on the server and hydrated, or a frame the browser renders over (signed-in screens). */
  serverRendered: boolean;
  /** Pages with the same key have the same HTML: one per server-rendered path, one per browser-rendered route, one 404. */
  cacheKey: string;
  /** The address's language (/de/… is German) and the path inside its prefix. */
  language: SiteLanguage;
  innerPath: string;
  /** Written in every language: it has a version per language, linked as hreflang alternates. */
  translated: boolean;
}

const notFound = (language: SiteLanguage, innerPath: string): ResolvedPage => ({
  status: 404,
  match: null,
  tag: null,
  head: NOT_FOUND_HEAD,
  serverRendered: true,
  cacheKey: "404",
  language,
  innerPath,
  translated: true,
});

/**
 * `fullPath` with its language prefix, if any. A screen not translated yet is served under every
 * prefix too, with its English head (its canonical address is the English page).
 */
export function resolvePage(fullPath: string): ResolvedPage {
  const { language, path } = splitLanguagePath(fullPath);
  const match = matchRoute(path);
  if (!match) return notFound(language, path);
  const { route } = match;
  const inLanguage = { language, innerPath: path, translated: route.translated === true };
  if (route.id === "docs-tag") {
    const tag = tagBySlug(match.params.tag);
    if (!tag) return notFound(language, path);
    return { status: 200, match, tag, head: tagPageHead(tag), serverRendered: true, cacheKey: fullPath, ...inLanguage };
  }
  const serverRendered = route.render === "server";
  return {
    status: 200,
    match,
    tag: null,
    head: routeHead(route, path),
    serverRendered,
    cacheKey: serverRendered ? fullPath : `shell:${language}:${route.id}`,
    ...inLanguage,
  };
}

/** The versions of a translated, indexable page, one per language: hreflang and address. */
export function languageVersions(innerPath: string): { hreflang: string; path: string }[] {
  return [
    ...LANGUAGES.map(({ tag }) => ({ hreflang: tag, path: localizedPath(tag, innerPath) })),
    { hreflang: "x-default", path: localizedPath(DEFAULT_LANGUAGE, innerPath) },
  ];
}

/** Every path search engines should know: the indexable routes, with one /docs/{tag} per tag. */
export function indexablePaths(): string[] {
  return ROUTES.filter((route) => route.indexable).flatMap((route) =>
    route.id === "docs-tag" ? TAGS.map((tag) => tagPath(tag.slug)) : [route.path],
  );
}

/** The English paths whose page is written in every language. */
const translatedPaths = () => new Set(ROUTES.filter((route) => route.translated).map((route) => route.path));

/** The signed-in screens are served under every language's prefix too (/de/dashboard): kept out there as well. */
export function robotsTxt(appUrl: string): string {
  const pagePrefixes = DISALLOWED_PREFIXES.filter((prefix) => prefix !== "/api");
  const localized = LANGUAGES.filter(({ prefix }) => prefix).flatMap(({ tag }) =>
    pagePrefixes.map((prefix) => localizedPath(tag, prefix)),
  );
  return [
    "User-agent: *",
    ...[...DISALLOWED_PREFIXES, ...localized].map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const absolute = (appUrl: string, path: string) => escapeXml(appUrl + (path === "/" ? "/" : path));

/**
 * One <url> per page and language: a translated page is listed in each language, each entry naming
 * every version (xhtml:link, as Google asks for hreflang in sitemaps); the others once, in English.
 */
export function sitemapXml(appUrl: string): string {
  const translated = translatedPaths();
  const urls = indexablePaths().flatMap((path) => {
    if (!translated.has(path)) return [`  <url><loc>${absolute(appUrl, path)}</loc></url>`];
    const versions = languageVersions(path)
      .map(
        ({ hreflang, path }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${absolute(appUrl, path)}"/>`,
      )
      .join("");
    return LANGUAGES.map(
      ({ tag }) => `  <url><loc>${absolute(appUrl, localizedPath(tag, path))}</loc>${versions}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
