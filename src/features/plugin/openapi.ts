/**
 * The plugin API described for plugin authors: an OpenAPI 3.1 document (GET /api/plugin/openapi.json)
 * and the same content as a readable page (GET /api/plugin/docs).
 */
import { PRODUCT_NAME } from "../../shared/product";
import { RATE_RULES } from "../../lib/rate-limit";

const failure = (code: string, description: string, example: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Failure" },
      example: { valid: false, code, error: code, message: example },
    },
  },
});

export const PLUGIN_ANSWERS = [
  { status: 200, code: "VALID", meaning: "The key is valid and its subscription is running. The first valid call links robloxUserId to the key." },
  { status: 400, code: "INVALID_REQUEST", meaning: "The body is not JSON." },
  { status: 422, code: "INVALID_REQUEST", meaning: "key is missing, or robloxUserId is not digits only." },
  { status: 401, code: "INVALID_KEY", meaning: "No account has this key (never issued, or replaced by a newer key)." },
  { status: 403, code: "SUBSCRIPTION_EXPIRED", meaning: "The key is real but its subscription has ended (or the account has none)." },
  { status: 409, code: "ACCOUNT_MISMATCH", meaning: "The key is linked to another Roblox account. The owner resets it from the dashboard; the owner gets at most one alert e-mail an hour." },
  { status: 429, code: "RATE_LIMITED", meaning: "Too many calls from this IP address or with this key. Wait Retry-After seconds." },
] as const;

export function pluginOpenApi(appUrl: string) {
  const rule = RATE_RULES.pluginValidate;
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} plugin API`,
      version: "1.0.0",
      description:
        `Checks a plugin key from inside the plugin. CORS is open (any origin) on /api/plugin/* only. ` +
        `Rate limit: ${rule.capacity} calls in a burst, refilled at ${rule.perMinute} a minute, per IP address and per key.`,
    },
    servers: [{ url: appUrl }],
    paths: {
      "/api/plugin/validate": {
        post: {
          operationId: "validatePluginKey",
          summary: "Validate a plugin key for a Roblox user",
          description:
            "Every answer is JSON with `valid` (boolean) and a stable `code`. The first valid call links " +
            "`robloxUserId` to the key; later calls with another ID answer 409 ACCOUNT_MISMATCH until the owner resets the link.",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/ValidateRequest" },
                example: { key: "ll_abcdefghijklmnopqrstuvwxyz234567", robloxUserId: "123456789" },
              },
            },
          },
          responses: {
            "200": {
              description: "Valid key, running subscription.",
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/Valid" },
                  example: {
                    valid: true, code: "VALID", plan: "pro", status: "active", endDate: "2027-03-01T12:00:00.000Z",
                    timeRemaining: { total: 10368000000, days: 120, hours: 0, minutes: 0, seconds: 0 },
                    linkedRobloxAccountId: "123456789",
                  },
                },
              },
            },
            "400": failure("INVALID_REQUEST", "The body is not JSON.", "The request body must be JSON."),
            "401": failure("INVALID_KEY", "Unknown or replaced key.", "This plugin key is not valid. Generate a new key from your dashboard and paste it into the plugin."),
            "403": failure("SUBSCRIPTION_EXPIRED", "The subscription has ended.", "Your subscription has ended. Redeem a new product key from your dashboard to keep using the plugin."),
            "409": failure("ACCOUNT_MISMATCH", "The key is linked to another Roblox account.", "This plugin key is linked to another Roblox account. Reset the linked account from your dashboard to use it here."),
            "422": failure("INVALID_REQUEST", "Missing key or robloxUserId not digits only.", "Send key (your plugin key) and robloxUserId (digits only)."),
            "429": {
              ...failure("RATE_LIMITED", "Too many calls from this IP address or with this key.", "Too many validation requests. Please wait a moment and try again."),
              headers: { "Retry-After": { description: "Seconds to wait before the next call.", schema: { type: "integer" } } },
            },
          },
        },
        options: {
          operationId: "validatePreflight",
          summary: "CORS preflight",
          responses: { "204": { description: "Access-Control-Allow-Origin: *, methods GET, POST, OPTIONS, header Content-Type." } },
        },
      },
    },
    components: {
      schemas: {
        ValidateRequest: {
          type: "object",
          required: ["key", "robloxUserId"],
          properties: {
            key: { type: "string", description: "The plugin key from the dashboard's Plugin tab (ll_ + 32 characters)." },
            robloxUserId: {
              oneOf: [{ type: "string", pattern: "^[0-9]{1,19}$" }, { type: "integer", minimum: 0 }],
              description: "The Roblox user ID of the person using the plugin (digits only).",
            },
          },
        },
        TimeRemaining: {
          type: ["object", "null"],
          description: "null for lifetime access.",
          properties: {
            total: { type: "integer", description: "milliseconds" },
            days: { type: "integer" }, hours: { type: "integer" }, minutes: { type: "integer" }, seconds: { type: "integer" },
          },
        },
        Valid: {
          type: "object",
          required: ["valid", "code", "plan", "status", "endDate", "timeRemaining", "linkedRobloxAccountId"],
          properties: {
            valid: { const: true },
            code: { const: "VALID" },
            plan: { enum: ["month", "pro", "lifetime"] },
            status: { enum: ["active", "cancelled"], description: "cancelled: access continues until endDate." },
            endDate: { type: ["string", "null"], format: "date-time", description: "null for lifetime access." },
            timeRemaining: { $ref: "#/components/schemas/TimeRemaining" },
            linkedRobloxAccountId: { type: "string" },
          },
        },
        Failure: {
          type: "object",
          required: ["valid", "code", "error", "message"],
          properties: {
            valid: { const: false },
            code: { enum: ["INVALID_REQUEST", "INVALID_KEY", "SUBSCRIPTION_EXPIRED", "ACCOUNT_MISMATCH", "RATE_LIMITED"] },
            error: { type: "string", description: "Same as code." },
            message: { type: "string", description: "A sentence to show the user." },
            retryAfterSeconds: { type: "integer", description: "Only with RATE_LIMITED." },
          },
        },
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The readable page: request, every answer code, CORS and rate limit. Plain HTML, no script. */
export function pluginDocsPage(appUrl: string): string {
  const rule = RATE_RULES.pluginValidate;
  const rows = PLUGIN_ANSWERS.map((a) =>
    `<tr><td>${a.status}</td><td><code>${a.code}</code></td><td>${escapeHtml(a.meaning)}</td></tr>`).join("");
  const url = escapeHtml(appUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} plugin API</title>
<style>
body{margin:0;background:#09090b;color:#e4e4e7;font:16px/1.6 system-ui,sans-serif}
main{max-width:860px;margin:0 auto;padding:32px 20px}
h1,h2{color:#fafafa;line-height:1.25} a{color:#a78bfa}
code,pre{font-family:ui-monospace,monospace;font-size:14px}
pre{background:#18181b;border:1px solid #27272a;border-radius:8px;padding:14px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:15px} td,th{border-bottom:1px solid #27272a;padding:8px;text-align:left;vertical-align:top}
.muted{color:#a1a1aa}
</style></head><body><main>
<h1>${PRODUCT_NAME} plugin API</h1>
<p class="muted">For plugin authors. Machine-readable description: <a href="/api/plugin/openapi.json">/api/plugin/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Validate a key</h2>
<pre>POST ${url}/api/plugin/validate
Content-Type: application/json

{"key": "ll_abcdefghijklmnopqrstuvwxyz234567", "robloxUserId": "123456789"}</pre>
<p><code>key</code> is the plugin key the user generates in the dashboard's Plugin tab. <code>robloxUserId</code> is the Roblox user ID
of the person using the plugin, digits only (a string or a whole number). The first valid call links that ID to the key;
a different ID is refused until the owner resets the link from the dashboard (a reset has a cooldown).</p>
<h2>Answers</h2>
<p>Every answer is JSON with <code>valid</code> (true or false) and a stable <code>code</code>; failures also carry
<code>message</code>, a sentence you can show the user.</p>
<table><thead><tr><th>Status</th><th>code</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>
<pre>200 {"valid": true, "code": "VALID", "plan": "pro", "status": "active",
     "endDate": "2027-03-01T12:00:00.000Z",
     "timeRemaining": {"total": 10368000000, "days": 120, "hours": 0, "minutes": 0, "seconds": 0},
     "linkedRobloxAccountId": "123456789"}
409 {"valid": false, "code": "ACCOUNT_MISMATCH", "error": "ACCOUNT_MISMATCH",
     "message": "This plugin key is linked to another Roblox account. Reset the linked account from your dashboard to use it here."}</pre>
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
