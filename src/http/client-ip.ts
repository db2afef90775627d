import type { Server } from "bun";
import type { AppDeps } from "../deps";

/**
 * The caller's address: the socket's, or with TRUST_PROXY the last X-Forwarded-For entry — the one
 * our own reverse proxy appended. Earlier entries are whatever the client chose to send.
 */
export function clientIp(
  deps: Pick<AppDeps, "config">,
  request: Request,
  server: Server<unknown> | null | undefined,
): string {
  if (deps.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "local";
}
