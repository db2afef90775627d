import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { matchRoute, routeHead, type RouteId } from "../src/shared/routes";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoading } from "./components/page-loading";
import { lazyPage } from "./lib/lazy-page";
import { queryClient } from "./lib/query-client";
import { useDocumentHead } from "./lib/use-document-head";
import { useScrollToTopOnNavigate } from "./lib/use-scroll-to-top";
import HomePage from "./pages/home/index";
import NotFoundPage from "./pages/not-found";

type PageProps = { params: Record<string, string> };
type Page = ComponentType<PageProps> & { preload?: () => Promise<void> };

// Everything but the home and 404 screens loads on its own route, so the first page stays light.
const DocsTagPage = lazyPage(() => import("./pages/docs/tag-page"));

/** One screen per route of src/shared/routes.ts; a path no route matches is the 404 page. */
const PAGES: Record<RouteId, Page> = {
  home: HomePage,
  purchase: lazyPage(() => import("./pages/purchase/index")),
  "purchase-success": lazyPage(() => import("./pages/purchase/success")),
  support: lazyPage(() => import("./pages/support/index")),
  login: lazyPage(() => import("./pages/auth/login")),
  signup: lazyPage(() => import("./pages/auth/signup")),
  "reset-password": lazyPage(() => import("./pages/auth/reset-password")),
  dashboard: lazyPage(() => import("./pages/dashboard/index")),
  admin: lazyPage(() => import("./pages/admin/index")),
  docs: lazyPage(() => import("./pages/docs/index")),
  "docs-tag": Object.assign(({ params }: PageProps) => <DocsTagPage key={params.tag} tag={params.tag} />, { preload: DocsTagPage.preload }),
};

/** Loads the code of the screen at `path`, so it renders (or hydrates) without a loading state. */
export async function preloadPage(path: string): Promise<void> {
  const match = matchRoute(path);
  await (match ? PAGES[match.route.id].preload?.() : undefined);
}

function Routes() {
  useScrollToTopOnNavigate();
  const [location] = useLocation();
  const match = matchRoute(location);
  // A tag page and the 404 page know their own head; every other screen's comes from the route list.
  useDocumentHead(match && match.route.id !== "docs-tag" ? routeHead(match.route, location) : null);
  if (!match) return <NotFoundPage />;
  const Page = PAGES[match.route.id];
  return (
    <Suspense fallback={<PageLoading />}>
      <Page params={match.params} />
    </Suspense>
  );
}

// Toasts only follow something the visitor did, so their code (Radix Toast and its helpers, a tenth of
// the first page's script) loads once the page is running, not with it.
const Toaster = lazy(() => import("./components/ui/toaster"));

function DeferredToaster() {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running ? <Suspense fallback={null}><Toaster /></Suspense> : null;
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Routes />
        <DeferredToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
