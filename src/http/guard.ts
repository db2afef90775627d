/**
 * The one auth guard every feature uses (docs/architecture.md#security), as two macros:
 * - `{ signedIn: true }` resolves `user` or answers 401;
 * - `{ admin: true }` answers 401/403 before the route's body, query and params are validated, so a
 *   stranger gets the same answer whatever they send and learns nothing about what the route accepts;
 *   the handler gets the admin as `user`.
 * Each macro also declares its error answers and the bearer scheme, so the OpenAPI document shows them.
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import type { User } from "../db/schema";
import { adminsOnly, sessionEnded } from "../lib/errors";
import { bearerToken } from "../lib/bearer";
import { ApiError } from "@shared/api/common";
import { findUserById, touchLastSeen } from "../features/users/service";
import { verifySessionToken } from "../lib/session-token";

/** The security requirement of signed-in and admin routes; the scheme is declared in the OpenAPI document. */
const BEARER_SECURITY = [{ bearer: [] }];

/** One look-up per request, however many checks ask (admin routes check before and after validation). */
const resolved = new WeakMap<Request, Promise<User | null>>();

/** The signed-in user behind a request, or null: the token must verify and its tokenVersion match. */
export function userFromRequest(deps: AppDeps, request: Request): Promise<User | null> {
  let user = resolved.get(request);
  if (!user) {
    user = lookUpUser(deps, request);
    resolved.set(request, user);
  }
  return user;
}

async function lookUpUser(deps: AppDeps, request: Request): Promise<User | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const now = deps.clock.now();
  const claims = await verifySessionToken(deps.jwtSecret, token, now);
  if (!claims) return null;
  const user = await findUserById(deps.db, claims.userId);
  if (!user || user.tokenVersion !== claims.tokenVersion) return null;
  await touchLastSeen(deps.db, user, now);
  return user;
}

export function authGuard(deps: AppDeps) {
  const signedInUser = async (request: Request) => {
    const user = await userFromRequest(deps, request);
    if (!user) throw sessionEnded();
    return user;
  };
  const adminUser = async (request: Request) => {
    const user = await signedInUser(request);
    if (!user.isAdmin) throw adminsOnly();
    return user;
  };
  return new Elysia({ name: "auth-guard" }).macro({
    signedIn: {
      response: { 401: ApiError },
      detail: { security: BEARER_SECURITY },
      resolve: async ({ request }) => ({ user: await signedInUser(request) }),
    },
    admin: {
      response: { 401: ApiError, 403: ApiError },
      detail: { security: BEARER_SECURITY, tags: ["Admin"] },
      // transform runs before validation; resolve then hands the same (cached) user to the handler.
      transform: async ({ request }) => {
        await adminUser(request);
      },
      resolve: async ({ request }) => ({ user: await adminUser(request) }),
    },
  });
}
