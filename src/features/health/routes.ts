import { Elysia } from "elysia";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { PRODUCT_NAME } from "../../shared/product";

export function healthRoutes(deps: AppDeps) {
  const startedAt = deps.clock.now();
  return new Elysia()
    .get("/api/health", () => {
      deps.db.get(sql`select 1`);
      return { ok: true, uptimeSeconds: Math.round((deps.clock.now() - startedAt) / 1000) };
    })
    .get("/api/config", () => ({
      productName: PRODUCT_NAME,
      paymentProvider: deps.config.stripe ? "stripe" : "demo",
      stripePublishableKey: deps.config.stripe ? deps.config.stripe.publishableKey || deps.config.stripeFallbackPublishableKey : null,
    }));
}
