/**
 * The security headers (docs/architecture.md#security), in three sets built once and chosen by path on every request:
 * - pages (everything outside /api, and the two reference pages under it): the full CSP, allowing only
 *   ourselves plus the card provider's script and frames;
 * - API answers (JSON, never a document): `default-src 'none'`, so nothing would load even if one were
 *   opened as a page. The page policy's sources and X-Frame-Options (frame-ancestors says it) mean
 *   nothing on JSON, and every header is work on the hottest calls: writing the page set on each
 *   plugin validation cost about 4 µs of CPU a request, a sixth of it;
 * - the plugin API: the API set plus `Access-Control-Allow-Origin: *`. The preflight-only CORS headers
 *   go on the preflight answer alone (PLUGIN_PREFLIGHT_HEADERS), as the CORS protocol reads them there.
 */

import { isPath, pathStart } from "../lib/url-path";

/** Pages served under /api: documents, so they get the page set. */
const DOCUMENTS_UNDER_API = ["/api/docs", "/api/plugin/docs"];

export const PLUGIN_PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

export function securityHeaderSets(production: boolean, bootScriptHash: string) {
  const always: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (production) always["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  const page = {
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self' ${bootScriptHash} https://js.stripe.com`,
      "frame-src https://js.stripe.com https://hooks.stripe.com",
      "connect-src 'self' https://api.stripe.com",
      "img-src 'self' data: https://*.rbxcdn.com https://*.stripe.com",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join("; "),
    ...always,
    "X-Frame-Options": "DENY",
  };
  const api = { "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'", ...always };
  const plugin = { ...api, "Access-Control-Allow-Origin": "*" };
  const pluginPage = { ...page, "Access-Control-Allow-Origin": "*" };

  /** The set for a request's URL, read without parsing it (this runs on every request). */
  function forUrl(url: string): Record<string, string> {
    const path = pathStart(url);
    if (!url.startsWith("/api/", path)) return page;
    const plugged = url.startsWith("/api/plugin/", path);
    if (DOCUMENTS_UNDER_API.some((document) => isPath(url, path, document, true))) return plugged ? pluginPage : page;
    return plugged ? plugin : api;
  }
  return { page, api, plugin, forUrl };
}
