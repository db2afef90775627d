import type { Config } from "../../config";
import { createDemoTaxProvider } from "./demo/provider";
import type { TaxProvider } from "./provider";
import { stripeTaxProviderOnFirstCall } from "./stripe/on-first-call";

/** TAX=stripe → Stripe Tax, TAX=demo → the demo rates, TAX=off → none (prices as listed, no tax). */
export function buildTaxProvider(config: Config): TaxProvider | null {
  if (config.tax.mode === "stripe") return stripeTaxProviderOnFirstCall(config.stripe!);
  if (config.tax.mode === "demo") return createDemoTaxProvider();
  return null;
}
