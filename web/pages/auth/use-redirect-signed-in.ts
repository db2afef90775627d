import { useLayoutEffect } from "react";
import { useLocation } from "wouter";
import { hasStoredToken } from "../../lib/token-storage";

/**
 * Someone who opens login or signup with a token already stored goes to the dashboard.
 * Checked once, on arrival, after hydration (the server renders the form for everyone), and before
 * the browser paints when the screen is opened by a link.
 */
export function useRedirectSignedIn(to = "/dashboard"): void {
  const [, navigate] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival: signing in here navigates by itself
  useLayoutEffect(() => {
    if (hasStoredToken()) navigate(to, { replace: true });
    // Only on arrival: signing in here stores a token and navigates by itself.
  }, []);
}
