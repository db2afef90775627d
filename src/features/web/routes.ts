/** Serves the SPA: files by path, and index.html for every other non-API path (client-side routes). */
import { Elysia } from "elysia";
import { loadSpaAssets, type Asset } from "./assets";

function respond(asset: Asset, request: Request, status = 200): Response {
  const headers: Record<string, string> = {
    "Content-Type": asset.type,
    "Cache-Control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    ETag: asset.etag,
    Vary: "Accept-Encoding",
  };
  if (status === 200 && request.headers.get("if-none-match") === asset.etag) return new Response(null, { status: 304, headers });
  const accepts = request.headers.get("accept-encoding") ?? "";
  let body = asset.body;
  if (asset.br && /\bbr\b/.test(accepts)) { body = asset.br; headers["Content-Encoding"] = "br"; }
  else if (asset.gzip && /\bgzip\b/.test(accepts)) { body = asset.gzip; headers["Content-Encoding"] = "gzip"; }
  return new Response(body, { status, headers });
}

/** A malformed escape such as /foo% is just a path no file has. */
function safeDecode(path: string): string {
  try { return decodeURIComponent(path); } catch { return path; }
}

export function webRoutes() {
  return new Elysia().get("/*", async ({ request, path }) => {
    const assets = await loadSpaAssets();
    const file = assets.get(safeDecode(path));
    if (file && path !== "/index.html") return respond(file, request);
    // A missing hashed file is a real 404, not the SPA: a stale page must not get HTML for its script.
    if (path.startsWith("/assets/")) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    return respond(assets.get("/index.html")!, request);
  }, { detail: { hide: true } });
}
