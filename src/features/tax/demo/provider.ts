/**
 * The demo tax provider (TAX=demo): a handful of made-up-for-demonstration rates so the whole flow (rates,
 * reverse charge, a rejected postal code) can be seen with nothing configured. DEMO RATES: never use them to
 * charge anyone; production refuses TAX=demo.
 */
import { newToken } from "../../../lib/random";
import { EU_COUNTRIES } from "@shared/countries";
import { TaxLocationError, type TaxProvider, type TaxRequest } from "../provider";

/** Country → [tax type, rate in percent]. Everywhere else: nothing collected, as for a seller with no registration there. */
export const DEMO_RATES: Record<string, [string, string]> = {
  DE: ["vat", "19.0"],
  FR: ["vat", "20.0"],
  NL: ["vat", "21.0"],
  IE: ["vat", "23.0"],
  ES: ["vat", "21.0"],
  IT: ["vat", "22.0"],
  GB: ["vat", "20.0"],
  NO: ["vat", "25.0"],
  AU: ["gst", "10.0"],
  NZ: ["gst", "15.0"],
  CA: ["gst", "5.0"],
  JP: ["jct", "10.0"],
};

const POSTAL_FORMS: Record<string, RegExp> = { US: /^\d{5}(-\d{4})?$/, CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i };
/** Business IDs that shift the tax to the buyer (reverse charge) in this demo. */
const REVERSE_CHARGE_TYPES = new Set(["eu_vat", "gb_vat", "ch_vat", "no_vat"]);

const TAX_NAMES: Record<string, string> = { vat: "VAT", gst: "GST", jct: "JCT" };

export function createDemoTaxProvider(): TaxProvider {
  return {
    name: "demo",

    async calculate(request: TaxRequest) {
      const postalForm = POSTAL_FORMS[request.country];
      if (postalForm && !postalForm.test(request.postalCode ?? "")) {
        throw new TaxLocationError(`"${request.postalCode ?? ""}" is not a postal code we can place in this country.`);
      }
      const calculationId = `taxcalc_demo_${newToken(12).replace(/[-_]/g, "x")}`;
      const rate = DEMO_RATES[request.country];
      const reverseCharge =
        !!rate &&
        !!request.taxId &&
        REVERSE_CHARGE_TYPES.has(request.taxId.type) &&
        (EU_COUNTRIES.includes(request.country) || request.country === "GB" || request.country === "NO");
      if (!rate || reverseCharge) {
        return {
          calculationId,
          totalCents: request.amountCents,
          taxCents: 0,
          ratePercent: "0.0",
          name: TAX_NAMES[rate?.[0] ?? ""] ?? "Tax",
          country: request.country,
          reason: reverseCharge ? "reverse_charge" : "not_collecting",
        };
      }
      const [type, percent] = rate;
      const bps = Math.round(Number(percent) * 100);
      // Inclusive: the price contains the tax; exclusive: it comes on top. Rounded to the cent, as Stripe does.
      const taxCents =
        request.behavior === "inclusive"
          ? request.amountCents - Math.round((request.amountCents * 10_000) / (10_000 + bps))
          : Math.round((request.amountCents * bps) / 10_000);
      return {
        calculationId,
        taxCents,
        ratePercent: percent,
        name: TAX_NAMES[type] ?? "Tax",
        country: request.country,
        reason: "standard_rated",
        totalCents: request.behavior === "inclusive" ? request.amountCents : request.amountCents + taxCents,
      };
    },

    async recordTransaction({ reference }) {
      return `tax_demo_${reference}`;
    },

    async reverse({ reference }) {
      return `tax_demo_reversal_${reference}`;
    },
  };
}
