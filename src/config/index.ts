/**
 * Configuration, parsed and validated once from the environment (docs/configuration.md).
 * In production every provider must be configured; the app refuses to start and names what is missing.
 */
import { parseLeaseConfig } from "./leases";
import { parseWithdrawalConsentConfig } from "./withdrawal";
import { parseSupportConfig } from "./support";
import { parseBackupConfig } from "./backups";
import { parseInvoiceConfig } from "./invoices";
import { parsePostgresTarget } from "./postgres";
import { productionProblems } from "./production";
import { parseServerConfig } from "./server";
import { parseProviderConfig } from "./providers";
import { parseOperationsConfig } from "./operations";
import { parseTaxConfig } from "./tax";
import { parseRefundConfig } from "./refunds";
import { ENVIRONMENTS, type Config } from "./types";

export { DEFAULT_STRIPE_TAX_CODE } from "./tax";

export { ENVIRONMENTS, type Config, type StripeConfig } from "./types";

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
