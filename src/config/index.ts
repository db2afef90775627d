/**
 * Configuration, parsed and validated once from the environment (docs/configuration.md).
 * In production every provider must be configured; the app refuses to start and names what is missing.
 */
import { LOG_LEVELS, type LogLevel } from "../lib/logger";
import { parseLeaseConfig, type LeaseConfig } from "./leases";
import { parseWithdrawalConsentConfig } from "./withdrawal";
import type { WithdrawalConsentSetting } from "@shared/withdrawal";
import { parseSupportConfig } from "./support";
import { parseBackupConfig, type BackupConfig } from "./backups";
import { parseInvoiceConfig } from "./invoices";
import { parsePostgresTarget, type PostgresTarget } from "./postgres";

export const ENVIRONMENTS = ["development", "production", "test"] as const;

export interface Config {
  env: (typeof ENVIRONMENTS)[number];
  port: number;
  /** The address the server listens on (HOST): every interface by default, 127.0.0.1 behind a proxy on the same machine. */
  host: string;
  databasePath: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite file at databasePath; null = SQLite. */
  databaseUrl: PostgresTarget | null;
  appUrl: string;
  /** null in development: a secret is generated once and kept in the database. */
  jwtSecret: string | null;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiBase: string | null } | null;
  /** Used by the SPA in development when no publishable key is set (the purchase page warns that it does). */
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
  /** WEBHOOKS_ALLOW_PRIVATE=1: webhooks may go to plain http and private or local addresses in production too. */
  webhooksAllowPrivate: boolean;
  logLevel: LogLevel;
  /** LOG_FORMAT: readable lines or JSON lines; null picks (readable in development at a terminal, JSON otherwise). */
  logFormat: "pretty" | "json" | null;
  /** Seconds the listener stays open after SIGTERM while health answers 503 (DRAIN_SECONDS; for load balancers). */
  drainSeconds: number;
  /** Bearer token for GET /metrics; null turns the endpoint off. */
  metricsToken: string | null;
  /** What an early fraud warning from the card provider does: refund the charge at once, or only tell the admins. */
  earlyFraudWarning: "refund" | "alert";
  /**
   * The plugin's store page (https), linked from the setup guide and the plugin key card. Required in
   * production; null elsewhere when unset, and the guide then shows a marked placeholder.
   */
  pluginInstallUrl: string | null;
  /**
   * Sales tax and VAT (docs/tax-and-invoices.md). mode 'off' charges the catalogue price with no tax, as always;
   * 'stripe' asks Stripe Tax; 'demo' uses a small built-in table of demo rates (never in production).
   */
  tax: { mode: "off" | "stripe" | "demo"; behavior: "inclusive" | "exclusive"; stripeTaxCode: string };
  /** Who sells, as invoices and the imprint name them. */
  seller: { name: string; address: string; taxId: string | null; email: string };
  /** A folder of the operator's own legal pages (terms.md, privacy.md, refund-policy.md, imprint.md); null = the shipped templates. */
  legalDir: string | null;
  /** Days after a purchase in which its buyer can refund it themselves; 0 turns self-service refunds off. */
  refundWindowDays: number;
  /** auto: the refund happens at once; request: it waits for an admin's approval. */
  selfServiceRefunds: "auto" | "request";
  /** The plugin's offline leases: their length, when to ask again, and LEASE_SIGNING_KEY. */
  leases: LeaseConfig;
  /** Who is asked to agree to immediate supply (losing the EU right of withdrawal) before paying: eu or always. */
  withdrawalConsent: WithdrawalConsentSetting;
  /** Days the link to a ticket's page in support e-mails works (SUPPORT_LINK_DAYS). */
  supportLinkDays: number;
  /** Backups to S3-compatible storage (docs/operations.md#backups). */
  backups: BackupConfig;
  /** INVOICE_TAX_NOTE: why an invoice issued with tax off shows no tax. */
  invoiceTaxNote: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const isEnvironment = (value: string): value is Config["env"] => (ENVIRONMENTS as readonly string[]).includes(value);
const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/** "Name <addr@host>" or "addr@host". */
const EMAIL_FROM_PATTERN = /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;
function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}
/**
 * Stripe's tax code for "Downloadable Software - Personal Use": a licence key for software the buyer downloads.
 * (txcd_10201000 is video games, the wrong category for a design-import plugin.)
 */
export const DEFAULT_STRIPE_TAX_CODE = "txcd_10202000";

/** The bare address of "Name <addr@host>". */
const addressOf = (from: string) => /<\s*([^<>\s]+)\s*>/.exec(from)?.[1] ?? from;
const stripeMode = (key: string) => /^(?:sk|pk|rk)_(live|test)_/.exec(key)?.[1];

/** What production refuses beyond a missing variable: test keys, mixed modes, a bad sender or a plain-http site. */
function productionProblems(value: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  const secret = value("STRIPE_SECRET_KEY");
  const publishable = value("STRIPE_PUBLISHABLE_KEY");
  const allowTestKeys = value("ALLOW_STRIPE_TEST_KEYS") === "1";
  if (
    secret &&
    publishable &&
    stripeMode(secret) &&
    stripeMode(publishable) &&
    stripeMode(secret) !== stripeMode(publishable)
  ) {
    problems.push(
      `STRIPE_SECRET_KEY is a ${stripeMode(secret)} key and STRIPE_PUBLISHABLE_KEY a ${stripeMode(publishable)} key: use both from the same mode`,
    );
  } else if (!allowTestKeys && [secret, publishable].some((key) => key && stripeMode(key) === "test")) {
    problems.push(
      "Stripe test keys take no real payments: use live keys in production, or set ALLOW_STRIPE_TEST_KEYS=1 for a staging site",
    );
  }
  const from = value("EMAIL_FROM");
  if (from && !EMAIL_FROM_PATTERN.test(from))
    problems.push(`EMAIL_FROM must be an address, like "Layerlift <keys@example.com>"; got "${from}"`);
  const appUrl = value("APP_URL");
  if (appUrl) {
    let url: URL | null = null;
    try {
      url = new URL(appUrl);
    } catch {}
    const local = url && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    if (!url) problems.push(`APP_URL must be a URL, like https://layerlift.example; got "${appUrl}"`);
    else if (url.protocol !== "https:" && !local)
      problems.push(
        `APP_URL must start with https:// in production (links in e-mails and the sitemap use it); got "${appUrl}"`,
      );
  }
  return problems;
}

export function loadConfig(env: Env = process.env): Config {
  const value = (name: string) => (env[name] ?? "").trim() || undefined;
  const requested = value("NODE_ENV") ?? "development";
  if (!isEnvironment(requested)) {
    throw new ConfigError(
      `Configuration problems:\n  - NODE_ENV must be exactly one of ${ENVIRONMENTS.join(", ")}; got "${requested}"`,
    );
  }
  const mode = requested;
  const problems: string[] = [];

  if (mode === "production") {
    const required = [
      "JWT_SECRET",
      "APP_URL",
      "PLUGIN_INSTALL_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "RESEND_API_KEY",
      "EMAIL_FROM",
    ];
    for (const name of required) if (!value(name)) problems.push(`${name} is required in production`);
    problems.push(...productionProblems(value));
  }
  const jwtSecret = value("JWT_SECRET") ?? null;
  if (jwtSecret && jwtSecret.length < 32) problems.push("JWT_SECRET must be at least 32 characters");

  const port = Number(value("PORT") ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);

  const host = value("HOST") ?? "0.0.0.0";
  if (!/^[A-Za-z0-9.:-]+$/.test(host))
    problems.push(`HOST must be an address to listen on, such as 0.0.0.0, 127.0.0.1 or ::; got "${env.HOST}"`);

  const cooldown = Number(value("LINK_RESET_COOLDOWN_HOURS") ?? 24);
  if (!Number.isFinite(cooldown) || cooldown < 0)
    problems.push("LINK_RESET_COOLDOWN_HOURS must be a number of hours ≥ 0");

  const stripeSecret = value("STRIPE_SECRET_KEY");
  const stripePublishable = value("STRIPE_PUBLISHABLE_KEY");
  const stripeWebhook = value("STRIPE_WEBHOOK_SECRET");
  const someStripe = stripeSecret || stripeWebhook;
  if (someStripe && mode !== "production") {
    for (const [name, v] of [
      ["STRIPE_SECRET_KEY", stripeSecret],
      ["STRIPE_WEBHOOK_SECRET", stripeWebhook],
    ] as const)
      if (!v) problems.push(`${name} is required when Stripe is configured`);
  }

  const resendKey = value("RESEND_API_KEY");
  if (resendKey && !value("EMAIL_FROM") && mode !== "production")
    problems.push("EMAIL_FROM is required when RESEND_API_KEY is set");

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

  const earlyFraudWarning = value("EARLY_FRAUD_WARNING") ?? "refund";
  if (earlyFraudWarning !== "refund" && earlyFraudWarning !== "alert")
    problems.push(`EARLY_FRAUD_WARNING must be refund or alert; got "${earlyFraudWarning}"`);

  const pluginInstallUrl = value("PLUGIN_INSTALL_URL") ?? null;
  if (pluginInstallUrl && !isHttpsUrl(pluginInstallUrl)) {
    problems.push(
      `PLUGIN_INSTALL_URL must be the https:// address of the plugin's store page; got "${pluginInstallUrl}"`,
    );
  }
  const taxMode = value("TAX") ?? "off";
  if (taxMode !== "off" && taxMode !== "stripe" && taxMode !== "demo")
    problems.push(`TAX must be off, stripe or demo; got "${taxMode}"`);
  if (taxMode === "stripe" && !(stripeSecret && stripeWebhook))
    problems.push("TAX=stripe needs Stripe configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)");
  if (taxMode === "demo" && mode === "production")
    problems.push("TAX=demo uses made-up demo rates and cannot be used in production; use TAX=stripe or TAX=off");
  // Every sale is invoiced, so production always needs the seller's address; the name too when taxing.
  if (mode === "production" && !value("SELLER_ADDRESS"))
    problems.push("SELLER_ADDRESS is required in production (it goes on every invoice)");
  if (taxMode === "stripe" && mode === "production" && !value("SELLER_NAME"))
    problems.push("SELLER_NAME is required in production with TAX=stripe (it goes on every invoice)");
  const taxBehavior = value("TAX_BEHAVIOR") ?? "inclusive";
  if (taxBehavior !== "inclusive" && taxBehavior !== "exclusive")
    problems.push(`TAX_BEHAVIOR must be inclusive or exclusive; got "${taxBehavior}"`);
  const stripeTaxCode = value("STRIPE_TAX_CODE") ?? DEFAULT_STRIPE_TAX_CODE;
  if (!/^txcd_\d{8}$/.test(stripeTaxCode))
    problems.push(`STRIPE_TAX_CODE must be a Stripe tax code like ${DEFAULT_STRIPE_TAX_CODE}; got "${stripeTaxCode}"`);
  const sellerEmail = value("SELLER_EMAIL");
  if (sellerEmail && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(sellerEmail))
    problems.push(`SELLER_EMAIL must be an address like billing@example.com; got "${sellerEmail}"`);
  const refundWindowDays = Number(value("REFUND_WINDOW_DAYS") ?? 7);
  if (!Number.isInteger(refundWindowDays) || refundWindowDays < 0 || refundWindowDays > 365)
    problems.push("REFUND_WINDOW_DAYS must be a whole number of days from 0 (off) to 365");
  const selfServiceRefunds = value("SELF_SERVICE_REFUNDS") ?? "auto";
  if (selfServiceRefunds !== "auto" && selfServiceRefunds !== "request")
    problems.push(`SELF_SERVICE_REFUNDS must be auto or request; got "${selfServiceRefunds}"`);
  const leases = parseLeaseConfig(value, problems);

  const withdrawalConsent = parseWithdrawalConsentConfig(value("WITHDRAWAL_CONSENT"), problems);
  const support = parseSupportConfig(value, problems);
  const backups = parseBackupConfig(value, mode, problems);
  const invoices = parseInvoiceConfig(value, problems);
  const databaseUrlText = value("DATABASE_URL");
  const databaseUrl = databaseUrlText ? parsePostgresTarget(databaseUrlText, value, problems) : null;
  // Scheduled backups copy the SQLite file, which a site on PostgreSQL doesn't use: left running, the
  // schedule would fail at every BACKUP_EVERY (or copy a stale file) while the site looked backed up.
  // Refusing to start, naming both variables, says so before anyone relies on it.
  if (databaseUrl && backups.url)
    problems.push(
      "BACKUP_URL backs up the SQLite file, but DATABASE_URL runs the site on PostgreSQL: unset BACKUP_URL and back PostgreSQL up with pg_dump and your host's point-in-time recovery (docs/operations.md)",
    );

  if (problems.length) throw new ConfigError(`Configuration problems:\n  - ${problems.join("\n  - ")}`);

  return {
    env: mode,
    port,
    host,
    databasePath: value("DATABASE_PATH") ?? "./data/layerlift.db",
    databaseUrl,
    appUrl: (value("APP_URL") ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    jwtSecret,
    stripe:
      stripeSecret && stripeWebhook
        ? {
            secretKey: stripeSecret,
            publishableKey: stripePublishable ?? "",
            webhookSecret: stripeWebhook,
            apiBase: value("STRIPE_API_BASE") ?? null,
          }
        : null,
    stripeFallbackPublishableKey: "pk_test_layerlift_development",
    resend: resendKey
      ? { apiKey: resendKey, from: value("EMAIL_FROM")!, baseUrl: value("RESEND_BASE_URL") ?? null }
      : null,
    emailFrom: value("EMAIL_FROM") ?? "Layerlift <keys@layerlift.local>",
    robloxUsersApiBase: value("ROBLOX_USERS_API_BASE") ?? "https://users.roblox.com",
    robloxThumbnailsApiBase: value("ROBLOX_THUMBNAILS_API_BASE") ?? "https://thumbnails.roblox.com",
    linkResetCooldownHours: cooldown,
    trustProxy: value("TRUST_PROXY") === "1" || value("TRUST_PROXY") === "true",
    seedDevAdmin: mode === "development" && value("SEED_DEV_ADMIN") !== "0",
    rateLimits: !disableRateLimits,
    webhooksAllowPrivate: value("WEBHOOKS_ALLOW_PRIVATE") === "1",
    logLevel: logLevel as LogLevel,
    logFormat: logFormat as Config["logFormat"],
    drainSeconds,
    metricsToken: value("METRICS_TOKEN") ?? null,
    earlyFraudWarning: earlyFraudWarning as "refund" | "alert",
    pluginInstallUrl,
    tax: { mode: taxMode as Config["tax"]["mode"], behavior: taxBehavior as Config["tax"]["behavior"], stripeTaxCode },
    seller: {
      name: value("SELLER_NAME") ?? "Layerlift",
      address: value("SELLER_ADDRESS") ?? "",
      taxId: value("SELLER_TAX_ID") ?? null,
      email: sellerEmail ?? addressOf(value("EMAIL_FROM") ?? "Layerlift <keys@layerlift.local>"),
    },
    legalDir: value("LEGAL_DIR") ?? null,
    refundWindowDays,
    selfServiceRefunds: selfServiceRefunds as "auto" | "request",
    leases,
    withdrawalConsent,
    ...support,
    backups,
    ...invoices,
  };
}
