/**
 * A lease: a compact JWS (RFC 7515) signed with Ed25519 (`alg: EdDSA`, RFC 8037), whose header names its
 * key (`kid`) and whose payload says what the plugin may do offline and until when (docs/plugin-api.md#offline-leases).
 * Signed with node:crypto's one-shot `sign`: about 18 µs of CPU a lease, against about 38–42 through
 * jose or WebCrypto (both asynchronous), measured side by side (docs/performance.md#offline-leases).
 */
import { createHash, createPublicKey, sign, type KeyObject } from "node:crypto";
import type { PlanId } from "@shared/plans";
import type { LeaseClaims as VerifiedClaims } from "../../../examples/lease-verifier/verify-lease";

export const LEASE_AUDIENCE = "layerlift-plugin";

/** What a lease says: the claims the reference verifier reads, as this server fills them. */
export interface LeaseClaims extends VerifiedClaims {
  aud: typeof LEASE_AUDIENCE;
  plan: PlanId;
}

/** What a lease is made from: the validated subscription, as the validate answer has it. */
export interface LeaseSubject {
  pluginKey: string;
  robloxUserId: string;
  plan: PlanId;
  status: "active" | "cancelled";
  /** Milliseconds since the epoch; null for lifetime access. */
  endDate: number | null;
  nonce: string | undefined;
}

export interface LeaseTerms {
  issuer: string;
  days: number;
  checkHours: number;
}

/** The plugin key's id in a lease: 16 bytes of its SHA-256, base64url (the key itself can't be found from it). */
export const pluginKeyId = (pluginKey: string) =>
  createHash("sha256").update(pluginKey).digest().subarray(0, 16).toString("base64url");

const seconds = (ms: number) => Math.floor(ms / 1000);

export function leaseClaims(subject: LeaseSubject, terms: LeaseTerms, now: number): LeaseClaims {
  const iat = seconds(now);
  const endDate = subject.endDate === null ? null : seconds(subject.endDate);
  const exp = Math.min(iat + terms.days * 86_400, endDate ?? Number.POSITIVE_INFINITY);
  return {
    iss: terms.issuer,
    aud: LEASE_AUDIENCE,
    sub: pluginKeyId(subject.pluginKey),
    iat,
    exp,
    checkAfter: Math.min(iat + terms.checkHours * 3600, exp),
    ...(subject.nonce === undefined ? {} : { nonce: subject.nonce }),
    robloxUserId: subject.robloxUserId,
    plan: subject.plan,
    status: subject.status,
    endDate,
  };
}

export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
}

export function publicJwkOf(key: KeyObject): PublicJwk {
  return { kty: "OKP", crv: "Ed25519", x: createPublicKey(key).export({ format: "jwk" }).x! };
}

/** A private key ready to sign with: its protected header is encoded once. */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  encodedHeader: string;
}

export const encodeJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export function signingKey(kid: string, privateKey: KeyObject): SigningKey {
  return { kid, privateKey, encodedHeader: encodeJson({ alg: "EdDSA", typ: "JWT", kid }) };
}

/** `header.payload.signature`, each part base64url without padding. */
export function signJws(key: SigningKey, claims: object): string {
  const input = `${key.encodedHeader}.${encodeJson(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString("base64url")}`;
}
