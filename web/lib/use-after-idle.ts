import { startTransition, useEffect, useState } from "react";

/**
 * False until the browser is idle after the component mounted (at most two seconds), true from then on. For what
 * a visitor doesn't need at first sight (the toasts' code, the live counts under a page, the checkout's code):
 * started while the page hydrates, each was part of one long task on a phone.
 *
 * Each waiting component is let go in an idle period of its own, so their renders, requests and timers are
 * short tasks one after the other rather than one long one (10-22 ms on a fast machine, so a phone's page
 * stayed busy after it looked ready). Every component starts false, as the server rendered it: parts of a page
 * hydrate at different times, and one that started true after another had been let go would not match its HTML.
 */
export function useAfterIdle(): boolean {
  const [reached, setReached] = useState(false);
  // A transition, so React renders what it lets go in slices it can pause, not in one task.
  useEffect(() => (reached ? undefined : whenIdle(() => startTransition(() => setReached(true)))), [reached]);
  return reached;
}

const waiting: (() => void)[] = [];
let releasing = false;

/** Calls `release` in an idle period after the ones before it; answers how to take it back. */
export function whenIdle(release: () => void): () => void {
  waiting.push(release);
  if (!releasing) {
    releasing = true;
    nextIdle(releaseOne);
  }
  return () => {
    const at = waiting.indexOf(release);
    if (at >= 0) waiting.splice(at, 1);
  };
}

function releaseOne() {
  waiting.shift()?.();
  // Asked for inside an idle callback, the next one runs in the next idle period: after the render this one started.
  if (waiting.length > 0) nextIdle(releaseOne);
  else releasing = false;
}

function nextIdle(callback: () => void) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 1);
}
