import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { LeaseModel } from "@shared/api/leases";
import type { LeaseIssuer } from "./issuer";

/**
 * How long a copy of the key set may be used without asking again. Short, because a plugin meeting a
 * lease whose key it doesn't know fetches the set again, and a cache between would answer it the old one.
 */
export const JWKS_MAX_AGE_SECONDS = 300;

/** GET /.well-known/jwks.json: public, cacheable, open to every origin. */
export function leaseRoutes(deps: Pick<AppDeps, "clock">, leases: LeaseIssuer) {
  return new Elysia().get(
    "/.well-known/jwks.json",
    async ({ set }) => {
      set.headers["Cache-Control"] = `public, max-age=${JWKS_MAX_AGE_SECONDS}`;
      set.headers["Access-Control-Allow-Origin"] = "*";
      return await leases.jwks(deps.clock.now());
    },
    {
      response: { 200: LeaseModel.jwks },
      detail: {
        tags: ["Plugin"],
        summary: "The public keys that verify plugin leases",
        description:
          "A JSON Web Key Set (RFC 7517) of Ed25519 keys (kty OKP, RFC 8037). A lease's header names its key by `kid`; " +
          `fetch the set again when a lease names a key you don't have. Cacheable for ${JWKS_MAX_AGE_SECONDS} s.`,
      },
    },
  );
}
