import { t, type Static } from "./type-system";

export const LeaseModel = {
  /** GET /.well-known/jwks.json: the public keys that verify leases (RFC 7517, RFC 8037). */
  jwks: t.Object(
    {
      keys: t.Array(
        t.Object({
          kty: t.Literal("OKP"),
          crv: t.Literal("Ed25519"),
          x: t.String({ description: "The public key, 32 bytes, base64url." }),
          kid: t.String({ description: "The key's id: a lease's header names it." }),
          alg: t.Literal("EdDSA"),
          use: t.Literal("sig"),
        }),
        { description: "The current key first, then retired keys whose leases may still be in use." },
      ),
    },
    { title: "LeaseKeySet" },
  ),
};

export type LeaseKeySet = Static<typeof LeaseModel.jwks>;
