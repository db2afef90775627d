import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { StatsModel } from "@shared/api/stats";
import { activeUsers } from "./service";

export function statsRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Site"] }).get("/api/stats/active-users", () => activeUsers(deps.db, deps.clock.now()), {
    response: { 200: StatsModel.activeUsers },
    detail: {
      summary: "How many users are active right now",
      description: "Distinct users seen by a signed-in call or a plugin validation in the last 5 minutes.",
    },
  });
}
