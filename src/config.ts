/**
 * Configuration, parsed and validated once from the environment (README "Configuration").
 * In production every provider must be configured; the app refuses to start and names what is missing.
 */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  databasePath: string;
  appUrl: string;
  /** null in development: a secret is generated once and kept in the database. */
  jwtSecret: string | null;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | null } | null;
  /** Used by the SPA in development when no publishable key is set (SPEC.md §8). */
  stripeFallbackPublishableKey: string;
  resend: { apiKey: string; from: string; baseUrl: string | null } | null;
  emailFrom: string;
  robloxUsersApiBase: string;
  robloxThumbnailsApiBase: string;
  linkResetCooldownHours: number;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you control). */
  trustProxy: boolean;
  /** Print a development admin at first start. */
  seedDevAdmin: boolean;
  /** Off only for load measurements (DISABLE_RATE_LIMITS=1); never in production. */
  rateLimits: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const mode = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const problems: string[] = [];
  const value = (name: string) => (env[name] ?? "").trim() || undefined;

  if (mode === "production") {
    const required = ["JWT_SECRET", "APP_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "RESEND_API_KEY", "EMAIL_FROM"];
    for (const name of required) if (!value(name)) problems.push(`${name} is required in production`);
  }
  const jwtSecret = value("JWT_SECRET") ?? null;
  if (jwtSecret && jwtSecret.length < 32) problems.push("JWT_SECRET must be at least 32 characters");

  const port = Number(value("PORT") ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number, got "${env.PORT}"`);

  const cooldown = Number(value("LINK_RESET_COOLDOWN_HOURS") ?? 24);
  if (!Number.isFinite(cooldown) || cooldown < 0) problems.push("LINK_RESET_COOLDOWN_HOURS must be a number of hours ≥ 0");

  const stripeSecret = value("STRIPE_SECRET_KEY");
  const stripePublishable = value("STRIPE_PUBLISHABLE_KEY");
  const stripeWebhook = value("STRIPE_WEBHOOK_SECRET");
  const someStripe = stripeSecret || stripeWebhook;
  if (someStripe && mode !== "production") {
    for (const [name, v] of [["STRIPE_SECRET_KEY", stripeSecret], ["STRIPE_WEBHOOK_SECRET", stripeWebhook]] as const)
      if (!v) problems.push(`${name} is required when Stripe is configured`);
  }

  const resendKey = value("RESEND_API_KEY");
  if (resendKey && !value("EMAIL_FROM") && mode !== "production") problems.push("EMAIL_FROM is required when RESEND_API_KEY is set");

  const disableRateLimits = value("DISABLE_RATE_LIMITS") === "1";
  if (disableRateLimits && mode === "production") problems.push("DISABLE_RATE_LIMITS cannot be used in production");

  if (problems.length) throw new ConfigError(`Configuration problems:\n  - ${problems.join("\n  - ")}`);

  return {
    env: mode,
    port,
    databasePath: value("DATABASE_PATH") ?? "./data/layerlift.db",
    appUrl: (value("APP_URL") ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    jwtSecret,
    stripe: stripeSecret && stripeWebhook
      ? { secretKey: stripeSecret, publishableKey: stripePublishable ?? "", webhookSecret: stripeWebhook, apiBase: value("STRIPE_API_BASE") ?? null }
      : null,
    stripeFallbackPublishableKey: "pk_test_layerlift_development",
    resend: resendKey ? { apiKey: resendKey, from: value("EMAIL_FROM")!, baseUrl: value("RESEND_BASE_URL") ?? null } : null,
    emailFrom: value("EMAIL_FROM") ?? "Layerlift <keys@layerlift.local>",
    robloxUsersApiBase: value("ROBLOX_USERS_API_BASE") ?? "https://users.roblox.com",
    robloxThumbnailsApiBase: value("ROBLOX_THUMBNAILS_API_BASE") ?? "https://thumbnails.roblox.com",
    linkResetCooldownHours: cooldown,
    trustProxy: value("TRUST_PROXY") === "1" || value("TRUST_PROXY") === "true",
    seedDevAdmin: mode === "development" && value("SEED_DEV_ADMIN") !== "0",
    rateLimits: !disableRateLimits,
  };
}
