/** `Authorization: Bearer <token>` of a request. */
import { sameSecret } from "./signed";

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1].trim() : null;
}

/** Whether the request carries exactly `expected` as its bearer token, compared in constant time. */
export function hasBearer(request: Request, expected: string | null): boolean {
  if (!expected) return false;
  return sameSecret(expected, bearerToken(request) ?? "");
}
