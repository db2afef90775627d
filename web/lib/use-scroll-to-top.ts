import { useEffect } from "react";

/**
 * Starts a screen at the top when it is opened by a client-side link (the browser only does this
 * for full page loads). A link to an anchor on the page (#section) is left alone.
 */
export function useScrollToTop(key?: string): void {
  useEffect(() => {
    if (window.location.hash) return;
    window.scrollTo(0, 0);
  }, [key]);
}
