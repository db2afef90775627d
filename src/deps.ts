/**
 * What the app is built from. `createApp(deps)` takes these, so tests inject a temp database,
 * a fake clock and fake providers. Each feature adds its provider here.
 */
import type { Db } from "./db";
import type { Config } from "./config";
import type { Clock } from "./lib/clock";
import type { RateLimiter } from "./lib/rate-limit";
import type { PaymentProvider } from "./features/payments/provider";
import type { Mailer } from "./features/email/mailer";
import type { TaxProvider } from "./features/tax/provider";

export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
  /** HS256 secret for session tokens. */
  jwtSecret: string;
  /** Stripe when configured, else the demo provider (never in production). */
  payments: PaymentProvider;
  /** Resend when configured, else outbox-only (printed to the console). */
  mailer: Mailer;
  /** Stripe Tax (TAX=stripe), the demo rates (TAX=demo), or null: no tax (TAX=off). */
  tax: TaxProvider | null;
}
