/**
 * The plugin API described from its answer table: the per-status response schemas of POST
 * /api/plugin/validate (which the OpenAPI documents are generated from) and the plugin authors'
 * readable page at /api/plugin/docs, with its offline leases.
 */
import { PRODUCT_NAME } from "@shared/product";
import { RATE_RULES } from "../../lib/rate-limit";
import { PLUGIN_ANSWERS, type PluginFailure } from "@shared/api/plugin-answers";
import { PluginModel } from "@shared/api/plugin";
import testVectors from "../../../examples/lease-verifier/test-vectors.json";
import type { LeaseConfig } from "../../config/leases";

/** A real lease, signed with the repository's published test key: the test vectors' nonce case. */
const EXAMPLE_LEASE = testVectors.cases.find((c) => c.expect === "valid" && "nonce" in c)!;

const VALID_EXAMPLE = {
  valid: true,
  code: "VALID",
  plan: "pro",
  status: "active",
  endDate: "2027-03-01T12:00:00.000Z",
  timeRemaining: { total: 10368000000, days: 120, hours: 0, minutes: 0, seconds: 0 },
  linkedRobloxAccountId: "123456789",
  lease: EXAMPLE_LEASE.lease,
} as const;

export const VALIDATE_REQUEST_EXAMPLE = {
  key: "ll_abcdefghijklmnopqrstuvwxyz234567",
  robloxUserId: "123456789",
  nonce: (EXAMPLE_LEASE as { nonce?: string }).nonce,
};

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
    // Answers sharing a status (two 403s, two 422s) are described together.
    const before = responses[status] as { description: string; examples: unknown[] } | undefined;
    responses[status] = {
      ...PluginModel.failure,
      description: before ? `${before.description} Or ${code}: ${meaning}` : `${code}: ${meaning}`,
      examples: [...(before?.examples ?? []), failureExample(which)],
    };
  }
  return responses as { 200: typeof PluginModel.valid } & { [S in FailureStatus]: typeof PluginModel.failure };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value));

/** What each field of a lease's payload says; `days` and `hours` are this site's settings. */
function leaseFields(terms: Pick<LeaseConfig, "days" | "checkHours">, url: string): [string, string][] {
  return [
    ["iss", `The site that signed it: <code>${url}</code>. Check it.`],
    ["aud", "Always <code>layerlift-plugin</code>. Check it."],
    ["sub", "The plugin key's id: the first 16 bytes of the key's SHA-256, base64url. Never the key itself."],
    ["iat", "When it was signed."],
    [
      "exp",
      `Until when the plugin may trust it offline: ${terms.days} days after <code>iat</code> on this site, never past <code>endDate</code>.`,
    ],
    [
      "checkAfter",
      `When a plugin that is online should ask again: ${terms.checkHours} hours after <code>iat</code> on this site (never past <code>exp</code>).`,
    ],
    ["nonce", "The <code>nonce</code> the call sent, when it sent one. Check it."],
    ["robloxUserId", "The Roblox account the key is linked to. Check it is the person using the plugin."],
    ["plan", "<code>month</code>, <code>pro</code> or <code>lifetime</code>."],
    ["status", "<code>active</code>, or <code>cancelled</code> (it keeps working until <code>endDate</code>)."],
    ["endDate", "When the subscription ends; <code>null</code> for lifetime access."],
  ];
}

/** The page's section on leases: what one is, how a plugin decides, and what offline use costs the seller. */
function leaseSection(terms: Pick<LeaseConfig, "days" | "checkHours">, url: string): string {
  const fields = leaseFields(terms, url)
    .map(([name, meaning]) => `<tr><td><code>${name}</code></td><td>${meaning}</td></tr>`)
    .join("");
  return `<h2 id="leases">Offline leases</h2>
<p>Every <code>VALID</code> answer carries <code>lease</code>: a statement signed by this site that the key is valid for this
Roblox user until a given time. Save the newest lease (with the key set below) in the plugin's settings. When the site
can't be reached, the plugin keeps working on its saved lease until the lease's <code>exp</code>. Nobody can make or change a
lease without the site's private key, so editing a saved answer gets a user nothing.</p>
<h3>What a lease looks like</h3>
<p>Three parts joined by dots, <code>header.payload.signature</code>, each base64url without padding: a JSON Web Signature in
its compact form (RFC 7515), carrying a JSON Web Token's claims. The header is <code>{"alg":"EdDSA","typ":"JWT","kid":"…"}</code>:
an Ed25519 signature (RFC 8037) by the key whose id is <code>kid</code>. The payload is JSON; every time in it is in seconds
since 1 January 1970 (UTC):</p>
<table><thead><tr><th>Field</th><th>Meaning</th></tr></thead><tbody>${fields}</tbody></table>
<pre tabindex="0">${escapeHtml(JSON.stringify(EXAMPLE_LEASE.claims, null, 2))}</pre>
<h3>The keys</h3>
<p><a href="/.well-known/jwks.json">/.well-known/jwks.json</a> lists the public keys (a JSON Web Key Set, RFC 7517): each has
<code>kid</code>, <code>kty: "OKP"</code>, <code>crv: "Ed25519"</code> and <code>x</code>, the 32-byte public key. It holds the
current key and older ones whose leases have not all expired yet. It may be cached for five minutes. When a lease names a
<code>kid</code> the plugin's saved copy doesn't have, fetch the set again (the site has a new key).</p>
<h3>How the plugin decides</h3>
<ol>
<li>Split the lease at the dots and decode the header. Refuse any <code>alg</code> but <code>EdDSA</code> (never <code>none</code>).</li>
<li>Find the key with the header's <code>kid</code> in the key set; if it isn't there, fetch the set again once, then refuse.</li>
<li>Verify the signature: Ed25519 over the bytes of the first two parts with their dot, exactly as received, with the key's
<code>x</code>. Refuse a lease that fails.</li>
<li>Decode the payload. Refuse it unless <code>aud</code> is <code>layerlift-plugin</code>, <code>iss</code> is
<code>${url}</code>, <code>robloxUserId</code> is the user in Studio and, when you sent a nonce, <code>nonce</code> is yours.</li>
<li>Trust it while the clock is before <code>exp</code>, not after. A lease whose <code>iat</code> is well ahead of the clock
means the clock was set back: refuse it.</li>
<li>Online, from <code>checkAfter</code> on, call validate again and save the new lease. An answer without a lease (any failure)
means: delete the saved one. No answer at all (a network error) is not a failure: keep the saved lease.</li>
</ol>
<p>A <code>nonce</code> (8–64 letters, digits, <code>-</code> or <code>_</code>, random) makes the site sign a lease for that call
alone, echoing it: check it is yours, and a recorded answer can't pass for a fresh one. Send one only when the plugin is about
to save a new lease (it has none, or the saved one's <code>checkAfter</code> has passed); other calls go without, and the site
sends the lease it signed last time again for a few hours (until half the time to its <code>checkAfter</code> has passed, or
anything in it changes). Without a nonce, keep the saved lease unless the new one's <code>iat</code> is later. Each nonce costs
the site a new signature, more than the rest of a validation. A nonce of another shape answers 422 <code>INVALID_REQUEST</code>.</p>
<h3>What working offline costs</h3>
<p>A refund, a chargeback, a cancelled subscription that has ended, a deleted account or a replaced key take effect at the
plugin's next call to the site: that call gets no lease. A plugin that stays offline keeps working on its last lease until its
<code>exp</code>: on this site at most ${terms.days} days, and never past the subscription's <code>endDate</code>. That is the
price of a plugin that keeps working while the site is down.</p>
<h3>A reference verifier and test vectors</h3>
<p>The ${PRODUCT_NAME} repository has a small verifier in TypeScript that uses only the platform's WebCrypto
(<code>examples/lease-verifier/verify-lease.ts</code>), and test vectors (<code>examples/lease-verifier/test-vectors.json</code>):
fixed keys, and leases that must verify and that must not (expired, wrong <code>aud</code>, wrong key, altered payload,
<code>alg: none</code>, signed by the set's second key). A verifier in another language, Luau included, should come to the
same verdict on each. The example above is signed with that published test key.</p>`;
}

/** The readable page: request, every answer code, leases, CORS and rate limit. Plain HTML, no script. */
export function pluginDocsPage(appUrl: string, terms: Pick<LeaseConfig, "days" | "checkHours">): string {
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
pre{background:#18181b;border:1px solid #27272a;border-radius:8px;padding:14px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
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
a different ID is refused until the owner resets the link from the dashboard (a reset has a cooldown).
<code>nonce</code> is optional: see <a href="#leases">Offline leases</a>.</p>
<h2>Answers</h2>
<p>Every answer is JSON with <code>valid</code> (true or false) and a stable <code>code</code>; failures also carry
<code>message</code>, a sentence you can show the user. Send <code>Accept-Language</code> (e.g. <code>de</code>,
<code>pt-BR</code>) to have it in the user's language: English, Brazilian Portuguese, Spanish, German or French;
any other language gets English. <code>code</code> never changes with the language.</p>
<table><thead><tr><th>Status</th><th>code</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>
<pre tabindex="0">200 ${pretty(VALID_EXAMPLE)}
409 ${pretty(failureExample("accountMismatch"))}</pre>
<p>For lifetime access <code>endDate</code> and <code>timeRemaining</code> are null. <code>status</code> is
<code>cancelled</code> when the owner cancelled: the plugin keeps working until <code>endDate</code>.</p>
${leaseSection(terms, url)}
<h2>CORS</h2>
<p>Only <code>/api/plugin/*</code> is open to other origins: <code>Access-Control-Allow-Origin: *</code>, methods GET, POST and OPTIONS,
request header <code>Content-Type</code>. Preflight <code>OPTIONS</code> requests answer 204. No cookies or credentials are used.</p>
<h2>Rate limit</h2>
<p>${rule.capacity} calls in a burst, refilled at ${rule.perMinute} a minute, counted per IP address and per key. Over the limit the answer is
429 <code>RATE_LIMITED</code> with a <code>Retry-After</code> header (seconds) and <code>retryAfterSeconds</code> in the body.
Validate when the plugin starts or a session begins, not on every frame.</p>
</main></body></html>`;
}
