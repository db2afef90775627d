import { EARLY_TAP_ATTRIBUTE } from "@shared/page-shell";

/** The attribute that marks a server-rendered control whose tap before the code arrives is kept. */
export function earlyTapMark(control: string): Record<string, string> {
  return { [EARLY_TAP_ATTRIBUTE]: control };
}

/**
 * True, once, when the page's first script noted a tap on `control` before React could handle it
 * (src/features/site/boot-script.ts); the caller then does what the tap asked for.
 */
export function takeEarlyTap(control: string): boolean {
  const root = document.documentElement;
  if (root.getAttribute(EARLY_TAP_ATTRIBUTE) !== control) return false;
  root.removeAttribute(EARLY_TAP_ATTRIBUTE);
  return true;
}
