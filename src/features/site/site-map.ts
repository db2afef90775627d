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
}

const NOT_FOUND: ResolvedPage = {
  status: 404,
  match: null,
  tag: null,
  head: NOT_FOUND_HEAD,
  serverRendered: true,
  cacheKey: "404",
};

export function resolvePage(path: string): ResolvedPage {
  const match = matchRoute(path);
  if (!match) return NOT_FOUND;
  const { route } = match;
  if (route.id === "docs-tag") {
    const tag = tagBySlug(match.params.tag);
    if (!tag) return NOT_FOUND;
    return { status: 200, match, tag, head: tagPageHead(tag), serverRendered: true, cacheKey: path };
  }
  const serverRendered = route.render === "server";
  return {
    status: 200,
    match,
    tag: null,
    head: routeHead(route, path),
    serverRendered,
    cacheKey: serverRendered ? path : `shell:${route.id}`,
  };
}

/** Every path search engines should know: the indexable routes, with one /docs/{tag} per tag. */
export function indexablePaths(): string[] {
  return ROUTES.filter((route) => route.indexable).flatMap((route) =>
    route.id === "docs-tag" ? TAGS.map((tag) => tagPath(tag.slug)) : [route.path],
  );
}

export function robotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function sitemapXml(appUrl: string): string {
  const urls = indexablePaths().map(
    (path) => `  <url><loc>${escapeXml(appUrl + (path === "/" ? "/" : path))}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
