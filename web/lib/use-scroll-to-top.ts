import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

/**
 * Starts every screen at the top when it is opened by a client-side link (the browser only does
 * this for full page loads). A link to an anchor on the page (#section) is left alone.
 */
export function useScrollToTopOnNavigate(): void {
  const [location] = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation; the location is the trigger
  useEffect(() => {
    // A page load already starts at the top (or where the browser restores it).
    if (first.current) {
      first.current = false;
      return;
    }
    if (window.location.hash) return;
    window.scrollTo(0, 0);
  }, [location]);
}
