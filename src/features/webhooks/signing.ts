/**
 * Standard Webhooks signing (standardwebhooks.com): a secret is `whsec_` + base64 of random bytes; a
 * delivery's `webhook-signature` is `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`
 * keyed with the secret's decoded bytes. Several signatures are separated by spaces (during a rotation).
 */
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";
/** 32 random bytes: inside the 24–64 the specification asks for. */
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** `v1,<base64>` for one secret. */
export function signatureOf(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", secretBytes(secret)).update(`${webhookId}.${timestampSeconds}.${body}`).digest();
  return `v1,${mac.toString("base64")}`;
}

/** The three headers of one attempt, signed with every secret given (the current one first). */
export function signedHeaders(
  secrets: string[],
  webhookId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    "content-type": "application/json",
    "webhook-id": webhookId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": secrets.map((secret) => signatureOf(secret, webhookId, timestampSeconds, body)).join(" "),
  };
}
