import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { AppError, notFound } from "../../lib/errors";
import { hasBearer } from "../../lib/bearer";
import { failures } from "@shared/api/common";
import type { Metrics } from "./metrics";

/** GET /metrics for Prometheus, behind `Authorization: Bearer $METRICS_TOKEN`; not there at all when the token is unset. */
export function metricsRoutes(deps: Pick<AppDeps, "config">, metrics: Metrics) {
  return new Elysia().get(
    "/metrics",
    async ({ request, set }) => {
      if (!deps.config.metricsToken) throw notFound("Metrics are off: set METRICS_TOKEN to turn them on.");
      if (!hasBearer(request, deps.config.metricsToken))
        throw new AppError(
          401,
          "UNAUTHORIZED",
          "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
          {},
          { "WWW-Authenticate": 'Bearer realm="metrics"' },
        );
      const registry = await metrics.registry();
      set.headers["Content-Type"] = registry.contentType;
      return registry.metrics();
    },
    {
      response: { 200: t.String({ description: "Prometheus text format" }), ...failures(401, 404) },
      detail: { hide: true },
    },
  );
}
