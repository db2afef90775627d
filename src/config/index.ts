/**
 * Configuration, parsed and validated once from the environment (docs/configuration.md).
 * In production every provider must be configured; the app refuses to start and names what is missing.
 */
import type { LogLevel } from "../lib/logger";
import { parseLeaseConfig, type LeaseConfig } from "./leases";
import { parseWithdrawalConsentConfig } from "./withdrawal";
import type { WithdrawalConsentSetting } from "@shared/withdrawal";
import { parseSupportConfig } from "./support";
import { parseBackupConfig, type BackupConfig } from "./backups";
import { parseInvoiceConfig } from "./invoices";
import { parsePostgresTarget, type PostgresTarget } from "./postgres";
import { productionProblems } from "./production";
import { parseServerConfig } from "./server";
import { parseProviderConfig } from "./providers";
import { parseOperationsConfig } from "./operations";
import { parseTaxConfig } from "./tax";
import { parseRefundConfig } from "./refunds";

export { DEFAULT_STRIPE_TAX_CODE } from "./tax";

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

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** NODE_ENV, checked before anything else: the other rules depend on it. */
function environmentOf(value: (name: string) => string | undefined): Config["env"] {
  const requested = value("NODE_ENV") ?? "development";
  if (!isEnvironment(requested)) {
    throw new ConfigError(
      `Configuration problems:\n  - NODE_ENV must be exactly one of ${ENVIRONMENTS.join(", ")}; got "${requested}"`,
    );
  }
  return requested;
}

/**
 * Reads every area in turn, each adding its problems to one list (in the order the areas are read), and
 * refuses to start with the whole list, so an operator fixes everything in one go.
 */
export function loadConfig(env: Env = process.env): Config {
  const value = (name: string) => (env[name] ?? "").trim() || undefined;
  const mode = environmentOf(value);
  const problems: string[] = [];
  if (mode === "production") problems.push(...productionProblems(value));
  const server = parseServerConfig(value, env, problems);

  const cooldown = Number(value("LINK_RESET_COOLDOWN_HOURS") ?? 24);
  if (!Number.isFinite(cooldown) || cooldown < 0)
    problems.push("LINK_RESET_COOLDOWN_HOURS must be a number of hours ≥ 0");

  const providers = parseProviderConfig(value, mode, problems);
  const operations = parseOperationsConfig(value, mode, problems);

  const earlyFraudWarning = value("EARLY_FRAUD_WARNING") ?? "refund";
  if (earlyFraudWarning !== "refund" && earlyFraudWarning !== "alert")
    problems.push(`EARLY_FRAUD_WARNING must be refund or alert; got "${earlyFraudWarning}"`);

  const pluginInstallUrl = value("PLUGIN_INSTALL_URL") ?? null;
  if (pluginInstallUrl && !isHttpsUrl(pluginInstallUrl)) {
    problems.push(
      `PLUGIN_INSTALL_URL must be the https:// address of the plugin's store page; got "${pluginInstallUrl}"`,
    );
  }
  const sales = parseTaxConfig(value, mode, providers.stripe !== null, problems);
  const refunds = parseRefundConfig(value, problems);
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
    ...server,
    databasePath: value("DATABASE_PATH") ?? "./data/layerlift.db",
    databaseUrl,
    appUrl: (value("APP_URL") ?? `http://localhost:${server.port}`).replace(/\/+$/, ""),
    ...providers,
    robloxUsersApiBase: value("ROBLOX_USERS_API_BASE") ?? "https://users.roblox.com",
    robloxThumbnailsApiBase: value("ROBLOX_THUMBNAILS_API_BASE") ?? "https://thumbnails.roblox.com",
    linkResetCooldownHours: cooldown,
    ...operations,
    earlyFraudWarning: earlyFraudWarning as "refund" | "alert",
    pluginInstallUrl,
    ...sales,
    legalDir: value("LEGAL_DIR") ?? null,
    ...refunds,
    leases,
    withdrawalConsent,
    ...support,
    backups,
    ...invoices,
  };
}
