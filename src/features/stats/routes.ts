import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { activeUsers } from "./service";

export function statsRoutes(deps: AppDeps) {
  return new Elysia().get("/api/stats/active-users", () => activeUsers(deps.db, deps.clock.now()));
}
