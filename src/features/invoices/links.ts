/**
 * The signed invoice link the product-key e-mail carries, for buyers who never make an account: an HMAC of
 * the document number under the server's secret, so the link works for that one document and can't be guessed.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppDeps } from "../../deps";

export function documentSignature(secret: string, number: string): string {
  return createHmac("sha256", secret).update(`invoice:${number}`).digest("base64url").slice(0, 32);
}

export function validSignature(secret: string, number: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(documentSignature(secret, number));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The signed link as a path on this site, for the admin list and the buyer's Purchases (a plain link carries no session). */
export function signedDocumentPath(secret: string, number: string): string {
  return `/api/invoices/${number}.pdf?sig=${documentSignature(secret, number)}`;
}

export function signedDocumentUrl(appUrl: string, secret: string, number: string): string {
  return `${appUrl}${signedDocumentPath(secret, number)}`;
}

/** What signs the document links e-mails carry. */
export type DocumentLinks = { appUrl: string; secret: string };

/** The signer from the app's deps; absent where a caller has no config (then e-mails go without links). */
export function documentLinks(deps: Partial<Pick<AppDeps, "config" | "jwtSecret">>): DocumentLinks | undefined {
  return deps.config && deps.jwtSecret ? { appUrl: deps.config.appUrl, secret: deps.jwtSecret } : undefined;
}
