import { createHash } from "node:crypto";

/** The RFC 7638 thumbprint of an Ed25519 public key: the `kid` a key is known by. */
export function ed25519Thumbprint(x: string): string {
  return createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest("base64url");
}
