/** Session tokens: HS256 JWTs carrying the user id and the user's tokenVersion. */
import { SignJWT, jwtVerify } from "jose";

export const SESSION_DAYS = 7;
export const REMEMBER_ME_DAYS = 30;

export interface TokenClaims {
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

/** The claims of a valid, unexpired token, or null. */
export async function verifySessionToken(secret: string, token: string, now: number): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    const tokenVersion = Number(payload.tv);
    if (!Number.isInteger(userId) || !Number.isInteger(tokenVersion)) return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
