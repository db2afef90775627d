/**
 * Serves the site: the SPA's files by path, robots.txt, sitemap.xml and the link-preview image, and
 * every other non-API path as a complete HTML page: 200 for a route, 404 for anything else.
 */
import { publicConfig } from "../health/public-config";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { sentencesIn } from "../../http/answer-language";
import { loadSpaAssets, makeAsset, type Asset } from "./assets";
import { SOCIAL_IMAGE } from "./head";
import { createPageRenderer, type PageData } from "./pages";
import type { ResolvedPage } from "./site-map";
import { publicPlans } from "../pricing/catalogue";
import { lookupPromotion } from "../pricing/promotion-codes";
import { PLANS_QUERY_KEY, promotionQueryKey, type QuerySeed } from "@shared/page-data";
import { PROMOTION_CODE } from "@shared/promotion-code";
import { robotsTxt, sitemapXml } from "./site-map";
import { notFound } from "../../lib/errors";
import { isLegalSlug } from "@shared/legal";
import { legalDocument } from "../legal/documents";
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_OFFER_COOKIE,
  isSiteLanguage,
  preferredLanguage,
  readCookie,
  type SiteLanguage,
} from "@shared/languages";

/** /api and anything under it, however it is cased or slashed (/API/x, //api/x, /api/x/): never a page. */
const isApiPath = (path: string) => /^\/+api(?:\/|$)/i.test(path);
import socialImageFile from "../../../web/social/preview.png" with { type: "file" };

/** `vary`: what else the answer depends on (a page's language offer: Accept-Language and the cookies). */
function respond(asset: Asset, request: Request, status = 200, vary = ""): Response {
  const headers: Record<string, string> = {
    "Content-Type": asset.type,
    "Cache-Control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ETag: asset.etag,
    Vary: `Accept-Encoding${vary}`,
  };
  if (status === 200 && request.headers.get("if-none-match") === asset.etag)
    return new Response(null, { status: 304, headers });
  const accepts = request.headers.get("accept-encoding") ?? "";
  let body = asset.body;
  if (asset.br && /\bbr\b/.test(accepts)) {
    body = asset.br;
    headers["Content-Encoding"] = "br";
  } else if (asset.gzip && /\bgzip\b/.test(accepts)) {
    body = asset.gzip;
    headers["Content-Encoding"] = "gzip";
  }
  return new Response(body, { status, headers });
}

/** A malformed escape such as /foo% is just a path no file has. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Every page carries the plans on sale (the purchase page shows them; home and purchase put them in
 * their JSON-LD). /purchase?code=… also carries the code's look-up, so the server's HTML already shows
 * the code applied.
 */
/**
 * The language an English page offers, never a redirect: the visitor's remembered choice, else the first
 * of ours their browser prefers. None once they dismissed it or chose English, and none on pages not translated.
 */
function offeredLanguage(resolved: ResolvedPage, headers: Headers): SiteLanguage | null {
  if (resolved.status !== 200 || resolved.language !== DEFAULT_LANGUAGE || !resolved.translated) return null;
  const cookies = headers.get("cookie");
  if (readCookie(cookies, LANGUAGE_OFFER_COOKIE)) return null;
  const chosen = readCookie(cookies, LANGUAGE_COOKIE);
  const offered =
    chosen !== null ? (isSiteLanguage(chosen) ? chosen : null) : preferredLanguage(headers.get("accept-language"));
  return offered === DEFAULT_LANGUAGE ? null : offered;
}

async function pageData(
  deps: AppDeps,
  resolved: ResolvedPage,
  search: URLSearchParams,
  headers: Headers,
): Promise<PageData> {
  const offer = offeredLanguage(resolved, headers);
  const plans = await publicPlans(deps.db);
  const seeds: QuerySeed[] = [{ key: PLANS_QUERY_KEY, data: plans }];
  // A legal page's text comes with its HTML, so it renders on the server and hydrates without a request.
  const routeId = resolved.match?.route.id;
  if (routeId && isLegalSlug(routeId))
    seeds.push({ key: ["/api/legal", routeId], data: legalDocument(deps.config, routeId) });
  // The FAQ's refund answer names the site's refund window: the page renders it on the server and hydrates the same.
  // The purchase page reads it too (tax, withdrawal consent): carried, it costs the page no request while it hydrates.
  if (routeId === "support" || routeId === "purchase")
    seeds.push({ key: ["/api/config"], data: publicConfig(deps.config) });
  const refundWindowDays = deps.config.refundWindowDays;
  const code = search.get("code")?.trim() ?? "";
  if (resolved.match?.route.id === "purchase" && PROMOTION_CODE.test(code)) {
    const lookup = await lookupPromotion(deps.db, deps.clock.now(), code, undefined, sentencesIn(resolved.language));
    seeds.push({ key: promotionQueryKey(code), data: lookup });
    return {
      search: `?code=${encodeURIComponent(lookup.code)}`,
      seeds,
      plans,
      key: JSON.stringify(lookup),
      variant: true,
      pluginInstallUrl: deps.config.pluginInstallUrl,
      refundWindowDays,
      offer,
    };
  }
  return {
    search: "",
    seeds,
    plans,
    key: "",
    variant: false,
    pluginInstallUrl: deps.config.pluginInstallUrl,
    refundWindowDays,
    offer,
  };
}

/** A file made once per process, on first request. */
function once(make: () => Promise<Asset>): () => Promise<Asset> {
  let made: Promise<Asset> | null = null;
  return () => {
    made ??= make();
    made.catch(() => {
      made = null;
    });
    return made;
  };
}

/**
 * `/docs/lock/` is `/docs/lock`: a page's address has no trailing slash. Leading slashes collapse to
 * one, so `//example.com/` can't become an address on another site.
 */
function withoutTrailingSlash(path: string): string {
  if (path === "/" || !path.endsWith("/")) return path;
  return `/${path.replace(/^\/+/, "").replace(/\/+$/, "")}`;
}

export function siteRoutes(deps: AppDeps) {
  const appUrl = deps.config.appUrl;
  const page = createPageRenderer(appUrl, (resolved, search, headers) => pageData(deps, resolved, search, headers));
  const text = (path: string, body: string) => makeAsset(path, new TextEncoder().encode(body));
  const robots = once(async () => text("/robots.txt", robotsTxt(appUrl)));
  const sitemap = once(async () => ({
    ...text("/sitemap.xml", sitemapXml(appUrl)),
    type: "application/xml; charset=utf-8",
  }));
  const socialImage = once(async () =>
    makeAsset(SOCIAL_IMAGE.path, new Uint8Array(await Bun.file(socialImageFile).arrayBuffer())),
  );

  return new Elysia()
    .get("/robots.txt", async ({ request }) => respond(await robots(), request), { detail: { hide: true } })
    .get("/sitemap.xml", async ({ request }) => respond(await sitemap(), request), { detail: { hide: true } })
    .get(SOCIAL_IMAGE.path, async ({ request }) => respond(await socialImage(), request), { detail: { hide: true } })
    .get(
      "/*",
      async ({ request, path }) => {
        if (isApiPath(path)) throw notFound(`No API endpoint at ${path}.`);
        const assets = await loadSpaAssets();
        const file = assets.get(safeDecode(path));
        if (file && path !== "/index.html") return respond(file, request);
        // A missing hashed file is a real 404, not the SPA: a stale page must not get HTML for its script.
        if (path.startsWith("/assets/"))
          return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
        const canonical = withoutTrailingSlash(path);
        if (canonical !== path) {
          return new Response(null, { status: 301, headers: { Location: canonical + new URL(request.url).search } });
        }
        const { status, asset } = await page(path, new URL(request.url).searchParams, request.headers);
        return respond(asset, request, status, ", Accept-Language, Cookie");
      },
      { detail: { hide: true } },
    );
}
