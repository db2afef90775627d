import type { Registry } from "prom-client";
import type { PromClient } from "../observability/collectors";
import type { LeaseIssuer } from "./issuer";

/** plugin_leases_total{outcome}: leases signed anew and leases sent again, counted by the issuer in plain numbers. */
export function registerLeaseMetrics(registry: Registry, prom: PromClient, leases: LeaseIssuer) {
  const reported = { signed: 0, sentAgain: 0 };
  new prom.Counter({
    name: "plugin_leases_total",
    help: "Leases in valid plugin answers: signed anew, or the one sent last time sent again",
    labelNames: ["outcome"] as const,
    registers: [registry],
    collect() {
      for (const [outcome, field] of [
        ["signed", "signed"],
        ["sent_again", "sentAgain"],
      ] as const) {
        this.inc({ outcome }, leases.counts[field] - reported[field]);
        reported[field] = leases.counts[field];
      }
    },
  });
}
