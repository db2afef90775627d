import { useSyncExternalStore } from "react";

/**
 * False until the browser is first idle after the page loaded (at most two seconds), true from then on, for
 * every screen after it too. For what a visitor doesn't need at first sight (the toasts' code, the live counts
 * under a page): started while the page hydrates, each was part of one long task on a phone.
 */
export function useAfterIdle(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => idle,
    () => false,
  );
}

let idle = false;
let scheduled = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!scheduled) {
    scheduled = true;
    const reached = () => {
      idle = true;
      for (const notify of listeners) notify();
    };
    if (typeof requestIdleCallback === "function") requestIdleCallback(reached, { timeout: 2000 });
    else setTimeout(reached, 1);
  }
  return () => listeners.delete(listener);
}
