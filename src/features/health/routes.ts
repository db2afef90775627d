import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures } from "@shared/api/common";
import { HealthModel } from "@shared/api/health";
import { publicConfig } from "./public-config";
import { hasBearer } from "../../lib/bearer";
import { userFromRequest } from "../../http/guard";
import { healthReport, writeProbe } from "./service";
import { isDraining } from "./drain";

/** An admin's session, or the metrics token (for monitoring and `layerlift health --token`). */
async function mayReadDetails(deps: AppDeps, request: Request): Promise<boolean> {
  if (hasBearer(request, deps.config.metricsToken)) return true;
  if (!request.headers.has("authorization")) return false;
  return (await userFromRequest(deps, request))?.isAdmin === true;
}

export function healthRoutes(deps: AppDeps) {
  const startedAt = deps.clock.now();
  const databaseProblem = writeProbe(deps);
  return new Elysia({ tags: ["Site"] })
    .get(
      "/api/health",
      async ({ query, request, status }) => {
        const report = await healthReport(deps, startedAt, databaseProblem);
        if (isDraining(deps)) Object.assign(report, { ok: false, status: "stopping" as const });
        const shown = (await mayReadDetails(deps, request)) ? report : { ok: report.ok, status: report.status };
        // Stopping answers 503 whatever is asked: a load balancer must stop sending traffic here at once.
        return (query.strict && !report.ok) || report.status === "stopping" ? status(503, shown) : shown;
      },
      {
        query: HealthModel.healthQuery,
        response: { 200: HealthModel.healthy, 503: HealthModel.unavailable, ...failures(422) },
        detail: {
          summary: "Whether the site can do its job",
          description:
            "Anyone gets `{ok, status}`. With `?strict=1` a degraded site answers 503 (for load balancers); a stopping server always answers 503. " +
            "With an admin's session or `Authorization: Bearer $METRICS_TOKEN`, the answer adds the reasons, the uptime and the e-mail queue.",
        },
      },
    )
    .get("/api/config", () => publicConfig(deps.config), {
      response: { 200: HealthModel.publicConfig },
      detail: {
        summary: "The site's public configuration",
        description:
          "What the site's pages need: the product's name, the card provider (and its publishable key) and whether checkout adds tax.",
      },
    });
}
