/**
 * Every HTML page the site serves: the bundled index.html with the page's head written in and, for
 * public screens, the screen itself rendered by React on the server (web/ssr.tsx). Rendered once per
 * path and kept, compressed, for the life of the process; the same in `npm start` and the executable.
 */
import { loadSpaAssets, makeAsset, type Asset, type AssetMap } from "./assets";
import { fontHead } from "./fonts";
import { CLASS_MERGES_ID } from "../../shared/class-merges";
import { PAGE_DATA_ID, type PageData } from "../../shared/page-data";
import { pageHead, scriptJson } from "./head";
import { resolvePage, type ResolvedPage } from "./site-map";

export interface RenderedPage {
  status: 200 | 404;
  asset: Asset;
}

/** Unknown paths each get their own 404 HTML (the navbar marks the section they are under); keep the latest few. */
const MAX_CACHED_NOT_FOUND = 100;

async function renderScreen(path: string, data: PageData) {
  // Loaded on the first page request, not at start: it brings React's server renderer and every screen.
  const { renderScreen: render } = await import("../../../web/ssr");
  return render(path, data);
}

/** The answers a page's screen needs to render on the server (and hydrate the same), e.g. a legal page's text. */
export type PageDataSource = (page: ResolvedPage) => PageData;

/**
 * The stylesheet goes into the page itself: one round trip fewer before the first paint on a slow
 * connection, for ~10 KB of compressed CSS per page.
 */
function inlineStylesheets(html: string, assets: AssetMap): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const css = assets.get(href);
    return css ? `<style>${new TextDecoder().decode(css.body)}</style>` : link;
  });
}

/** The app's script is named, not loaded: the page's first script loads it after the first paint (boot-script.ts). */
function deferEntryScript(html: string): string {
  return html.replace(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/, (_, src: string) => `<meta name="app-entry" content="${src}">`);
}

async function renderPage(assets: AssetMap, page: ResolvedPage, path: string, appUrl: string, pageData: PageDataSource): Promise<Asset> {
  const template = new TextDecoder().decode(assets.get("/index.html")!.body);
  const data = page.serverRendered ? pageData(page) : [];
  const screen = page.serverRendered ? await renderScreen(path, data) : null;
  const dataScript = data.length ? `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` : "";
  const html = deferEntryScript(inlineStylesheets(template, assets))
    .replace("<!--ssr-head-->", () => pageHead({ page, path, appUrl, fonts: fontHead(assets) }))
    .replace('<div id="root"><!--ssr-screen--></div>', () =>
      screen
        ? `<div id="root">${screen.html}</div><script type="application/json" id="${CLASS_MERGES_ID}">${scriptJson(screen.classMerges)}</script>${dataScript}`
        : '<div id="root"></div>');
  return makeAsset("/index.html", new TextEncoder().encode(html));
}

export function createPageRenderer(appUrl: string, pageData: PageDataSource = () => []) {
  const pages = new Map<string, Promise<Asset>>();
  const notFound = new Map<string, Promise<Asset>>();

  return async function page(path: string): Promise<RenderedPage> {
    const resolved = resolvePage(path);
    const cache = resolved.status === 404 ? notFound : pages;
    const key = resolved.status === 404 ? path : resolved.cacheKey;
    let rendered = cache.get(key);
    if (!rendered) {
      rendered = loadSpaAssets().then((assets) => renderPage(assets, resolved, path, appUrl, pageData));
      cache.set(key, rendered);
      rendered.catch(() => cache.delete(key));
      if (notFound.size > MAX_CACHED_NOT_FOUND) notFound.delete(notFound.keys().next().value!);
    }
    return { status: resolved.status, asset: await rendered };
  };
}
