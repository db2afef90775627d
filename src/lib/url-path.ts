/**
 * A request URL's path, read without parsing the URL: the request hook asks on every request, and
 * `new URL` would cost more than what it decides.
 */

/** Where the path of an absolute URL ("http://host/…") starts. */
export const pathStart = (url: string) => url.indexOf("/", url.indexOf("//") + 2);

/**
 * Whether the URL's path (starting at `at`) is `path` itself, with or without a query, or with
 * `below`, also anything under it: "/api/docs", "/api/docs?x", and "/api/docs/…" when below, never "/api/docsx".
 */
export function isPath(url: string, at: number, path: string, below = false): boolean {
  if (!url.startsWith(path, at)) return false;
  const next = url.charCodeAt(at + path.length);
  return Number.isNaN(next) || next === 63 /* ? */ || (below && next === 47) /* / */;
}
