/**
 * The request body limit, answered as JSON with the security headers. Bun's own cap answers a bare
 * 413 (no body, no headers) that no hook can change, so it is set far above ours and never reached:
 * a body with a Content-Length over our limit is refused before it is read, and a body sent without
 * one (chunked, its size unknown until read) is refused with 411, before it is read too.
 */
import { AppError } from "../lib/errors";

export const MAX_BODY_BYTES = 64 * 1024;
/** Bun's own cap, never reached: no body longer than MAX_BODY_BYTES is ever read. */
export const BUN_BODY_CAP = 1024 * 1024 * 1024;

/** Refuses a declared length over the limit, or a body of unknown length, before anything is read. */
export function checkBodyLength(request: Request): void {
  const declared = request.headers.get("content-length");
  if (declared === null) {
    if (request.body && request.headers.has("transfer-encoding")) {
      throw new AppError(411, "LENGTH_REQUIRED", "Send the request body with a Content-Length header.");
    }
    return;
  }
  if (Number(declared) > MAX_BODY_BYTES) {
    throw new AppError(
      413,
      "BODY_TOO_LARGE",
      `The request body is too large (the limit is ${MAX_BODY_BYTES / 1024} KiB).`,
    );
  }
}
