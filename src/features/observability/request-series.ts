/**
 * The per-request metrics, counted in plain numbers: prom-client's `labels(...).inc()` and `.observe()`
 * check and hash the labels on every call, which cost more than the counting itself on the busiest
 * routes. Each method/route/status series is found once by a string key; the numbers reach
 * prom-client only when /metrics is read (the counter through its own `collect`, the histogram as a
 * metric of the registry with prom-client's own text format), so prom-client loads only then.
 */
import type { Counter, Registry } from "prom-client";

interface Series {
  labels: { method: string; route: string; status: string };
  /** Requests not yet handed to the prom-client counter. */
  uncounted: number;
  /** Observations per bucket (not cumulative), the last one past the largest bound (+Inf). */
  buckets: number[];
  sum: number;
  count: number;
}

export function requestSeries(options: { name: string; help: string; buckets: number[] }) {
  const { name, help, buckets: bounds } = options;
  const series = new Map<string, Series>();

  /** Adds the histogram to `registry`, in the shape it formats (as prom-client's own Histogram would answer). */
  function register(registry: Registry) {
    registry.registerMetric({
      name,
      help,
      type: "histogram",
      aggregator: "sum",
      get: async () => ({ name, help, type: "histogram", aggregator: "sum", values: histogramValues() }),
      reset: () => series.clear(),
    } as never);
  }

  function histogramValues() {
    const values: {
      labels: Record<string, string | number>;
      value: number;
      metricName: string;
      sharedLabels: Series["labels"];
    }[] = [];
    for (const s of series.values()) {
      let cumulative = 0;
      bounds.forEach((le, i) => {
        cumulative += s.buckets[i];
        values.push({ labels: { le }, value: cumulative, metricName: `${name}_bucket`, sharedLabels: s.labels });
      });
      values.push({ labels: { le: "+Inf" }, value: s.count, metricName: `${name}_bucket`, sharedLabels: s.labels });
      values.push({ labels: {}, value: s.sum, metricName: `${name}_sum`, sharedLabels: s.labels });
      values.push({ labels: {}, value: s.count, metricName: `${name}_count`, sharedLabels: s.labels });
    }
    return values;
  }

  /**
   * Hands the requests counted since the last read to the prom-client counter (called from its collect);
   * every series is handed over, so one seen for the first time shows even with nothing new.
   */
  function flushCounts(counter: Counter<"method" | "route" | "status">) {
    for (const s of series.values()) {
      counter.inc(s.labels, s.uncounted);
      s.uncounted = 0;
    }
  }

  return {
    register,
    flushCounts,
    observe(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        s = {
          labels: { method, route, status: String(status) },
          uncounted: 0,
          buckets: new Array(bounds.length + 1).fill(0),
          sum: 0,
          count: 0,
        };
        series.set(key, s);
      }
      s.uncounted++;
      let i = 0;
      while (i < bounds.length && seconds > bounds[i]) i++;
      s.buckets[i]++;
      s.sum += seconds;
      s.count++;
    },
  };
}
