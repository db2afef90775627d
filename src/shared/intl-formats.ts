/**
 * Money, days and country names for a reader's language through Intl, as the server writes them in e-mails and
 * on invoices: "$24.99" in English, "24,99 $" in German, "US$ 24,99" in Brazilian Portuguese; "March 1, 2027",
 * "1. März 2027". English keeps the "en-US" forms the site always used.
 */
import { DEFAULT_LANGUAGE, languageInfo, type SiteLanguage } from "./languages";

/** The Intl locale of `language`: "en-US" for English, else its tag. */
export const intlLocale = (language: SiteLanguage | undefined): string =>
  !language || language === DEFAULT_LANGUAGE ? "en-US" : languageInfo(language).tag;

/** `cents` of `currency` ("usd") as the language writes money. */
export function formatMoney(language: SiteLanguage | undefined, cents: number, currency = "usd"): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** A day (ISO or ms) as the language writes it in full, in UTC: "December 1, 2026", "1. Dezember 2026". */
export function formatLongDay(language: SiteLanguage | undefined, when: string | number): string {
  return new Date(when).toLocaleDateString(intlLocale(language), {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A day as a short date in UTC: "2026-12-01" in English (as invoices always had it), "01.12.2026" in German. */
export function formatShortDay(language: SiteLanguage | undefined, when: number): string {
  if (!language || language === DEFAULT_LANGUAGE) return new Date(when).toISOString().slice(0, 10);
  return new Date(when).toLocaleDateString(intlLocale(language), {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: "UTC",
  });
}

/** A country's name in the language ("Deutschland"), or `fallback` when Intl has none. */
export function regionName(language: SiteLanguage, code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: "region" }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}
