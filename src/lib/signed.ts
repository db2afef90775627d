/**
 * Signed links (invoices, support tickets): an HMAC-SHA256 under the server's secret of what the link names, so
 * a link works for that one thing and can't be guessed, checked in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The HMAC-SHA256 of `message` under `secret`, base64url; `length` keeps that many characters of it. */
export function signature(secret: string, message: string, length?: number): string {
  const whole = createHmac("sha256", secret).update(message).digest("base64url");
  return length === undefined ? whole : whole.slice(0, length);
}

/** Constant-time: how much of a guess matched must not show in the time the answer takes. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `given` is the signature of `message` (of `length` characters when it is cut), in constant time. */
export function signatureHolds(secret: string, message: string, given: string | undefined, length?: number): boolean {
  return given !== undefined && given !== "" && sameSecret(signature(secret, message, length), given);
}
