import type { Config } from "../../config";
import { createDemoTaxProvider } from "./demo/provider";
import type { TaxProvider } from "./provider";
import { createStripeTaxProvider } from "./stripe/provider";

/** TAX=stripe → Stripe Tax, TAX=demo → the demo rates, TAX=off → none (prices as listed, no tax). */
export function buildTaxProvider(config: Config): TaxProvider | null {
  if (config.tax.mode === "stripe") return createStripeTaxProvider(config.stripe!);
  if (config.tax.mode === "demo") return createDemoTaxProvider();
  return null;
}
