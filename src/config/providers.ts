/**
 * The card provider (STRIPE_*) and the e-mail provider (RESEND_API_KEY, EMAIL_FROM). Outside production
 * either may be left out (demo payments, an outbox that only records); a half-configured one is a problem.
 */
import type { Config } from "./types";

export const DEFAULT_EMAIL_FROM = "Layerlift <keys@layerlift.local>";

export function parseProviderConfig(
  value: (name: string) => string | undefined,
  mode: Config["env"],
  problems: string[],
): Pick<Config, "stripe" | "stripeFallbackPublishableKey" | "resend" | "emailFrom"> {
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

  return {
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
    emailFrom: value("EMAIL_FROM") ?? DEFAULT_EMAIL_FROM,
  };
}
