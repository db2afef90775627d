import { lazy, Suspense } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch, useLocation } from "wouter";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoading } from "./components/page-loading";
import { ToastProvider } from "./components/ui/toast";
import { Toaster } from "./components/ui/toaster";
import { queryClient } from "./lib/query-client";
import { useScrollToTopOnNavigate } from "./lib/use-scroll-to-top";
import HomePage from "./pages/home/index";
import NotFoundPage from "./pages/not-found";

// Everything but the home and 404 screens loads on its own route, so the first page stays light.
const LoginPage = lazy(() => import("./pages/auth/login"));
const SignupPage = lazy(() => import("./pages/auth/signup"));
const PurchasePage = lazy(() => import("./pages/purchase/index"));
const PurchaseSuccessPage = lazy(() => import("./pages/purchase/success"));
const SupportPage = lazy(() => import("./pages/support/index"));
const DashboardPage = lazy(() => import("./pages/dashboard/index"));
const AdminPage = lazy(() => import("./pages/admin/index"));
const DocsPage = lazy(() => import("./pages/docs/index"));
const DocsTagPage = lazy(() => import("./pages/docs/tag-page"));
const ResetPasswordPage = lazy(() => import("./pages/auth/reset-password"));

/** Every path of SPEC.md §2 plus /reset-password; anything else is the 404 page. */
/** SPEC.md §2: paths are exact, so /Docs or /purchase/ is the 404 page rather than a near match. */
function isExactPath(path: string): boolean {
  return path === "/" || (!path.endsWith("/") && path === path.toLowerCase());
}

function Routes() {
  useScrollToTopOnNavigate();
  const [location] = useLocation();
  if (!isExactPath(location)) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/purchase" component={PurchasePage} />
        <Route path="/purchase/success" component={PurchaseSuccessPage} />
        <Route path="/support" component={SupportPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/signup" component={SignupPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/docs" component={DocsPage} />
        <Route path="/docs/:tag">{(params) => <DocsTagPage key={params.tag} tag={params.tag} />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Routes />
          <Toaster />
        </ToastProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
