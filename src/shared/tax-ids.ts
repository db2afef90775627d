/**
 * A business tax ID's type, inferred from the buyer's country and the ID's form. Stripe Tax does not check that
 * an ID exists, and a reverse charge on a made-up ID is the seller's risk, so at least the form is checked here.
 */
import { countryName, EU_COUNTRIES } from "./countries";
import { TAX_ID_EXAMPLES } from "./tax-id-examples";

/** The number after the country prefix, per EU country (the common forms; VIES has the last word). */
const EU_VAT_FORMS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^\d{11}$/,
  LT: /^\d{9}(\d{3})?$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The prefixes whose numbers come in more than one length (above). */
const VARIABLE_LENGTH = new Set(["BG", "CZ", "IE", "LT", "RO"]);

const OTHER_FORMS: Record<string, { type: string; form: RegExp; prefix?: string }> = {
  GB: { type: "gb_vat", form: /^GB(\d{9}|\d{12})$/, prefix: "GB" },
  CH: { type: "ch_vat", form: /^CHE\d{9}(MWST|TVA|IVA)$/ },
  NO: { type: "no_vat", form: /^\d{9}MVA$/ },
  AU: { type: "au_abn", form: /^\d{11}$/ },
  NZ: { type: "nz_gst", form: /^\d{8,9}$/ },
  CA: { type: "ca_bn", form: /^\d{9}$/ },
  US: { type: "us_ein", form: /^\d{2}-\d{7}$/ },
  JP: { type: "jp_trn", form: /^T\d{13}$/ },
  IN: { type: "in_gst", form: /^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/ },
};

export type TaxIdCheck = { ok: true; type: string; value: string } | { ok: false; message: string };

export function inferTaxId(country: string, raw: string): TaxIdCheck {
  const compact = raw.toUpperCase().replace(/[\s.]/g, "");
  if (EU_COUNTRIES.includes(country)) {
    const prefix = country === "GR" ? "EL" : country;
    const number = compact.startsWith(prefix) ? compact.slice(2) : compact.replace(/-/g, "");
    if (EU_VAT_FORMS[prefix]?.test(number.replace(/-/g, "")))
      return { ok: true, type: "eu_vat", value: `${prefix}${number.replace(/-/g, "")}` };
    return { ok: false, message: vatRefusal(country, prefix, number.replace(/-/g, "")) };
  }
  const other = OTHER_FORMS[country];
  if (!other)
    return {
      ok: false,
      message: "We can't take a business tax ID from this country at checkout; please leave the field empty.",
    };
  const value = other.type === "us_ein" ? compact : compact.replace(/-/g, "");
  const withPrefix = other.prefix && !value.startsWith(other.prefix) ? `${other.prefix}${value}` : value;
  if (other.form.test(withPrefix)) return { ok: true, type: other.type, value: withPrefix };
  return {
    ok: false,
    message: `That doesn't look like a tax ID from ${countryName(country)}, which looks like ${TAX_ID_EXAMPLES[country]}. Please check it, or leave the field empty.`,
  };
}

/**
 * What is wrong with an EU VAT number, in the buyer's terms: too short or too long for the country's form (most
 * have one length), else the wrong characters; each with the country's example.
 */
function vatRefusal(country: string, prefix: string, number: string): string {
  const example = TAX_ID_EXAMPLES[country]!;
  const expected = example.length - prefix.length;
  const name = countryName(country);
  if (number.length !== expected && !VARIABLE_LENGTH.has(prefix)) {
    return `A VAT number from ${name} has ${expected} characters after ${prefix}, like ${example}; this one has ${number.length}.`;
  }
  return `That doesn't look like a VAT number from ${name}: it should look like ${example}.`;
}
