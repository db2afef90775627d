import { lazy, Suspense } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { ErrorBoundary } from "./components/error-boundary";
import { PageLoading } from "./components/page-loading";
import { ToastProvider } from "./components/ui/toast";
import { Toaster } from "./components/ui/toaster";
import { TooltipProvider } from "./components/ui/tooltip";
import { queryClient } from "./lib/query-client";
import HomePage from "./pages/home/index";
import LoginPage from "./pages/auth/login";
import SignupPage from "./pages/auth/signup";
import NotFoundPage from "./pages/not-found";

// Everything but the entry screens loads on its own route, so the home page stays light.
const PurchasePage = lazy(() => import("./pages/purchase/index"));
const PurchaseSuccessPage = lazy(() => import("./pages/purchase/success"));
const SupportPage = lazy(() => import("./pages/support/index"));
const DashboardPage = lazy(() => import("./pages/dashboard/index"));
const AdminPage = lazy(() => import("./pages/admin/index"));
const DocsPage = lazy(() => import("./pages/docs/index"));
const DocsTagPage = lazy(() => import("./pages/docs/tag-page"));
const ResetPasswordPage = lazy(() => import("./pages/auth/reset-password"));

/** Every path of SPEC.md §2 plus /reset-password; anything else is the 404 page. */
function Routes() {
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
        <TooltipProvider>
          <ToastProvider>
            <Routes />
            <Toaster />
          </ToastProvider>
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
