import type { Server } from "bun";
import type { AppDeps } from "../deps";

/** The caller's address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is set. */
export function clientIp(deps: Pick<AppDeps, "config">, request: Request, server: Server<unknown> | null | undefined): string {
  if (deps.config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "local";
}
