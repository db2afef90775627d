/** Money as the e-mails about a sale write it, in the sale's language. */
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { formatMoney } from "@shared/intl-formats";
import { formatDollars } from "@shared/plans";

/**
 * `cents` of `currency` for `language`: "24,99 $" in German, "US$ 24,99" in Brazilian Portuguese (Intl). English
 * dollars keep the form these e-mails always had ("$1999.00", no grouping).
 */
export function emailMoney(language: SiteLanguage | undefined, cents: number, currency = "usd"): string {
  if ((language ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE && currency.toLowerCase() === "usd")
    return `$${formatDollars(cents)}`;
  return formatMoney(language, cents, currency);
}
