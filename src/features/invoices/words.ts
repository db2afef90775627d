/**
 * An invoice's or credit note's words in the language of its sale, from the site's catalogues (the `invoice.`
 * messages, and the checkout's tax words): headings, labels, money and dates through Intl ("24,99 $",
 * "01.03.2027"). English is the document as it always read ("24.99 USD", "2027-03-01", the tax label the books use).
 */
import { countryName } from "@shared/countries";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { formatMoney, formatShortDay, intlLocale, regionName } from "@shared/intl-formats";
import { taxLabel } from "@shared/tax-label";
import { WITHDRAWAL_CONSENT_VERSION, withdrawalConsentSentence } from "@shared/withdrawal";
import { catalogueWords, type CatalogueWords } from "../../lib/catalogue-words";

export interface DocumentWords {
  t: CatalogueWords;
  money: (cents: number, currency: string) => string;
  day: (ms: number) => string;
  country: (code: string) => string;
  tax: (tax: { name: string; ratePercent: string; country: string; reason: string }, taxCents: number) => string;
  /** The confirmation of the buyer's consent to immediate supply. */
  consent: (consent: { at: number; version: string | null }) => string;
}

/** The words of a document written in `language` (English for documents issued before they had one). */
export function documentWords(language: SiteLanguage | undefined): DocumentWords {
  const tag = language ?? DEFAULT_LANGUAGE;
  const t = catalogueWords(tag);
  if (tag === DEFAULT_LANGUAGE)
    return {
      t,
      money: (cents, currency) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`,
      day: (ms) => formatShortDay(tag, ms),
      country: countryName,
      tax: (tax, taxCents) => taxLabel({ ...tax, taxCents }),
      consent: ({ at, version }) => withdrawalConsentSentence(new Date(at).toISOString(), version),
    };
  const country = (code: string) => regionName(tag, code, countryName(code));
  return {
    t,
    money: (cents, currency) => formatMoney(tag, cents, currency),
    day: (ms) => formatShortDay(tag, ms),
    country,
    tax: (tax, taxCents) => {
      if (tax.reason === "reverse_charge") return t("checkout.tax.reverseCharge");
      if (taxCents === 0) return t("checkout.tax.none");
      return t("checkout.tax.rate", {
        name: tax.name === "VAT" ? t("checkout.tax.vat") : tax.name,
        rate: new Intl.NumberFormat(intlLocale(tag), { maximumFractionDigits: 4 }).format(Number(tax.ratePercent)),
        country: country(tax.country),
      });
    },
    // The wording quoted is the one the buyer saw, in their language; an older wording was shown in English only.
    consent: ({ at, version }) =>
      version === WITHDRAWAL_CONSENT_VERSION
        ? t("email.consent", {
            at: new Date(at).toISOString().slice(0, 16).replace("T", " "),
            wording: `"${t("checkout.consent.text")}"`,
            version,
          })
        : withdrawalConsentSentence(new Date(at).toISOString(), version),
  };
}
