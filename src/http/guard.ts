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
import { findUserById, seenLately, touchLastSeen, userByIdAtHand } from "../features/users/service";
import { knownSessionToken, verifySessionToken } from "../lib/session-token";
import { NOT_AT_HAND } from "../db/prepared";

/** The security requirement of signed-in and admin routes; the scheme is declared in the OpenAPI document. */
const BEARER_SECURITY = [{ bearer: [] }];

/** One look-up per request, however many checks ask (admin routes check before and after validation). */
const resolved = new WeakMap<Request, User | null | Promise<User | null>>();

/**
 * The signed-in user behind a request, or null: the token must verify and its tokenVersion match. Without a
 * promise when everything is at hand (`userAtHand`), as on nearly every call of a signed-in screen.
 */
export function userFromRequest(deps: AppDeps, request: Request): User | null | Promise<User | null> {
  let user = resolved.get(request);
  if (user === undefined) {
    const atHand = userAtHand(deps, request);
    user = atHand === NOT_AT_HAND ? lookUpUser(deps, request) : atHand;
    resolved.set(request, user);
  }
  return user;
}

/**
 * The user without waiting: a token whose signature was checked already, the account's row at hand
 * (src/db/prepared.ts) and nothing to write (seen within the minute); NOT_AT_HAND otherwise.
 */
function userAtHand(deps: AppDeps, request: Request): User | null | typeof NOT_AT_HAND {
  const token = bearerToken(request);
  if (!token) return null;
  const now = deps.clock.now();
  const claims = knownSessionToken(deps.jwtSecret, token, now);
  if (claims === undefined) return NOT_AT_HAND;
  if (!claims) return null;
  const user = userByIdAtHand(deps.db, claims.userId);
  if (user === NOT_AT_HAND) return NOT_AT_HAND;
  if (!user || user.tokenVersion !== claims.tokenVersion) return null;
  return seenLately(deps.db, user, now) ? user : NOT_AT_HAND;
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

const signedIn = (user: User | null) => {
  if (!user) throw sessionEnded();
  return user;
};

export function authGuard(deps: AppDeps) {
  /** The user, or 401; at once when at hand. */
  const signedInUser = (request: Request): User | Promise<User> => {
    const user = userFromRequest(deps, request);
    return user instanceof Promise ? user.then(signedIn) : signedIn(user);
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
      // Async so that Elysia awaits it (it reads a resolve's source to decide); awaiting a user at hand is cheap.
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
