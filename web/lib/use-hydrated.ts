import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true from then on. A screen
 * that depends on browser-only state (stored token, query string) renders what the server rendered
 * first, so hydration matches, and switches right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
