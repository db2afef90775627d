/**
 * The request body limit, answered as JSON with the security headers whatever the body's framing.
 * Bun's own cap answers a bare 413 (no body, no headers) that no hook can change, so it is set far
 * above ours as a last resort: a body with a Content-Length over our limit is refused before it is
 * read, and a chunked one is read only up to our limit.
 */
import { AppError } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;
/** Bun's own cap: only a chunked body longer than this, which we stop reading at MAX_BODY_BYTES anyway, could reach it. */
export const BUN_BODY_CAP = 1024 * 1024 * 1024;

export const bodyTooLarge = () => new AppError(413, "BODY_TOO_LARGE", `The request body is too large (the limit is ${MAX_BODY_BYTES / 1024} KiB).`);

/** Refuses a declared length over the limit before anything is read. */
export function checkDeclaredLength(request: Request): void {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw bodyTooLarge();
}

/**
 * A body sent without a Content-Length (chunked), read up to the limit and parsed as its type says;
 * undefined for a body with a length, which Elysia's own parsers read (its length was checked).
 */
export async function parseChunkedBody(request: Request, contentType: string): Promise<unknown> {
  if (request.headers.has("content-length") || !request.body) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (contentType.startsWith("application/json")) return JSON.parse(text);
  if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return text;
}
