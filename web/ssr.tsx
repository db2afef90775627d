/**
 * The server's view of the SPA: renders a screen to HTML for src/features/site/pages.ts. Only the
 * server imports this file; the browser hydrates the result (main.tsx).
 */
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { App, preloadPage } from "./app";
import type { ClassMerges } from "@shared/class-merges";
import { recordClassMerges } from "./lib/utils";
import { queryClient } from "./lib/query-client";
import type { QuerySeed } from "@shared/page-data";
import { setServerPluginInstallUrl } from "./lib/plugin-install-url";
import { compileCatalogue } from "./lib/compile-catalogue";
import { loadCatalogue, setCatalogueCompiler } from "./lib/i18n";
import { PRODUCT_NAME } from "@shared/product";
import type { SiteLanguage } from "@shared/languages";
import type { LanguageOffer } from "@shared/page-data";

// The server reads the catalogues as they are in the repository and compiles each once, when first used.
setCatalogueCompiler(compileCatalogue);

/** The offer an English page makes to a visitor whose browser prefers `language`, in that language. */
export async function languageOffer(language: SiteLanguage): Promise<LanguageOffer> {
  const i18n = await loadCatalogue(language);
  const say = (id: string) => i18n._(id, { product: PRODUCT_NAME });
  return { language, text: say("offer.text"), open: say("offer.open"), dismiss: say("offer.dismiss") };
}

/** A message of `language`'s catalogue, for the page's head. */
export async function translator(language: SiteLanguage) {
  const i18n = await loadCatalogue(language);
  return (id: string, values: Record<string, string | number> = {}) => i18n._(id, { product: PRODUCT_NAME, ...values });
}

export interface RenderedScreen {
  /** The markup inside #root. */
  html: string;
  /** The class merges the render made, for the page to carry (lib/utils.ts). */
  classMerges: ClassMerges;
}

let previous: Promise<unknown> = Promise.resolve();

/**
 * The markup of `path` (with `search`, e.g. "?code=LAUNCH20") inside #root, rendered from `seeds` (the
 * price list and such, which the page also carries for the browser). Other data that changes
 * (session, reviews, counts) renders empty.
 */
export function renderScreen(
  path: string,
  search = "",
  seeds: QuerySeed[] = [],
  pluginInstallUrl: string | null = null,
): Promise<RenderedScreen> {
  // One render at a time, so each records only its own class merges and sees only its own data.
  const render = previous.then(async () => {
    await preloadPage(path);
    queryClient.clear();
    setServerPluginInstallUrl(pluginInstallUrl);
    for (const seed of seeds) queryClient.setQueryData(seed.key, seed.data);
    const { result: html, merges: classMerges } = await recordClassMerges(async () => {
      const { prelude } = await prerender(
        <Router ssrPath={path} ssrSearch={search}>
          <App />
        </Router>,
      );
      return new Response(prelude).text();
    });
    return { html, classMerges };
  });
  previous = render.catch(() => undefined);
  return render;
}
