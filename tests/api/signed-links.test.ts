/**
 * The one signer of the site's signed links (src/lib/signed.ts), which the invoice and support-ticket links use:
 * a signature holds only for its own message under its own secret, at the length the link keeps, and the
 * comparison takes any given string (any length, empty, absent) without throwing.
 */
import { expect, test } from "bun:test";
import { sameSecret, signature, signatureHolds } from "../../src/lib/signed";
import { documentSignature, validSignature } from "../../src/features/invoices/links";

const SECRET = "a server secret of some length";

test("a signature holds for its message and secret only", () => {
  const whole = signature(SECRET, "support-ticket:7.1000.nonce");
  expect(whole).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(signatureHolds(SECRET, "support-ticket:7.1000.nonce", whole)).toBe(true);
  expect(signatureHolds(SECRET, "support-ticket:8.1000.nonce", whole)).toBe(false);
  expect(signatureHolds("another secret", "support-ticket:7.1000.nonce", whole)).toBe(false);
  expect(signatureHolds(SECRET, "support-ticket:7.1000.nonce", whole.slice(0, 42))).toBe(false);
  expect(signatureHolds(SECRET, "support-ticket:7.1000.nonce", "")).toBe(false);
  expect(signatureHolds(SECRET, "support-ticket:7.1000.nonce", undefined)).toBe(false);
});

test("a cut signature is checked at its own length: the invoice links keep 32 characters", () => {
  const cut = documentSignature(SECRET, "LL-2026-000001");
  expect(cut).toBe(signature(SECRET, "invoice:LL-2026-000001").slice(0, 32));
  expect(validSignature(SECRET, "LL-2026-000001", cut)).toBe(true);
  expect(validSignature(SECRET, "LL-2026-000001", signature(SECRET, "invoice:LL-2026-000001"))).toBe(false);
  expect(validSignature(SECRET, "LL-2026-000002", cut)).toBe(false);
  expect(validSignature(SECRET, "LL-2026-000001", undefined)).toBe(false);
});

test("sameSecret compares whole strings, of any length, without throwing", () => {
  expect(sameSecret("pi_123_secret_abc", "pi_123_secret_abc")).toBe(true);
  expect(sameSecret("pi_123_secret_abc", "pi_123_secret_abd")).toBe(false);
  expect(sameSecret("pi_123_secret_abc", "pi_123")).toBe(false);
  expect(sameSecret("pi_123_secret_abc", "")).toBe(false);
  expect(sameSecret("é", "e")).toBe(false);
});
