/**
 * How the server runs for its operator: rate limits, logs, the drain on SIGTERM, the metrics token, the
 * reverse proxy it trusts, where webhooks may go and the development admin.
 */
import { LOG_LEVELS, type LogLevel } from "../lib/logger";
import type { Config } from "./types";

const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

export function parseOperationsConfig(
  value: (name: string) => string | undefined,
  mode: Config["env"],
  problems: string[],
): Pick<
  Config,
  | "trustProxy"
  | "seedDevAdmin"
  | "rateLimits"
  | "webhooksAllowPrivate"
  | "logLevel"
  | "logFormat"
  | "drainSeconds"
  | "metricsToken"
> {
  const disableRateLimits = value("DISABLE_RATE_LIMITS") === "1";
  if (disableRateLimits && mode === "production") problems.push("DISABLE_RATE_LIMITS cannot be used in production");

  const logLevel = value("LOG_LEVEL") ?? (mode === "test" ? "silent" : "info");
  if (!isLogLevel(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; got "${logLevel}"`);

  const logFormat = value("LOG_FORMAT") ?? null;
  if (logFormat !== null && logFormat !== "pretty" && logFormat !== "json")
    problems.push(`LOG_FORMAT must be pretty or json; got "${logFormat}"`);

  const drainSeconds = Number(value("DRAIN_SECONDS") ?? "0");
  if (!Number.isInteger(drainSeconds) || drainSeconds < 0 || drainSeconds > 300)
    problems.push(`DRAIN_SECONDS must be a whole number of seconds from 0 to 300; got "${value("DRAIN_SECONDS")}"`);

  return {
    trustProxy: value("TRUST_PROXY") === "1" || value("TRUST_PROXY") === "true",
    seedDevAdmin: mode === "development" && value("SEED_DEV_ADMIN") !== "0",
    rateLimits: !disableRateLimits,
    webhooksAllowPrivate: value("WEBHOOKS_ALLOW_PRIVATE") === "1",
    logLevel: logLevel as LogLevel,
    logFormat: logFormat as Config["logFormat"],
    drainSeconds,
    metricsToken: value("METRICS_TOKEN") ?? null,
  };
}
