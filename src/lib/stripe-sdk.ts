/**
 * The Stripe SDK as payments and tax both use it. STRIPE_API_BASE points it at another host (tests run a
 * fake Stripe on 127.0.0.1).
 */
import Stripe from "stripe";

/** What a client needs of the configuration's Stripe settings. */
export interface StripeConnection {
  secretKey: string;
  /** STRIPE_API_BASE, or null for Stripe itself. */
  apiBase: string | null;
}

export function sdkOptions(apiBase: string | null): Stripe.StripeConfig {
  // The SDK retries a failed call itself, sending the same Idempotency-Key each time.
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol.replace(":", "") as "http" | "https";
  return { ...options, host: url.hostname, port: Number(url.port || (protocol === "https" ? 443 : 80)), protocol };
}

/** A client with the secret key, talking to Stripe or to STRIPE_API_BASE. */
export const stripeClient = (config: StripeConnection) => new Stripe(config.secretKey, sdkOptions(config.apiBase));
