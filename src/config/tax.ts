/**
 * Sales tax (TAX, TAX_BEHAVIOR, STRIPE_TAX_CODE) and the seller invoices name (SELLER_*), read together
 * because taxing through Stripe needs Stripe and a seller's name.
 */
import type { Config } from "./types";
import { DEFAULT_EMAIL_FROM } from "./providers";

/**
 * Stripe's tax code for "Downloadable Software - Personal Use": a licence key for software the buyer downloads.
 * (txcd_10201000 is video games, the wrong category for a design-import plugin.)
 */
export const DEFAULT_STRIPE_TAX_CODE = "txcd_10202000";

/** The bare address of "Name <addr@host>". */
const addressOf = (from: string) => /<\s*([^<>\s]+)\s*>/.exec(from)?.[1] ?? from;

export function parseTaxConfig(
  value: (name: string) => string | undefined,
  mode: Config["env"],
  stripeConfigured: boolean,
  problems: string[],
): Pick<Config, "tax" | "seller"> {
  const taxMode = value("TAX") ?? "off";
  if (taxMode !== "off" && taxMode !== "stripe" && taxMode !== "demo")
    problems.push(`TAX must be off, stripe or demo; got "${taxMode}"`);
  if (taxMode === "stripe" && !stripeConfigured)
    problems.push("TAX=stripe needs Stripe configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)");
  if (taxMode === "demo" && mode === "production")
    problems.push("TAX=demo uses made-up demo rates and cannot be used in production; use TAX=stripe or TAX=off");
  // Every sale is invoiced, so production always needs the seller's address; the name too when taxing.
  if (mode === "production" && !value("SELLER_ADDRESS"))
    problems.push("SELLER_ADDRESS is required in production (it goes on every invoice)");
  if (taxMode === "stripe" && mode === "production" && !value("SELLER_NAME"))
    problems.push("SELLER_NAME is required in production with TAX=stripe (it goes on every invoice)");
  const taxBehavior = value("TAX_BEHAVIOR") ?? "inclusive";
  if (taxBehavior !== "inclusive" && taxBehavior !== "exclusive")
    problems.push(`TAX_BEHAVIOR must be inclusive or exclusive; got "${taxBehavior}"`);
  const stripeTaxCode = value("STRIPE_TAX_CODE") ?? DEFAULT_STRIPE_TAX_CODE;
  if (!/^txcd_\d{8}$/.test(stripeTaxCode))
    problems.push(`STRIPE_TAX_CODE must be a Stripe tax code like ${DEFAULT_STRIPE_TAX_CODE}; got "${stripeTaxCode}"`);
  const sellerEmail = value("SELLER_EMAIL");
  if (sellerEmail && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(sellerEmail))
    problems.push(`SELLER_EMAIL must be an address like billing@example.com; got "${sellerEmail}"`);
  return {
    tax: { mode: taxMode as Config["tax"]["mode"], behavior: taxBehavior as Config["tax"]["behavior"], stripeTaxCode },
    seller: {
      name: value("SELLER_NAME") ?? "Layerlift",
      address: value("SELLER_ADDRESS") ?? "",
      taxId: value("SELLER_TAX_ID") ?? null,
      email: sellerEmail ?? addressOf(value("EMAIL_FROM") ?? DEFAULT_EMAIL_FROM),
    },
  };
}
