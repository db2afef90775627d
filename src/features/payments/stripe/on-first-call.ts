/**
 * The Stripe provider as the server builds it: the Stripe SDK loads with the first call to Stripe, not
 * at start (docs/architecture.md#decisions); the provider itself is ./provider.ts.
 */
import type { StripeConfig } from "../../../config";
import { lazyModule } from "../../../lib/lazy-module";
import type { PaymentProvider } from "../provider";

const loadStripeProvider = lazyModule("Stripe payments (the Stripe SDK)", () => import("./provider"));

export function stripeProviderOnFirstCall(config: StripeConfig): PaymentProvider {
  let built: Promise<PaymentProvider> | null = null;
  const provider = () => (built ??= loadStripeProvider().then((module) => module.createStripeProvider(config)));
  return {
    name: "stripe",
    createIntent: async (input) => (await provider()).createIntent(input),
    refund: async (input) => (await provider()).refund(input),
    retrieveIntent: async (id) => (await provider()).retrieveIntent(id),
    cancelIntent: async (id) => (await provider()).cancelIntent(id),
    retrieveDispute: async (id) => (await provider()).retrieveDispute(id),
    paymentIntentOfCharge: async (id) => (await provider()).paymentIntentOfCharge(id),
    verifyWebhook: async (rawBody, signature) => (await provider()).verifyWebhook(rawBody, signature),
  };
}
