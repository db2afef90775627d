/**
 * Prometheus metrics for /metrics: requests by route and status with their durations, plugin
 * validations by answer code, the outbox, and sales. One registry per app (tests build many apps).
 * Node's default process metrics are left out: under Bun several read wrong (a Node version of 26,
 * no GC samples, a 6 GB heap); resident memory and the start time are kept, read directly.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { count, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { emails, sales } from "../../db/schema";

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(deps: Pick<AppDeps, "db">) {
  const registry = new Registry();
  registry.setDefaultLabels({ app: "layerlift" });

  const requests = new Counter({ name: "http_requests_total", help: "HTTP requests answered, by method, route pattern and status", labelNames: ["method", "route", "status"] as const, registers: [registry] });
  const durations = new Histogram({
    name: "http_request_duration_seconds", help: "Time to answer, by method, route pattern and status", labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  const validations = new Counter({ name: "plugin_validations_total", help: "Plugin key validations, by answer code (VALID or the error code)", labelNames: ["code"] as const, registers: [registry] });

  new Gauge({
    name: "email_outbox", help: "E-mails in the outbox, by status (pending: waiting to be sent; failed: given up on)", labelNames: ["status"] as const, registers: [registry],
    collect() {
      const rows = deps.db.select({ status: emails.status, n: count() }).from(emails).groupBy(emails.status).all();
      for (const status of ["pending", "failed"] as const) this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
    },
  });
  new Gauge({
    name: "sales", help: "Sales recorded, by plan and status", labelNames: ["plan", "status"] as const, registers: [registry],
    collect() {
      this.reset();
      for (const row of deps.db.select({ plan: sales.plan, status: sales.status, n: count() }).from(sales).groupBy(sales.plan, sales.status).all()) this.set({ plan: row.plan, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: "sales_revenue_cents", help: "Paid (not refunded) sales in cents, net of partial refunds: gross as paid, the tax in it, and net (without tax and the provider's fees)", labelNames: ["kind"] as const, registers: [registry],
    collect() {
      const totals = deps.db.select({
        gross: sql<number>`coalesce(sum(${sales.amountCents} - ${sales.refundedCents}), 0)`,
        fees: sql<number>`coalesce(sum(${sales.feeCents}), 0)`,
        tax: sql<number>`coalesce(sum(${sales.taxCents} - ${sales.refundedTaxCents}), 0)`,
      }).from(sales).where(eq(sales.status, "paid")).get()!;
      this.set({ kind: "gross" }, totals.gross);
      this.set({ kind: "tax" }, totals.tax);
      // Tax collected is the tax authority's money, not revenue.
      this.set({ kind: "net" }, totals.gross - totals.tax - totals.fees);
    },
  });
  new Gauge({ name: "process_resident_memory_bytes", help: "Resident memory size in bytes", registers: [registry], collect() { this.set(process.memoryUsage().rss); } });
  new Gauge({ name: "process_start_time_seconds", help: "Start time of the process since the epoch, in seconds", registers: [registry] }).set(Math.round(Date.now() / 1000 - process.uptime()));

  // Each method/route/status's series, looked up once: resolving labels on every request costs more than counting.
  const series = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();

  return {
    registry,
    observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
      const key = `${labels.method} ${labels.status} ${labels.route}`;
      let found = series.get(key);
      if (!found) {
        const values = [labels.method, labels.route, String(labels.status)] as const;
        found = { count: requests.labels(...values), time: durations.labels(...values) };
        series.set(key, found);
      }
      found.count.inc();
      found.time.observe(seconds);
    },
    countValidation(code: string) {
      validations.inc({ code });
    },
  };
}
