/** Days, moments and money as an account's e-mails write them, through Intl in the e-mail's language. */
import type { SiteLanguage } from "@shared/languages";
import { formatLongDay, formatMoney, intlLocale } from "@shared/intl-formats";

/** A day: "December 1, 2026", "1. Dezember 2026" (UTC). */
export const emailDay = (iso: string, language?: SiteLanguage) => formatLongDay(language, iso);

/** A day and its time: "December 1, 2026 at 12:00 PM UTC", "1. Dezember 2026 um 12:00 UTC". */
export const emailMoment = (iso: string, language?: SiteLanguage) =>
  new Date(iso).toLocaleString(intlLocale(language), {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

/** An amount in cents of `currency` (lower or upper case ISO code): "$24.99", "24,99 $", "US$ 24,99". */
export const emailMoney = (cents: number, currency: string, language?: SiteLanguage) =>
  formatMoney(language, cents, currency);
