/**
 * The auth guard every feature uses: `{ signedIn: true }` resolves `user` or answers 401;
 * `{ admin: true }` also answers 403 for non-admins (DESIGN.md §6).
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import type { User } from "../../db/schema";
import { forbidden, unauthorized } from "../../lib/errors";
import { findUserById, touchLastSeen } from "../users/service";
import { verifySessionToken } from "./tokens";

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1].trim() : null;
}

/** One look-up per request, however many checks ask (admin routes check before and after validation). */
const resolved = new WeakMap<Request, Promise<User | null>>();

/** The signed-in user behind a request, or null: the token must verify and its tokenVersion match. */
export function userFromRequest(deps: AppDeps, request: Request): Promise<User | null> {
  let user = resolved.get(request);
  if (!user) resolved.set(request, (user = lookUpUser(deps, request)));
  return user;
}

async function lookUpUser(deps: AppDeps, request: Request): Promise<User | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const now = deps.clock.now();
  const claims = await verifySessionToken(deps.jwtSecret, token, now);
  if (!claims) return null;
  const user = findUserById(deps.db, claims.userId);
  if (!user || user.tokenVersion !== claims.tokenVersion) return null;
  touchLastSeen(deps.db, user, now);
  return user;
}

export function authGuard(deps: AppDeps) {
  return new Elysia().macro({
    signedIn: {
      async resolve({ request }) {
        const user = await userFromRequest(deps, request);
        if (!user) throw unauthorized("Your session has ended. Please sign in again.");
        return { user };
      },
    },
    admin: {
      async resolve({ request }) {
        const user = await userFromRequest(deps, request);
        if (!user) throw unauthorized("Your session has ended. Please sign in again.");
        if (!user.isAdmin) throw forbidden("This area is for administrators only.");
        return { user };
      },
    },
  });
}
