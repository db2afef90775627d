/** The configuration's shape: what every part of the environment parses into (index.ts reads them all). */
import type { LogLevel } from "../lib/logger";
import type { LeaseConfig } from "./leases";
import type { WithdrawalConsentSetting } from "@shared/withdrawal";
import type { BackupConfig } from "./backups";
import type { PostgresTarget } from "./postgres";

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

/** The Stripe settings when Stripe is configured. */
export type StripeConfig = NonNullable<Config["stripe"]>;
