/**
 * The API described, served by the site itself: the OpenAPI documents and an interactive reference
 * page (Scalar, self-hosted: no CDN, and no inline script, so it runs under the site's CSP).
 */
import { Elysia, t, type AnyElysia } from "elysia";
// By path: the package's exports map does not list its standalone build. Imported as a file, so
// `bun build --compile` embeds it in the executable.
import scalarScriptPath from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js" with {
  type: "file",
};
import { PRODUCT_NAME } from "@shared/product";
import { log } from "../../lib/logger";
import { PLUGIN_PREFLIGHT_HEADERS } from "../../http/security-headers";
import type { apiDocument } from "./document";
import { patchScalarBuild } from "./scalar-patch";
import { lazyModule } from "../../lib/lazy-module";

/** @elysiajs/openapi and the documents' text load with the first document asked for (docs/architecture.md#decisions). */
const loadDocuments = lazyModule("the OpenAPI documents (@elysiajs/openapi)", () => import("./document"));

const DOCUMENT_PATH = "/api/openapi.json";
const JS = "text/javascript; charset=utf-8";

/**
 * The reference's script with its accessibility patch (./scalar-patch), gzipped once on first use and
 * kept only gzipped (about a quarter of its 4 MB; a client that takes no gzip gets it unzipped for it);
 * its URL carries its hash, so browsers keep it.
 */
let scalarScript: Promise<{ path: string; gzip: Uint8Array<ArrayBuffer> }> | null = null;
function loadScalarScript() {
  scalarScript ??= Bun.file(scalarScriptPath)
    .text()
    .then((original) => {
      const patch = patchScalarBuild(original);
      if (!patch.applied) log.warn({ reason: patch.reason }, "API reference served without its accessibility patch");
      const body = new TextEncoder().encode(patch.source) as Uint8Array<ArrayBuffer>;
      return { path: `/api/docs/scalar-${Bun.hash(body).toString(36)}.js`, gzip: Bun.gzipSync(body, { level: 6 }) };
    });
  return scalarScript;
}

/**
 * The theme's muted text and HTTP-method colours, darkened (light mode) or lightened (dark mode) to
 * reach 4.5:1 on the reference's own backgrounds.
 */
const READABLE_THEME_CSS = `
.light-mode {
  --scalar-color-2: #4d4d4d; --scalar-color-3: #595959;
  --scalar-color-green: #0b6e35; --scalar-color-blue: #0a58a8; --scalar-color-orange: #9a4600;
  --scalar-color-red: #b3202a; --scalar-color-yellow: #735700; --scalar-color-purple: #6a3aa8;
}
.dark-mode {
  --scalar-color-2: #c2c2c2; --scalar-color-3: #a8a8a8;
  --scalar-color-green: #4ad07f; --scalar-color-blue: #6cb2ff; --scalar-color-orange: #ffa566;
  --scalar-color-red: #ff7b7b; --scalar-color-yellow: #f0c94a; --scalar-color-purple: #c3a0ff;
}
/* A code block's copy button is named by a screen-reader label the theme shows only while the block
   has the pointer or focus, so at rest the button has no name; keep that label always there: its last
   part, "Copy" (before it, some blocks put their language's name). */
.scalar-app .scalar-code-copy .sr-only > .hidden { display: inline; }
.scalar-app .scalar-code-copy .sr-only > .hidden > :not(:last-child) { display: none; }
/* Boxes that scroll with nothing inside a keyboard can focus, so a keyboard can't scroll them: a
   tag's list of its endpoints (pointer-only shortcuts; the sidebar is the keyboard's way) and an
   example answer's description. Show them whole, long paths wrapped. */
.scalar-app .endpoints-card .custom-scroll, .scalar-app .endpoints-card .endpoints { max-height: none; overflow: visible; }
.scalar-app .endpoints-card .endpoint-path { overflow-wrap: anywhere; white-space: normal; }
.scalar-app .response-card-footer { overflow: visible; }
.scalar-app .response-description-markdown { max-height: none; }`;

/** Starts the reference; a file of its own because the CSP allows no inline script. */
const START_SCRIPT = `Scalar.createApiReference("#reference", ${JSON.stringify({
  customCss: READABLE_THEME_CSS,
  // The request examples' copy buttons have no name a screen reader can read; the reference still
  // shows each operation's parameters, bodies and example answers.
  hiddenClients: true,
  // Every tag open: a folded tag's "Show More" button is named "Show all … endpoints", a name that
  // doesn't contain the words it shows.
  defaultOpenAllTags: true,
  url: DOCUMENT_PATH,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: true,
  documentDownloadType: "json",
})});\n`;

const docsPage = (scriptPath: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} API reference</title>
<meta name="description" content="Every route of the ${PRODUCT_NAME} API, with its input, its answers and its errors.">
</head><body><div id="reference"></div>
<script src="${scriptPath}"></script>
<script src="/api/docs/start.js"></script>
</body></html>`;

const html = t.String({ description: "An HTML page" });
const document = t.Record(t.String(), t.Unknown(), { description: "An OpenAPI 3.1 document" });

/** `app` is the whole application, read when a document is first asked for (every route exists by then). */
export function apiDocsRoutes(site: { appUrl: string; maxBodyBytes: number }, app: () => AnyElysia) {
  let whole: Promise<ReturnType<typeof apiDocument>> | null = null;
  const wholeDocument = () => {
    whole ??= loadDocuments().then((documents) => documents.apiDocument(app(), site));
    whole.catch(() => {
      whole = null;
    });
    return whole;
  };
  return new Elysia({ tags: ["Documentation"] })
    .get(DOCUMENT_PATH, () => wholeDocument(), {
      response: { 200: document },
      detail: { summary: "This API as an OpenAPI 3.1 document" },
    })
    .get(
      "/api/plugin/openapi.json",
      async () =>
        new Response(JSON.stringify((await loadDocuments()).pluginDocument(await wholeDocument(), site.appUrl)), {
          headers: { "Content-Type": "application/json; charset=utf-8", ...PLUGIN_PREFLIGHT_HEADERS },
        }),
      { response: { 200: document }, detail: { summary: "The plugin API alone as an OpenAPI 3.1 document" } },
    )
    .get(
      "/api/docs",
      async () =>
        new Response(docsPage((await loadScalarScript()).path), {
          headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
        }),
      { response: { 200: html }, detail: { summary: "This reference, as an HTML page" } },
    )
    .get(
      "/api/docs/start.js",
      () => new Response(START_SCRIPT, { headers: { "Content-Type": JS, "Cache-Control": "no-cache" } }),
      {
        response: { 200: t.String({ description: "JavaScript" }) },
        detail: { summary: "The script that starts this reference" },
      },
    )
    .get(
      "/api/docs/:script",
      async ({ params, request }) => {
        const script = await loadScalarScript();
        if (`/api/docs/${params.script}` !== script.path)
          return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
        const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
        return new Response(gzip ? script.gzip : Bun.gunzipSync(script.gzip), {
          headers: {
            "Content-Type": JS,
            "Cache-Control": "public, max-age=31536000, immutable",
            Vary: "Accept-Encoding",
            ...(gzip ? { "Content-Encoding": "gzip" } : {}),
          },
        });
      },
      {
        response: { 200: t.String({ description: "JavaScript" }), 404: t.String() },
        detail: {
          summary: "This reference's script",
          description: "Its name carries its hash, so it is cached for a year; any other name is a 404.",
        },
      },
    );
}
