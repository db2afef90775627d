/**
 * The lease settings read from the environment (docs/configuration.md#plugin-leases): how long a lease
 * is trusted offline, when an online plugin asks again, and the signing key when the operator gives one.
 * The key is parsed here, at start, so a malformed one stops the start with one sentence; the sentence
 * never repeats the key.
 */
import { createPrivateKey, type KeyObject } from "node:crypto";
import testVectors from "../../examples/lease-verifier/test-vectors.json";
import { ed25519Thumbprint } from "../lib/ed25519";

export interface LeaseConfig {
  /** How long a lease is trusted offline (LEASE_DAYS, 1–30); never past the subscription's end. */
  days: number;
  /** How many hours after a lease is issued an online plugin should ask again (LEASE_CHECK_HOURS). */
  checkHours: number;
  /** LEASE_SIGNING_KEY, parsed; null: a key generated when first needed and kept in the database. */
  signingKey: KeyObject | null;
}

export const LEASE_DAYS_RANGE = { min: 1, max: 30, fallback: 7 } as const;
export const LEASE_CHECK_HOURS_FALLBACK = 24;

const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The published test keys (examples/lease-verifier/test-vectors.json): anyone can sign with them. */
const PUBLISHED_KIDS = new Set([...testVectors.keys, testVectors.outsider].map((key) => key.kid));

const SHAPE =
  "LEASE_SIGNING_KEY must be an Ed25519 private key, as a PKCS#8 PEM (-----BEGIN PRIVATE KEY-----) or a JWK " +
  '({"kty":"OKP","crv":"Ed25519","d":…,"x":…})';

function keyFromJwk(text: string): KeyObject | string {
  let jwk: Record<string, unknown>;
  try {
    jwk = JSON.parse(text);
  } catch {
    return `${SHAPE}; its JSON does not parse`;
  }
  if (jwk?.kty !== "OKP" || jwk.crv !== "Ed25519") return `${SHAPE}; this JWK is not kty OKP with crv Ed25519`;
  if (jwk.d === undefined)
    return "LEASE_SIGNING_KEY holds only a public key (no d): give the private key, which the server signs with";
  const seed = typeof jwk.d === "string" && /^[A-Za-z0-9_-]+$/.test(jwk.d) ? Buffer.from(jwk.d, "base64url") : null;
  if (seed?.length !== 32) return `${SHAPE}; its d is not 32 bytes of base64url`;
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
  if (jwk.x !== undefined && key.export({ format: "jwk" }).x !== jwk.x)
    return "LEASE_SIGNING_KEY's x is not the public half of its d: the JWK is damaged";
  return key;
}

function keyFromPem(text: string): KeyObject | string {
  if (/-----BEGIN (?:PUBLIC KEY|CERTIFICATE)-----/.test(text))
    return "LEASE_SIGNING_KEY holds only a public key: give the private key (-----BEGIN PRIVATE KEY-----), which the server signs with";
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(text))
    return "LEASE_SIGNING_KEY is an encrypted PEM: give it unencrypted (keep it in a file only the server's user reads)";
  if (!/-----BEGIN PRIVATE KEY-----/.test(text)) return SHAPE;
  try {
    return createPrivateKey({ key: text, format: "pem" });
  } catch {
    return `${SHAPE}; this PEM does not read as PKCS#8`;
  }
}

/** The key, or the sentence saying what is wrong with it. Environment files often write a PEM's line breaks as \n. */
export function parseSigningKey(value: string): KeyObject | string {
  const text = value.trim().replace(/\\n/g, "\n");
  const key = text.startsWith("{") ? keyFromJwk(text) : keyFromPem(text);
  if (typeof key === "string") return key;
  if (key.asymmetricKeyType !== "ed25519")
    return `LEASE_SIGNING_KEY must be an Ed25519 key; this one is ${key.asymmetricKeyType?.toUpperCase() ?? "of another kind"}`;
  if (PUBLISHED_KIDS.has(ed25519Thumbprint(key.export({ format: "jwk" }).x!)))
    return "LEASE_SIGNING_KEY is a test key published in the repository, so anyone can sign leases with it: make your own (openssl genpkey -algorithm ed25519)";
  return key;
}

function wholeNumber(text: string | undefined, fallback: number): number {
  return text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/** LEASE_DAYS, LEASE_CHECK_HOURS and LEASE_SIGNING_KEY; each problem is added to `problems` as one sentence. */
export function parseLeaseConfig(value: (name: string) => string | undefined, problems: string[]): LeaseConfig {
  const days = wholeNumber(value("LEASE_DAYS"), LEASE_DAYS_RANGE.fallback);
  const daysOk = days >= LEASE_DAYS_RANGE.min && days <= LEASE_DAYS_RANGE.max;
  if (!daysOk)
    problems.push(
      `LEASE_DAYS must be a whole number of days from ${LEASE_DAYS_RANGE.min} to ${LEASE_DAYS_RANGE.max}; got "${value("LEASE_DAYS")}"`,
    );
  const checkHours = wholeNumber(value("LEASE_CHECK_HOURS"), LEASE_CHECK_HOURS_FALLBACK);
  const longest = daysOk ? days * 24 : LEASE_DAYS_RANGE.max * 24;
  if (!(checkHours >= 1 && checkHours <= longest))
    problems.push(
      `LEASE_CHECK_HOURS must be a whole number of hours from 1 to ${longest} (LEASE_DAYS × 24); got "${value("LEASE_CHECK_HOURS")}"`,
    );
  const given = value("LEASE_SIGNING_KEY");
  const parsed = given === undefined ? null : parseSigningKey(given);
  if (typeof parsed === "string") problems.push(parsed);
  return { days, checkHours, signingKey: typeof parsed === "string" ? null : parsed };
}
