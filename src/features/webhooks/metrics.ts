import { and, count, eq } from "drizzle-orm";
import type { Registry } from "prom-client";
import type { AppDeps } from "../../deps";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { FromDatabase, PromClient } from "../observability/collectors";

/**
 * site_webhook_deliveries{outcome}: deliveries by where they ended (delivered, failed: given up on) or stand
 * (pending), counted in the database so every instance reports the same numbers and a restart loses none;
 * site_webhook_endpoints_disabled: endpoints turned off (by an admin or after failing for days).
 */
export function registerWebhookMetrics(
  registry: Registry,
  prom: PromClient,
  deps: Pick<AppDeps, "db">,
  fromDatabase: FromDatabase,
) {
  type Gauge = InstanceType<typeof prom.Gauge>;
  new prom.Gauge({
    name: "site_webhook_deliveries",
    help: "Webhook deliveries by outcome: delivered, failed (given up after every retry) or pending",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      for (const outcome of ["delivered", "failed", "pending"] as const) {
        const [row] = await deps.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.status, outcome));
        this.set({ outcome }, row?.n ?? 0);
      }
    }),
  });
  new prom.Gauge({
    name: "site_webhook_endpoints_disabled",
    help: "Webhook endpoints that are off",
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      const [row] = await deps.db
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.enabled, false)));
      this.set(row?.n ?? 0);
    }),
  });
}
