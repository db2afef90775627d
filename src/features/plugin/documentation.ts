/**
 * The plugin API described from its answer table: the per-status response schemas of POST
 * /api/plugin/validate (which the OpenAPI documents are generated from) and the plugin authors'
 * readable page at /api/plugin/docs.
 */
import { PRODUCT_NAME } from "@shared/product";
import { RATE_RULES } from "../../lib/rate-limit";
import { PLUGIN_ANSWERS, type PluginFailure } from "@shared/api/plugin-answers";
import { PluginModel } from "@shared/api/plugin";

const VALID_EXAMPLE = {
  valid: true,
  code: "VALID",
  plan: "pro",
  status: "active",
  endDate: "2027-03-01T12:00:00.000Z",
  timeRemaining: { total: 10368000000, days: 120, hours: 0, minutes: 0, seconds: 0 },
  linkedRobloxAccountId: "123456789",
} as const;

export const VALIDATE_REQUEST_EXAMPLE = { key: "ll_abcdefghijklmnopqrstuvwxyz234567", robloxUserId: "123456789" };

const failureExample = (which: PluginFailure) => {
  const { code, message } = PLUGIN_ANSWERS[which];
  return { valid: false, code, error: code, message, ...(which === "rateLimited" ? { retryAfterSeconds: 30 } : {}) };
};

type FailureStatus = (typeof PLUGIN_ANSWERS)[PluginFailure]["status"];

/** Every answer of the validate call, by status, each described and exemplified from the table. */
export function validateResponses() {
  const responses: Record<number, unknown> = {
    200: { ...PluginModel.valid, description: `VALID: ${PLUGIN_ANSWERS.valid.meaning}`, examples: [VALID_EXAMPLE] },
  };
  for (const which of Object.keys(PLUGIN_ANSWERS) as (keyof typeof PLUGIN_ANSWERS)[]) {
    if (which === "valid") continue;
    const { status, code, meaning } = PLUGIN_ANSWERS[which];
    responses[status] = {
      ...PluginModel.failure,
      description: `${code}: ${meaning}`,
      examples: [failureExample(which)],
    };
  }
  return responses as { 200: typeof PluginModel.valid } & { [S in FailureStatus]: typeof PluginModel.failure };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value));

/** The readable page: request, every answer code, CORS and rate limit. Plain HTML, no script. */
export function pluginDocsPage(appUrl: string): string {
  const rule = RATE_RULES.pluginValidate;
  const rows = Object.values(PLUGIN_ANSWERS)
    .map((a) => `<tr><td>${a.status}</td><td><code>${a.code}</code></td><td>${escapeHtml(a.meaning)}</td></tr>`)
    .join("");
  const url = escapeHtml(appUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} plugin API</title>
<style>
body{margin:0;background:#09090b;color:#e4e4e7;font:16px/1.6 system-ui,sans-serif}
main{max-width:860px;margin:0 auto;padding:32px 20px}
h1,h2{color:#fafafa;line-height:1.25} a{color:#a78bfa}
code,pre{font-family:ui-monospace,monospace;font-size:14px}
pre{background:#18181b;border:1px solid #27272a;border-radius:8px;padding:14px;overflow-x:auto;white-space:pre-wrap}
pre:focus-visible{outline:2px solid #a78bfa;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:15px} td,th{border-bottom:1px solid #27272a;padding:8px;text-align:left;vertical-align:top}
.muted{color:#a1a1aa}
</style></head><body><main>
<h1>${PRODUCT_NAME} plugin API</h1>
<p class="muted">For plugin authors. Machine-readable description: <a href="/api/plugin/openapi.json">/api/plugin/openapi.json</a> (OpenAPI 3.1).
The whole site's API is described at <a href="/api/docs">/api/docs</a>.</p>
<h2>Validate a key</h2>
<pre tabindex="0">POST ${url}/api/plugin/validate
Content-Type: application/json

${pretty(VALIDATE_REQUEST_EXAMPLE)}</pre>
<p><code>key</code> is the plugin key the user generates in the dashboard's Plugin tab. <code>robloxUserId</code> is the Roblox user ID
of the person using the plugin, digits only (a string or a whole number). The first valid call links that ID to the key;
a different ID is refused until the owner resets the link from the dashboard (a reset has a cooldown).</p>
<h2>Answers</h2>
<p>Every answer is JSON with <code>valid</code> (true or false) and a stable <code>code</code>; failures also carry
<code>message</code>, a sentence you can show the user.</p>
<table><thead><tr><th>Status</th><th>code</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>
<pre tabindex="0">200 ${pretty(VALID_EXAMPLE)}
409 ${pretty(failureExample("accountMismatch"))}</pre>
<p>For lifetime access <code>endDate</code> and <code>timeRemaining</code> are null. <code>status</code> is
<code>cancelled</code> when the owner cancelled: the plugin keeps working until <code>endDate</code>.</p>
<h2>CORS</h2>
<p>Only <code>/api/plugin/*</code> is open to other origins: <code>Access-Control-Allow-Origin: *</code>, methods GET, POST and OPTIONS,
request header <code>Content-Type</code>. Preflight <code>OPTIONS</code> requests answer 204. No cookies or credentials are used.</p>
<h2>Rate limit</h2>
<p>${rule.capacity} calls in a burst, refilled at ${rule.perMinute} a minute, counted per IP address and per key. Over the limit the answer is
429 <code>RATE_LIMITED</code> with a <code>Retry-After</code> header (seconds) and <code>retryAfterSeconds</code> in the body.
Validate when the plugin starts or a session begins, not on every frame.</p>
</main></body></html>`;
}
