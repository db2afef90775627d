import { lazy, Suspense, use, useEffect, type ComponentType } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Router, useLocation } from "wouter";
import { matchRoute, type RouteId } from "@shared/routes";
import { languageBase, splitLanguagePath } from "@shared/languages";
import type { LegalSlug } from "@shared/legal";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoading } from "./components/page-loading";
import { lazyPage } from "./lib/lazy-page";
import { queryClient } from "./lib/query-client";
import { useDocumentHead } from "./lib/use-document-head";
import { catalogueToUse, loadCatalogue, loadEnglishRest } from "./lib/i18n";
import { LanguageProvider, useLanguage, useT } from "./lib/language";
import { localizedRouteHead } from "./lib/localized-head";
import { useScrollToTopOnNavigate } from "./lib/use-scroll-to-top";
import { useAfterIdle } from "./lib/use-after-idle";
import HomePage from "./pages/home/index";
import { NotFoundPage } from "./components/not-found";

type PageProps = { params: Record<string, string> };
type Page = ComponentType<PageProps> & { preload?: () => Promise<void> };

// The home and 404 screens come with the app. The other public screens share one chunk, loaded on
// their routes: one request instead of a dozen small ones shared with the signed-in screens, which a
// slow phone felt at every first visit. The signed-in screens load on their own routes.
// Each brings the rest of the English messages with it (lib/i18n.ts): the home page's script carries only its own.
function publicScreen<P extends object>(pick: (screens: typeof import("./pages/public")) => ComponentType<P>) {
  return lazyPage<P>(async () => {
    const [screens] = await Promise.all([import("./pages/public"), loadEnglishRest()]);
    return { default: pick(screens) };
  });
}
const withEnglishRest =
  <T,>(load: () => Promise<T>) =>
  async () =>
    (await Promise.all([load(), loadEnglishRest()]))[0];
const DocsTagPage = publicScreen((screens) => screens.DocsTagPage);
const LegalPage = publicScreen((screens) => screens.LegalPage);
const legalPage = (slug: LegalSlug): Page =>
  Object.assign(() => <LegalPage slug={slug} />, { preload: LegalPage.preload });

/** One screen per route of src/shared/routes.ts; a path no route matches is the 404 page. */
const PAGES: Record<RouteId, Page> = {
  home: HomePage,
  purchase: publicScreen((screens) => screens.PurchasePage),
  "purchase-success": publicScreen((screens) => screens.PurchaseSuccessPage),
  support: publicScreen((screens) => screens.SupportPage),
  "support-ticket": publicScreen((screens) => screens.SupportTicketPage),
  login: publicScreen((screens) => screens.LoginPage),
  signup: publicScreen((screens) => screens.SignupPage),
  "reset-password": publicScreen((screens) => screens.ResetPasswordPage),
  "confirm-email": publicScreen((screens) => screens.ConfirmEmailPage),
  "confirm-address": publicScreen((screens) => screens.ConfirmAddressPage),
  refund: publicScreen((screens) => screens.RefundLinkPage),
  dashboard: lazyPage(withEnglishRest(() => import("./pages/dashboard/index"))),
  admin: lazyPage(withEnglishRest(() => import("./pages/admin/index"))),
  docs: publicScreen((screens) => screens.DocsPage),
  "docs-guide": publicScreen((screens) => screens.GettingStartedPage),
  terms: legalPage("terms"),
  privacy: legalPage("privacy"),
  "refund-policy": legalPage("refund-policy"),
  imprint: legalPage("imprint"),
  "docs-tag": Object.assign(({ params }: PageProps) => <DocsTagPage key={params.tag} tag={params.tag} />, {
    preload: DocsTagPage.preload,
  }),
};

/** Loads the code of the screen at `path`, so it renders (or hydrates) without a loading state. */
export async function preloadPage(fullPath: string): Promise<void> {
  const { language, path } = splitLanguagePath(fullPath);
  const match = matchRoute(path);
  await Promise.all([loadCatalogue(language), match ? PAGES[match.route.id].preload?.() : undefined]);
}

/** `location` is the path inside the language's prefix ("/purchase" on /de/purchase). */
function Routes() {
  useScrollToTopOnNavigate();
  const [location] = useLocation();
  const language = useLanguage();
  const t = useT();
  const match = matchRoute(location);
  // A tag page and the 404 page know their own head; every other screen's comes from the route list.
  useDocumentHead(
    match && match.route.id !== "docs-tag" ? localizedRouteHead(match.route, location, language, t) : null,
  );
  if (!match) return <NotFoundPage />;
  const Page = PAGES[match.route.id];
  return (
    <LanguageProvider value={{ language, translated: match.route.translated === true }}>
      <Suspense fallback={<PageLoading />}>
        <Page params={match.params} />
      </Suspense>
    </LanguageProvider>
  );
}

/**
 * The language of the address (/de/… is German; no prefix is English) rules everything below it: its
 * catalogue is loaded before the page shows, and the pages' links stay under its prefix (the router's base).
 */
function LanguageRoot() {
  const [fullPath] = useLocation();
  const { language } = splitLanguagePath(fullPath);
  use(catalogueToUse(language)); // on every render, so its hooks are the same whether it waited or not
  useEffect(() => {
    // Only when it changes: Chromium re-checks every element's :lang() on each write, even of the same value
    // (about 30 ms of style work on a hydrated page, one long task on a phone).
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
  }, [language]);
  return (
    <LanguageProvider value={{ language, translated: true }}>
      <Router base={languageBase(language)}>
        <Routes />
      </Router>
    </LanguageProvider>
  );
}

// Toasts only follow something the visitor did, so their code (Radix Toast and its helpers, a tenth of
// the first page's script) loads when the page is idle after its first render, not with it. A toast
// made before then waits in the store and shows when the Toaster mounts.
const Toaster = lazy(() => import("./components/ui/toaster"));

function DeferredToaster() {
  return useAfterIdle() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoading />}>
          <LanguageRoot />
        </Suspense>
        <DeferredToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
