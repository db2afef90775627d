import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { AppError, notFound } from "../../lib/errors";
import { failures } from "../../shared/api/common";
import type { Metrics } from "./metrics";

/** GET /metrics for Prometheus, behind `Authorization: Bearer $METRICS_TOKEN`; not there at all when the token is unset. */
export function metricsRoutes(deps: Pick<AppDeps, "config">, metrics: Metrics) {
  const expected = deps.config.metricsToken ? `Bearer ${deps.config.metricsToken}` : null;
  return new Elysia().get("/metrics", async ({ request, set }) => {
    if (!expected) throw notFound("Metrics are off: set METRICS_TOKEN to turn them on.");
    const given = request.headers.get("authorization") ?? "";
    const same = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!same) throw new AppError(401, "UNAUTHORIZED", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.", {}, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    set.headers["Content-Type"] = metrics.registry.contentType;
    return metrics.registry.metrics();
  }, { response: { 200: t.String({ description: "Prometheus text format" }), ...failures(401, 404) }, detail: { hide: true } });
}
