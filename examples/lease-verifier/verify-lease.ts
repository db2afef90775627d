/**
 * A reference verifier for Layerlift leases: the `lease` of a VALID answer from POST /api/plugin/validate.
 * It uses nothing but the platform's own WebCrypto (Ed25519), so it runs unchanged in Bun, Node 22+,
 * Deno and current browsers, and reads as a recipe for a verifier in any other language.
 *
 * A lease is a compact JWS: `header.payload.signature`, each part base64url without padding. The header is
 * `{"alg":"EdDSA","typ":"JWT","kid":"…"}`; the signature is Ed25519 over the ASCII bytes of
 * `header.payload`, made with the key of the site's key set (GET /.well-known/jwks.json) whose `kid`
 * the header names. Test vectors to check your own verifier: ./test-vectors.json.
 *
 * Usage:
 *   const jwks = await (await fetch(`${site}/.well-known/jwks.json`)).json();   // keep it beside the lease
 *   const verdict = await verifyLease(lease, { jwks, issuer: site, now: Date.now() / 1000, nonce });
 *   if (verdict.ok) { …trust it until verdict.claims.exp; ask again online after verdict.claims.checkAfter… }
 *
 * By hand, for a lease a plugin saved (the lease's text or a file holding it):
 *   bun verify-lease.ts LEASE --jwks jwks.json [--now 2026-12-01T12:00:00Z] [--issuer https://…] [--nonce N]
 * prints the verdict and exits 0 when the lease is trusted, 1 when it is refused, 2 on a usage mistake.
 */

export const LEASE_AUDIENCE = "layerlift-plugin";

/** What a lease says. Every time is in seconds since the epoch, as in every JWT. */
export interface LeaseClaims {
  /** The site that signed it (its APP_URL). */
  iss: string;
  /** "layerlift-plugin". */
  aud: string;
  /** The plugin key's id: the first 16 bytes of its SHA-256, base64url; never the key itself. */
  sub: string;
  /** When it was signed. */
  iat: number;
  /** When it stops being trusted offline; never past endDate. */
  exp: number;
  /** When a plugin that is online should ask again. */
  checkAfter: number;
  /** The nonce the call sent, when it sent one. */
  nonce?: string;
  /** The Roblox account the key is linked to. */
  robloxUserId: string;
  /** "month", "pro" or "lifetime". */
  plan: string;
  /** "cancelled": the subscription keeps working until endDate. */
  status: "active" | "cancelled";
  /** When the subscription ends; null for lifetime access. */
  endDate: number | null;
}

export interface Jwk {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
  alg?: string;
  use?: string;
}

export interface VerifyOptions {
  /** The site's key set, as GET /.well-known/jwks.json answers it. */
  jwks: { keys: Jwk[] };
  /** The site's address, exactly as the lease's `iss` (its APP_URL, e.g. "https://layerlift.example"). */
  issuer: string;
  /** The time now, in seconds since the epoch. */
  now: number;
  /** The nonce the plugin sent with the call that got this lease, when it sent one. */
  nonce?: string;
  /** How far ahead of `now` a lease's `iat` may be before the clock looks set back (default 300 s). */
  clockSkewSeconds?: number;
}

export type LeaseRefusal =
  | "malformed"
  | "unsupported-algorithm"
  | "unknown-key"
  | "bad-signature"
  | "wrong-issuer"
  | "wrong-audience"
  | "expired"
  | "issued-in-the-future"
  | "nonce-mismatch";

export type LeaseVerdict =
  | {
      ok: true;
      claims: LeaseClaims;
      /** True from checkAfter on: ask the server again when online. */
      checkDue: boolean;
    }
  | { ok: false; reason: LeaseRefusal };

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function jsonPart(text: string): Record<string, unknown> | null {
  const bytes = fromBase64Url(text);
  if (!bytes) return null;
  try {
    const value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

const isTime = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

function claimsOf(payload: Record<string, unknown>): LeaseClaims | null {
  const p = payload;
  const fine =
    typeof p.iss === "string" &&
    (typeof p.aud === "string" || Array.isArray(p.aud)) &&
    typeof p.sub === "string" &&
    isTime(p.iat) &&
    isTime(p.exp) &&
    isTime(p.checkAfter) &&
    (p.nonce === undefined || typeof p.nonce === "string") &&
    typeof p.robloxUserId === "string" &&
    typeof p.plan === "string" &&
    (p.status === "active" || p.status === "cancelled") &&
    (p.endDate === null || isTime(p.endDate));
  return fine ? (p as unknown as LeaseClaims) : null;
}

/** Checks a lease: signature by a key of the set, then issuer, audience, expiry, issue time and nonce. */
export async function verifyLease(lease: string, options: VerifyOptions): Promise<LeaseVerdict> {
  const parts = lease.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  const [encodedHeader, encodedPayload, encodedSignature] = parts;
  const header = jsonPart(encodedHeader);
  if (!header) return { ok: false, reason: "malformed" };
  // Only EdDSA: "none", HS256 and every other algorithm are refused before any key is looked at.
  if (header.alg !== "EdDSA") return { ok: false, reason: "unsupported-algorithm" };
  const jwk = options.jwks.keys.find(
    (key) => key.kid === header.kid && key.kty === "OKP" && key.crv === "Ed25519" && typeof key.x === "string",
  );
  if (typeof header.kid !== "string" || !jwk) return { ok: false, reason: "unknown-key" };

  const signature = fromBase64Url(encodedSignature);
  if (signature?.length !== 64) return { ok: false, reason: "malformed" };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, { name: "Ed25519" }, false, [
      "verify",
    ]);
  } catch {
    return { ok: false, reason: "unknown-key" };
  }
  const signed = new TextEncoder().encode(`${encodedHeader}.${encodedPayload}`);
  if (!(await crypto.subtle.verify({ name: "Ed25519" }, key, signature, signed)))
    return { ok: false, reason: "bad-signature" };

  // Only now, signed by the site, is the payload worth reading.
  const payload = jsonPart(encodedPayload);
  const claims = payload && claimsOf(payload);
  if (!claims) return { ok: false, reason: "malformed" };
  if (claims.iss !== options.issuer) return { ok: false, reason: "wrong-issuer" };
  const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(LEASE_AUDIENCE)) return { ok: false, reason: "wrong-audience" };
  if (options.now >= claims.exp) return { ok: false, reason: "expired" };
  // A lease issued "later than now" means the device's clock was set back (or is far off): don't trust it.
  if (claims.iat > options.now + (options.clockSkewSeconds ?? 300))
    return { ok: false, reason: "issued-in-the-future" };
  if (options.nonce !== undefined && claims.nonce !== options.nonce) return { ok: false, reason: "nonce-mismatch" };
  return { ok: true, claims, checkDue: options.now >= claims.checkAfter };
}

const USAGE =
  "Usage: bun verify-lease.ts LEASE --jwks FILE [--now ISO-TIME] [--issuer URL] [--nonce N]\n" +
  "LEASE is the lease's text or a file holding it; FILE is the site's key set as /.well-known/jwks.json answers it.";

/** The command line: reads the lease and key set, prints the verdict; the exit code. */
async function main(args: string[]): Promise<number> {
  const { parseArgs } = await import("node:util");
  const { existsSync, readFileSync } = await import("node:fs");
  let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: Record<string, { type: "string" }> }>>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        jwks: { type: "string" },
        now: { type: "string" },
        issuer: { type: "string" },
        nonce: { type: "string" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [given] = positionals;
  if (!given || positionals.length > 1 || !values.jwks) {
    console.error(USAGE);
    return 2;
  }
  const now = values.now === undefined ? Date.now() : Date.parse(values.now);
  if (Number.isNaN(now)) {
    console.error(`--now must be a time such as 2026-12-01T12:00:00Z; got "${values.now}"\n${USAGE}`);
    return 2;
  }
  let jwks: { keys: Jwk[] };
  try {
    jwks = JSON.parse(readFileSync(values.jwks, "utf8"));
    if (!Array.isArray(jwks?.keys)) throw new Error("it has no keys array");
  } catch (error) {
    console.error(`Can't read the key set ${values.jwks}: ${(error as Error).message}`);
    return 2;
  }
  const lease = (existsSync(given) ? readFileSync(given, "utf8") : given).trim();
  // Without --issuer the lease's own iss is taken, and said to be unchecked: the signature still is.
  const claimed = jsonPart(lease.split(".")[1] ?? "");
  const issuer = values.issuer ?? (typeof claimed?.iss === "string" ? claimed.iss : "");
  const verdict = await verifyLease(lease, { jwks, issuer, now: now / 1000, nonce: values.nonce });
  const at = (seconds: number) => new Date(seconds * 1000).toISOString();
  if (!verdict.ok) {
    console.log(`Refused: ${verdict.reason} (at ${new Date(now).toISOString()}).`);
    return 1;
  }
  const { claims } = verdict;
  console.log(
    `Trusted until ${at(claims.exp)}: Roblox user ${claims.robloxUserId}, plan ${claims.plan} (${claims.status}), ` +
      `signed by ${claims.iss}${values.issuer ? "" : " (issuer not checked: pass --issuer)"} at ${at(claims.iat)}; ` +
      `${verdict.checkDue ? "due to ask the site again" : `ask the site again after ${at(claims.checkAfter)}`}.`,
  );
  return 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
