/**
 * Stripe Tax as the server builds it: the Stripe SDK loads with the first tax call, not at start
 * (docs/architecture.md#decisions); the provider itself is ./provider.ts.
 */
import type { StripeConfig } from "../../../config";
import { lazyModule } from "../../../lib/lazy-module";
import type { TaxProvider } from "../provider";

const loadStripeTaxProvider = lazyModule("Stripe Tax (the Stripe SDK)", () => import("./provider"));

export function stripeTaxProviderOnFirstCall(config: StripeConfig): TaxProvider {
  let built: Promise<TaxProvider> | null = null;
  const provider = () => (built ??= loadStripeTaxProvider().then((module) => module.createStripeTaxProvider(config)));
  return {
    name: "stripe",
    calculate: async (request) => (await provider()).calculate(request),
    recordTransaction: async (input) => (await provider()).recordTransaction(input),
    reverse: async (input) => (await provider()).reverse(input),
  };
}
