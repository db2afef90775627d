/**
 * The signed invoice link the product-key e-mail carries, for buyers who never make an account: an HMAC of
 * the document number under the server's secret, so the link works for that one document and can't be guessed.
 */
import type { AppDeps } from "../../deps";
import { signature, signatureHolds } from "../../lib/signed";

/** The invoice links keep 32 characters of the signature: short enough for an e-mail, far beyond guessing. */
const SIGNATURE_LENGTH = 32;

export function documentSignature(secret: string, number: string): string {
  return signature(secret, `invoice:${number}`, SIGNATURE_LENGTH);
}

export function validSignature(secret: string, number: string, given: string | undefined): boolean {
  return signatureHolds(secret, `invoice:${number}`, given, SIGNATURE_LENGTH);
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
