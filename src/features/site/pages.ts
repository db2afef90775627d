/**
 * Every HTML page the site serves: the bundled index.html with the page's head written in and the
 * screen rendered by React on the server (web/ssr.tsx). Public screens come complete and hydrate;
 * signed-in screens come as their frame (header, footer, the screen's loading skeleton), which the
 * browser replaces once it has the account's data. Rendered once per path (or per signed-in route) and
 * kept, compressed, for the life of the process; the same in `npm start` and the executable.
 */
import type { PageHead, RouteId } from "@shared/routes";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { LANGUAGE_OFFER_QUERY_KEY } from "@shared/page-data";
import { faqEntries, type FaqEntry } from "@shared/faq-entries";
import { REFUND_DAYS } from "@shared/product";
import { localizedNotFoundHead, localizedRouteHead } from "../../../web/lib/localized-head";
import {
  assetBytes,
  CHUNK_MANIFEST_PATH,
  loadSpaAssets,
  makeAsset,
  type Asset,
  type AssetMap,
  type ChunkManifest,
} from "./assets";
import { fontHead } from "./fonts";
import { CLASS_MERGES_ID } from "@shared/class-merges";
import { SHELL_ATTRIBUTE } from "@shared/page-shell";
import { pageHead, scriptJson } from "./head";
import { languageVersions, resolvePage, type ResolvedPage } from "./site-map";
import { PAGE_DATA_ID, type QuerySeed } from "@shared/page-data";
import type { PlanView } from "@shared/api/pricing";
import { lazyModule } from "../../lib/lazy-module";
import { withReluctantJit } from "../../lib/reluctant-jit";

export interface RenderedPage {
  status: 200 | 404;
  asset: Asset;
}

/** Unknown paths each get their own 404 HTML (the navbar marks the section they are under); keep the latest few. */
const MAX_CACHED_NOT_FOUND = 100;

/**
 * Loaded on the first page request, not at start (docs/architecture.md#decisions): React's server
 * renderer and the app's frame; each screen's own code loads with the first render of that screen.
 */
const loadRenderer = lazyModule("pages rendered on the server (react-dom/server)", () => import("../../../web/ssr"));

async function renderScreen(path: string, data: PageData) {
  const { renderScreen: render } = await loadRenderer();
  return render(path, data.search, data.seeds, data.pluginInstallUrl);
}

/**
 * What a page is rendered with beyond its path: the current price list (home and purchase pages show
 * it, in the screen and in the JSON-LD offers) and, on /purchase?code=…, the code's look-up. `key`
 * names that data, so a page is rendered again when it changes.
 */
export interface PageData {
  /** The query string the screen sees (?code=…), or "". */
  search: string;
  seeds: QuerySeed[];
  plans: PlanView[];
  key: string;
  /** True when the data is particular to this request's query string (kept apart, a bounded number of them). */
  variant: boolean;
  /** PLUGIN_INSTALL_URL, or null (development): the setup guide and the plugin key card link it. */
  pluginInstallUrl: string | null;
  /** REFUND_WINDOW_DAYS: the FAQ's refund answer (and its JSON-LD) names it. */
  refundWindowDays?: number;
  /** The language an English page offers this visitor (their Accept-Language or their choice), or null. */
  offer?: SiteLanguage | null;
}

/** The page's head in its language: a translated screen's own title, description and canonical address. */
async function localizedHead(page: ResolvedPage): Promise<PageHead> {
  if (page.language === DEFAULT_LANGUAGE) return page.head;
  const t = await (await loadRenderer()).translator(page.language);
  if (page.status === 404) return localizedNotFoundHead(t);
  if (!page.match || page.tag) return page.head;
  return localizedRouteHead(page.match.route, page.innerPath, page.language, t);
}

/** The support page's FAQ as the page shows it, in its language, for its JSON-LD; none on other pages. */
async function pageFaq(page: ResolvedPage, refundWindowDays = REFUND_DAYS): Promise<readonly FaqEntry[]> {
  if (page.status !== 200 || page.match?.route.id !== "support") return [];
  const t = await (await loadRenderer()).translator(page.translated ? page.language : DEFAULT_LANGUAGE);
  return faqEntries(refundWindowDays, t);
}

/** A translated page that search engines index names its version in every language; the others name none. */
function alternatesOf(page: ResolvedPage) {
  return page.status === 200 && page.translated && page.head.canonicalPath !== null
    ? languageVersions(page.innerPath)
    : [];
}

/**
 * The stylesheet goes into the page itself: one round trip fewer before the first paint on a slow
 * connection, for ~10 KB of compressed CSS per page.
 */
async function inlineStylesheets(html: string, assets: AssetMap): Promise<string> {
  const stylesheets = new Map<string, string>();
  for (const [, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)) {
    const css = assets.get(href);
    if (css) stylesheets.set(href, new TextDecoder().decode(await assetBytes(css)));
  }
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const css = stylesheets.get(href);
    return css ? `<style>${css}</style>` : link;
  });
}

/**
 * Each screen the browser renders: its code as the SPA imports it (web/app.tsx), which its page names in
 * <head> with the app's own so the browser fetches them while it reads the HTML, and whether the server
 * draws its frame. The payment result's frame is left out: rendered without the payment's query, it
 * would say the payment's parameters are invalid.
 */
const BROWSER_SCREENS: Partial<Record<RouteId, { module: string; frame: boolean }>> = {
  dashboard: { module: "web/pages/dashboard/index.tsx", frame: true },
  admin: { module: "web/pages/admin/index.tsx", frame: true },
  "purchase-success": { module: "web/pages/purchase/success.tsx", frame: false },
};

/** `template`: the bundled index.html, whose own preloads are not repeated. */
async function modulePreloads(assets: AssetMap, page: ResolvedPage, template: string): Promise<string> {
  const manifestFile = assets.get(CHUNK_MANIFEST_PATH);
  const screen = page.match && BROWSER_SCREENS[page.match.route.id];
  if (!manifestFile || !screen) return "";
  const manifest = JSON.parse(new TextDecoder().decode(await assetBytes(manifestFile))) as ChunkManifest;
  // The screen's words too: its code asks for its language's catalogue only once it runs, one trip later.
  const words = manifest.catalogues?.[page.translated ? page.language : DEFAULT_LANGUAGE] ?? [];
  const files = new Set([...manifest.start, ...(manifest.modules[screen.module] ?? []), ...words]);
  return [...files]
    .filter((file) => !template.includes(`href="${file}"`))
    .map((file) => `<link rel="modulepreload" href="${file}">`)
    .join("\n    ");
}

/**
 * The app's script is named, not loaded: the page's first script loads it after the first paint, or at
 * once when the screen is the browser's to render (boot-script.ts).
 */
function deferEntryScript(html: string): string {
  return html.replace(
    /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/,
    (_, src: string) => `<meta name="app-entry" content="${src}">`,
  );
}

async function renderPage(
  assets: AssetMap,
  page: ResolvedPage,
  path: string,
  appUrl: string,
  data: PageData,
): Promise<Asset> {
  const template = new TextDecoder().decode(await assetBytes(assets.get("/index.html")!));
  const browserScreen = page.serverRendered ? null : BROWSER_SCREENS[page.match!.route.id];
  if (data.offer) {
    const offer = await (await loadRenderer()).languageOffer(data.offer);
    data = { ...data, seeds: [...data.seeds, { key: LANGUAGE_OFFER_QUERY_KEY, data: offer }] };
  }
  const screen = page.serverRendered || browserScreen?.frame ? await renderScreen(path, data) : null;
  page = { ...page, head: await localizedHead(page) };
  const head =
    pageHead({
      page,
      path,
      alternates: alternatesOf(page),
      appUrl,
      fonts: fontHead(assets),
      plans: data.plans,
      pluginInstallUrl: data.pluginInstallUrl,
      faq: await pageFaq(page, data.refundWindowDays),
    }) + (browserScreen ? `\n    ${await modulePreloads(assets, page, template)}` : "");
  const seeds = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data.seeds)}</script>`;
  let root = `<div id="root"></div>${seeds}`;
  if (screen && page.serverRendered) {
    root = `<div id="root">${screen.html}</div><script type="application/json" id="${CLASS_MERGES_ID}">${scriptJson(screen.classMerges)}</script>${seeds}`;
  } else if (screen) {
    root = `<div id="root" ${SHELL_ATTRIBUTE}>${screen.html}</div>${seeds}`; // a frame the browser renders over (web/mount.tsx), not markup to hydrate
  }
  const html = deferEntryScript(await inlineStylesheets(template, assets))
    .replace('<html lang="en"', () => `<html lang="${page.language}"`)
    .replace("<!--ssr-head-->", () => head)
    .replace('<div id="root"><!--ssr-screen--></div>', () => root);
  return makeAsset("/index.html", new TextEncoder().encode(html));
}

/** Pages for particular query strings (/purchase?code=…): keep the latest few. */
const MAX_CACHED_VARIANTS = 100;

/**
 * `pageData` answers, for each request, what the page is rendered with; a page is rendered once per
 * path and data and kept. When the price list changes every kept page is dropped, so the next request
 * already shows the new prices, with no restart.
 */
export function createPageRenderer(
  appUrl: string,
  pageData: (page: ResolvedPage, search: URLSearchParams, headers: Headers) => Promise<PageData>,
) {
  const pages = new Map<string, Promise<Asset>>();
  const notFound = new Map<string, Promise<Asset>>();
  const variants = new Map<string, Promise<Asset>>();
  let catalogueKey = "";

  return async function page(
    path: string,
    search = new URLSearchParams(),
    headers: Headers = new Headers(),
  ): Promise<RenderedPage> {
    const resolved = resolvePage(path);
    const data = await pageData(resolved, search, headers);
    const catalogue = JSON.stringify(data.plans);
    if (catalogue !== catalogueKey) {
      catalogueKey = catalogue;
      pages.clear();
      notFound.clear();
      variants.clear();
    }
    const cache = resolved.status === 404 ? notFound : data.variant ? variants : pages;
    const key = `${resolved.status === 404 ? path : resolved.cacheKey}#${data.key}#${data.offer ?? ""}`;
    let rendered = cache.get(key);
    if (!rendered) {
      // Rendered once and kept: its code is not worth compiling (src/lib/reluctant-jit.ts).
      rendered = withReluctantJit(async () => renderPage(await loadSpaAssets(), resolved, path, appUrl, data));
      cache.set(key, rendered);
      rendered.catch(() => cache.delete(key));
      if (notFound.size > MAX_CACHED_NOT_FOUND) notFound.delete(notFound.keys().next().value!);
      if (variants.size > MAX_CACHED_VARIANTS) variants.delete(variants.keys().next().value!);
    }
    return { status: resolved.status, asset: await rendered };
  };
}
