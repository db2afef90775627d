/**
 * `bun scripts/lease-test-vectors.ts` writes examples/lease-verifier/test-vectors.json: fixed Ed25519 keys
 * and leases made with them by the server's own signer (src/features/leases/lease.ts), each with what a
 * verifier must conclude. Ed25519 signatures are deterministic, so the file comes out the same every time;
 * tests/api/lease-verifier.test.ts holds the committed file to what this makes.
 */
import { createHash, createHmac, createPrivateKey, type KeyObject } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ed25519Thumbprint } from "../src/lib/ed25519";
import {
  encodeJson,
  LEASE_AUDIENCE,
  leaseClaims,
  signingKey,
  signJws,
  publicJwkOf,
  type LeaseSubject,
} from "../src/features/leases/lease";

export const VECTORS_PATH = join(import.meta.dir, "../examples/lease-verifier/test-vectors.json");

const ISSUER = "https://layerlift.example";
const NOW = Date.UTC(2026, 10, 1, 12) / 1000;
const HOUR = 3600;
const DAY = 86_400;

/** An Ed25519 key from a fixed 32-byte seed (PKCS#8 wraps the seed behind a fixed prefix). */
function fixedKey(name: string): KeyObject {
  const seed = createHash("sha256").update(`layerlift lease test vectors: ${name}`).digest();
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  return createPrivateKey({ key: der, format: "der", type: "pkcs8" });
}

function described(key: KeyObject) {
  const publicJwk = publicJwkOf(key);
  const kid = ed25519Thumbprint(publicJwk.x);
  return {
    kid,
    publicJwk: { ...publicJwk, kid, alg: "EdDSA", use: "sig" },
    privateJwk: key.export({ format: "jwk" }),
    signing: signingKey(kid, key),
  };
}

export function leaseTestVectors() {
  const [first, second, outsider] = ["first key", "second key", "a key outside the set"].map((name) =>
    described(fixedKey(name)),
  );
  const terms = { issuer: ISSUER, days: 7, checkHours: 24 };
  const subject: LeaseSubject = {
    pluginKey: "ll_abcdefghijklmnopqrstuvwxyz234567",
    robloxUserId: "123456789",
    plan: "pro",
    status: "active",
    endDate: (NOW + 120 * DAY) * 1000,
    nonce: undefined,
  };
  /** Claims as the server makes them for `subject` issued at `issuedAt`, changed by `change`. */
  const claims = (issuedAt: number, change: Partial<LeaseSubject> = {}, override: object = {}) => ({
    ...leaseClaims({ ...subject, ...change }, terms, issuedAt * 1000),
    ...override,
  });
  const anHourAgo = NOW - HOUR;
  const valid = signJws(first.signing, claims(anHourAgo));
  const [validHeader, , validSignature] = valid.split(".");
  const none = `${encodeJson({ alg: "none", typ: "JWT" })}.${encodeJson(claims(anHourAgo))}.`;
  const hsInput = `${encodeJson({ alg: "HS256", typ: "JWT", kid: first.kid })}.${encodeJson(claims(anHourAgo))}`;
  const hs256 = `${hsInput}.${createHmac("sha256", first.publicJwk.x).update(hsInput).digest("base64url")}`;

  const cases = [
    { name: "valid", lease: valid, expect: "valid" },
    {
      name: "valid, carrying the nonce the plugin sent",
      lease: signJws(first.signing, claims(anHourAgo, { nonce: "plugin-nonce_0123456789" })),
      nonce: "plugin-nonce_0123456789",
      expect: "valid",
    },
    {
      name: "valid, signed by the second key of the set",
      lease: signJws(second.signing, claims(anHourAgo)),
      expect: "valid",
    },
    {
      name: "valid, lifetime access (endDate null), past its checkAfter: ask again when online",
      lease: signJws(first.signing, claims(NOW - 2 * DAY, { plan: "lifetime", endDate: null })),
      expect: "valid",
    },
    { name: "expired", lease: signJws(first.signing, claims(NOW - 8 * DAY)), expect: "expired" },
    {
      name: "expired with the subscription it was issued for (exp is its endDate)",
      lease: signJws(first.signing, claims(NOW - 2 * DAY, { endDate: (NOW - HOUR) * 1000 })),
      expect: "expired",
    },
    {
      name: "wrong aud",
      lease: signJws(first.signing, claims(anHourAgo, {}, { aud: "another-audience" })),
      expect: "wrong-audience",
    },
    {
      name: "wrong iss",
      lease: signJws(first.signing, claims(anHourAgo, {}, { iss: "https://elsewhere.example" })),
      expect: "wrong-issuer",
    },
    {
      name: "wrong key: signed by a key outside the set, under the first key's kid",
      lease: signJws({ ...outsider.signing, encodedHeader: first.signing.encodedHeader }, claims(anHourAgo)),
      expect: "bad-signature",
    },
    {
      name: "unknown kid: signed by a key outside the set, under its own kid",
      lease: signJws(outsider.signing, claims(anHourAgo)),
      expect: "unknown-key",
    },
    {
      name: "altered payload: the plan changed after signing",
      lease: `${validHeader}.${encodeJson(claims(anHourAgo, { plan: "lifetime" }))}.${validSignature}`,
      expect: "bad-signature",
    },
    { name: "alg none", lease: none, expect: "unsupported-algorithm" },
    { name: "alg HS256, with the public key as its secret", lease: hs256, expect: "unsupported-algorithm" },
    {
      name: "a nonce other than the one the plugin sent (a replayed answer)",
      lease: signJws(first.signing, claims(anHourAgo, { nonce: "an-older-nonce-42" })),
      nonce: "plugin-nonce_0123456789",
      expect: "nonce-mismatch",
    },
    {
      name: "issued a day after now (the device's clock was set back)",
      lease: signJws(first.signing, claims(NOW + DAY)),
      expect: "issued-in-the-future",
    },
    { name: "not three parts", lease: `${validHeader}.${validSignature}`, expect: "malformed" },
  ];

  return {
    about:
      "Test vectors for Layerlift lease verifiers. Verify each case's lease against `jwks` with iss = `issuer`, " +
      "aud = `audience`, the time `now` (seconds since the epoch) and the case's `nonce` when it has one; " +
      "`expect` is `valid` or why it must be refused (your verifier may name reasons differently, but must refuse). " +
      "The private keys are published here for testing: never sign real leases with them.",
    issuer: ISSUER,
    audience: LEASE_AUDIENCE,
    now: NOW,
    jwks: { keys: [first.publicJwk, second.publicJwk] },
    keys: [first, second].map(({ kid, publicJwk, privateJwk }) => ({ kid, publicJwk, privateJwk })),
    outsider: { kid: outsider.kid, publicJwk: outsider.publicJwk, privateJwk: outsider.privateJwk },
    // A valid case also shows its payload decoded, to check a verifier's JSON reading against.
    cases: cases.map((c) =>
      c.expect === "valid"
        ? { ...c, claims: JSON.parse(Buffer.from(c.lease.split(".")[1], "base64url").toString()) }
        : c,
    ),
  };
}

if (import.meta.main) {
  writeFileSync(VECTORS_PATH, `${JSON.stringify(leaseTestVectors(), null, 2)}\n`);
  console.log(`wrote ${VECTORS_PATH}`);
}
