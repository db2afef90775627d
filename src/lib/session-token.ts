/** Session tokens: HS256 JWTs carrying the user id and the user's tokenVersion. */
import { SignJWT, jwtVerify } from "jose";

const SESSION_DAYS = 7;
const REMEMBER_ME_DAYS = 30;

interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function signSessionToken(secret: string, claims: TokenClaims, now: number, rememberMe = false) {
  const iat = Math.floor(now / 1000);
  const days = rememberMe ? REMEMBER_ME_DAYS : SESSION_DAYS;
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + days * 86_400)
    .sign(keyOf(secret));
}

/**
 * Tokens whose signature was already checked, with their expiry. Checking an HS256 signature through
 * WebCrypto costs ~70 µs under Bun, most of an authenticated call; the same token string always has
 * the same claims, so it is checked once. Expiry is still checked on every use, and the caller still
 * checks tokenVersion against the database.
 */
const verified = new Map<string, TokenClaims & { expMs: number; secret: string }>();
const MAX_VERIFIED = 10_000;

/**
 * The claims of a token whose signature was checked already (null once it has expired), without waiting;
 * undefined for a token not seen yet, whose signature `verifySessionToken` checks.
 */
export function knownSessionToken(secret: string, token: string, now: number): TokenClaims | null | undefined {
  const known = verified.get(token);
  if (!known || known.secret !== secret) return undefined;
  return known.expMs > now ? { userId: known.userId, tokenVersion: known.tokenVersion } : null;
}

/** The claims of a valid, unexpired token, or null. */
export async function verifySessionToken(secret: string, token: string, now: number): Promise<TokenClaims | null> {
  const known = knownSessionToken(secret, token, now);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    const tokenVersion = Number(payload.tv);
    if (!Number.isInteger(userId) || !Number.isInteger(tokenVersion) || typeof payload.exp !== "number") return null;
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, { userId, tokenVersion, expMs: payload.exp * 1000, secret });
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
