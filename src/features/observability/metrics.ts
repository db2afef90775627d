/**
 * Prometheus metrics for /metrics: requests by route and status with their durations, plugin
 * validations by answer code, the outbox, sales, the database (database-metrics.ts), the background jobs
 * (job-metrics.ts) and backups. One registry per app (tests build many apps).
 * Node's default process metrics are left out: under Bun several read wrong (a Node version of 26,
 * no GC samples, a 6 GB heap); resident memory and the start time are kept, read directly.
 * Requests and validations are counted in plain numbers; prom-client and the registry it formats load
 * with the first read of /metrics, not at start (docs/architecture.md#decisions).
 */
import type { Counter, Registry } from "prom-client";
import { count, eq, sum } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { booksDaily, emails } from "../../db/schema";
import { bookTotals } from "../daily-ledger/service";
import { requestSeries } from "./request-series";
import { registerBackupMetrics } from "./backup-metrics";
import { engineOf } from "../../db";
import { registerDatabaseMetrics } from "./database-metrics";
import { registerJobMetrics } from "./job-metrics";
import { databaseUnreachable } from "../health/service";
import { databaseCollector, loadPromClient, type Collectors, type FromDatabase, type PromClient } from "./collectors";
import { VERSION } from "../../version";

export type Metrics = ReturnType<typeof createMetrics>;

type Gauge = InstanceType<PromClient["Gauge"]>;
type RequestSeries = ReturnType<typeof requestSeries>;

export function createMetrics(deps: Pick<AppDeps, "db" | "clock" | "config">) {
  const collectors: Collectors[] = [];
  const perRequest = requestSeries({
    name: "http_request_duration_seconds",
    help: "Time to answer, by method, route pattern and status",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  });
  /** Validations per answer code not yet handed to the counter. */
  const uncountedValidations = new Map<string, number>();

  async function buildRegistry(): Promise<Registry> {
    const prom = await loadPromClient();
    const registry = new prom.Registry();
    registry.setDefaultLabels({ app: "layerlift" });
    const fromDatabase = databaseCollector();
    registerInstanceSeries(registry, prom, deps);
    registerRequestCounts(registry, prom, perRequest, uncountedValidations);
    registerSiteSeries(registry, prom, deps, fromDatabase);
    registerDatabaseMetrics(registry, prom, deps, fromDatabase);
    registerJobMetrics(registry, prom);
    // The backup series describe the SQLite file's backups; on PostgreSQL they would say "never" for ever.
    if (engineOf(deps.db) === "sqlite") registerBackupMetrics(registry, prom, deps, fromDatabase);
    for (const add of collectors) add(registry, prom, fromDatabase);
    registerProcessSeries(registry, prom);
    return registry;
  }

  let registry: Promise<Registry> | null = null;
  return {
    /** Series another feature counts, added when the registry is built. */
    addCollectors(add: Collectors) {
      collectors.push(add);
    },
    /** The registry /metrics reads, built (and prom-client loaded) on the first read. */
    registry(): Promise<Registry> {
      registry ??= buildRegistry();
      registry.catch(() => {
        registry = null;
      });
      return registry;
    },
    observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
      perRequest.observe(labels.method, labels.route, labels.status, seconds);
    },
    countValidation(code: string) {
      uncountedValidations.set(code, (uncountedValidations.get(code) ?? 0) + 1);
    },
  };
}

/** The running release and whether this instance reaches its database. */
function registerInstanceSeries(registry: Registry, prom: PromClient, deps: Pick<AppDeps, "db">) {
  new prom.Gauge({
    name: "build_info",
    help: "The running release: its version; always 1",
    labelNames: ["version"] as const,
    registers: [registry],
  }).set({ version: VERSION }, 1);
  new prom.Gauge({
    name: "database_up",
    help: "Whether this instance reaches its database (1) or not (0); the site_* series are left out while it is 0",
    registers: [registry],
    async collect() {
      this.set((await databaseUnreachable(deps)) ? 0 : 1);
    },
  });
}

/** Requests and plugin validations, counted in plain numbers (request-series.ts) and handed over when /metrics is read. */
function registerRequestCounts(
  registry: Registry,
  prom: PromClient,
  perRequest: RequestSeries,
  uncountedValidations: Map<string, number>,
) {
  const requests: Counter<"method" | "route" | "status"> = new prom.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
    collect() {
      perRequest.flushCounts(requests);
    },
  });
  perRequest.register(registry);
  new prom.Counter({
    name: "plugin_validations_total",
    help: "Plugin key validations, by answer code (VALID or the error code)",
    labelNames: ["code"] as const,
    registers: [registry],
    collect() {
      for (const [code, n] of uncountedValidations) this.inc({ code }, n);
      uncountedValidations.clear();
    },
  });
}

/** The site's own series, read from the database: the outbox, sales by plan and status, revenue. */
function registerSiteSeries(
  registry: Registry,
  prom: PromClient,
  deps: Pick<AppDeps, "db">,
  fromDatabase: FromDatabase,
) {
  new prom.Gauge({
    name: "site_email_outbox",
    help: "E-mails in the outbox, by status (pending: waiting to be sent; failed: given up on)",
    labelNames: ["status"] as const,
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      // One count per status through the status index: a group by would read every sent e-mail too.
      for (const status of ["pending", "failed"] as const) {
        const [outbox] = await deps.db.select({ n: count() }).from(emails).where(eq(emails.status, status));
        this.set({ status }, outbox.n);
      }
    }),
  });
  new prom.Gauge({
    name: "site_sales",
    help: "Sales recorded, by plan and status",
    labelNames: ["plan", "status"] as const,
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      // From the daily books, so a scrape costs the same at any number of sales.
      const rows = await deps.db
        .select({
          plan: booksDaily.plan,
          sales: sum(booksDaily.sales).mapWith(Number),
          paid: sum(booksDaily.paidCount).mapWith(Number),
          disputed: sum(booksDaily.disputeCount).mapWith(Number),
        })
        .from(booksDaily)
        .groupBy(booksDaily.plan);
      this.reset();
      for (const row of rows) {
        const [all, paid, disputed] = [row.sales, row.paid, row.disputed].map(Number);
        if (!all) continue;
        if (paid) this.set({ plan: row.plan, status: "paid" }, paid);
        if (disputed) this.set({ plan: row.plan, status: "disputed" }, disputed);
        if (all - paid - disputed) this.set({ plan: row.plan, status: "refunded" }, all - paid - disputed);
      }
    }),
  });
  new prom.Gauge({
    name: "site_sales_revenue_cents",
    help: "Revenue in cents: gross (what buyers paid less refunds and open disputes), the tax in it, and net (gross less tax and every provider fee), as the admin overview counts it",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect: fromDatabase(async function (this: Gauge) {
      const totals = await bookTotals(deps.db);
      this.set({ kind: "gross" }, totals.grossCents - totals.refundedCents - totals.disputedCents);
      // Tax collected is the tax authority's money, not revenue.
      this.set({ kind: "tax" }, totals.taxCents);
      this.set({ kind: "net" }, totals.netCents);
    }),
  });
}

/** Resident memory and the start time, read directly (Node's default process metrics read wrong under Bun). */
function registerProcessSeries(registry: Registry, prom: PromClient) {
  new prom.Gauge({
    name: "process_resident_memory_bytes",
    help: "Resident memory size in bytes",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().rss);
    },
  });
  new prom.Gauge({
    name: "process_start_time_seconds",
    help: "Start time of the process since the epoch, in seconds",
    registers: [registry],
  }).set(Math.round(Date.now() / 1000 - process.uptime()));
}
