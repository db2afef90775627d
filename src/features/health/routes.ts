import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures } from "../../shared/api/common";
import { PRODUCT_NAME } from "../../shared/product";
import { HealthModel } from "../../shared/api/health";
import { healthReport } from "./service";

export function healthRoutes(deps: AppDeps) {
  const startedAt = deps.clock.now();
  return new Elysia({ tags: ["Site"] })
    .get("/api/health", ({ query, status }) => {
      const report = healthReport(deps, startedAt);
      return query.strict && !report.ok ? status(503, report) : report;
    }, {
      query: HealthModel.healthQuery,
      response: { 200: HealthModel.health, 503: HealthModel.health, ...failures(422) },
      detail: { summary: "Whether the site can do its job: ok, or degraded with reasons. ?strict=1 answers 503 when degraded." },
    })
    .get("/api/config", () => ({
      productName: PRODUCT_NAME,
      paymentProvider: deps.config.stripe ? "stripe" as const : "demo" as const,
      stripePublishableKey: deps.config.stripe ? deps.config.stripe.publishableKey || deps.config.stripeFallbackPublishableKey : null,
    }), { response: { 200: HealthModel.publicConfig } });
}
