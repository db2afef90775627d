import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { PRODUCT_NAME } from "../../shared/product";
import { HealthModel } from "./model";

export function healthRoutes(deps: AppDeps) {
  const startedAt = deps.clock.now();
  return new Elysia({ tags: ["Site"] })
    .get("/api/health", () => {
      deps.db.get(sql`select 1`);
      return { ok: true as const, uptimeSeconds: Math.round((deps.clock.now() - startedAt) / 1000) };
    }, { response: { 200: HealthModel.health } })
    .get("/api/config", () => ({
      productName: PRODUCT_NAME,
      paymentProvider: deps.config.stripe ? "stripe" as const : "demo" as const,
      stripePublishableKey: deps.config.stripe ? deps.config.stripe.publishableKey || deps.config.stripeFallbackPublishableKey : null,
    }), { response: { 200: HealthModel.publicConfig } });
}
