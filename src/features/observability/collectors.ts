/**
 * What every feature's metrics build on: prom-client, loaded on the first read of /metrics, and the wrapper for
 * series read from the database. Kept apart from metrics.ts so the collectors it gathers can import it.
 */
import type { Registry } from "prom-client";
import { lazyModule } from "../../lib/lazy-module";
import { REACH_TIMEOUT_MS } from "../health/service";

/**
 * Wraps a collector that reads the database: while the database can't be reached (or doesn't answer
 * within the health check's wait) its series are left out of the scrape instead of failing all of /metrics,
 * and database_up says why they are missing.
 */
export function databaseCollector() {
  return <M extends { reset(): void }>(collect: (this: M) => Promise<void>) =>
    async function (this: M) {
      let timer: Timer | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("the database did not answer")), REACH_TIMEOUT_MS);
      });
      try {
        await Promise.race([collect.call(this), late]);
      } catch {
        this.reset();
        // reset() leaves a gauge without labels at 0, which reads as a value ("no failed deliveries",
        // "a fresh backup"); an empty map leaves the series out of the scrape instead.
        (this as unknown as { hashMap: object }).hashMap = {};
      } finally {
        clearTimeout(timer);
      }
    };
}
/** What a collector built by databaseCollector() wraps around its reads. */
export type FromDatabase = ReturnType<typeof databaseCollector>;

export const loadPromClient = lazyModule("metrics (prom-client)", () => import("prom-client"));

/** prom-client as loaded on the first read of /metrics; collectors from other features build on it. */
export type PromClient = Awaited<ReturnType<typeof loadPromClient>>;
/** Adds a feature's own series to the registry when it is built; series read from the database wrap their collect in fromDatabase. */
export type Collectors = (registry: Registry, prom: PromClient, fromDatabase: FromDatabase) => void;
