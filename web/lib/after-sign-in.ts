/**
 * Where signing in goes next: `/login?next=/dashboard?tab=purchases` (a page that asked the visitor to sign in)
 * goes back there. Only a path of this site is followed, never another origin ("//evil.example", "https:…").
 */
export function signInTo(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/** The `next` of a login URL's query when it is a path of this site, else null. */
export function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  return next;
}
