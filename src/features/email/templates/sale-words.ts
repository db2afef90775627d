/** What the e-mails about a sale say of its money and its plan, in the sale's language. */
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { formatMoney } from "@shared/intl-formats";
import { formatDollars } from "@shared/plans";
import { emailWords } from "./words";

/**
 * `cents` of `currency` for `language`: "24,99 $" in German, "US$ 24,99" in Brazilian Portuguese (Intl). English
 * dollars keep the form these e-mails always had ("$1999.00", no grouping).
 */
export function emailMoney(language: SiteLanguage | undefined, cents: number, currency = "usd"): string {
  if ((language ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE && currency.toLowerCase() === "usd")
    return `$${formatDollars(cents)}`;
  return formatMoney(language, cents, currency);
}

/** "4 Month Pro", or "4 Month Pro × 5 seats" ("× 5 Plätze"): the plan's name is the operator's, as entered. */
export function planWithSeatsIn(language: SiteLanguage | undefined, planName: string, seats: number): string {
  if (seats === 1) return planName;
  const t = emailWords(language);
  return t("checkout.planTimesSeats", { plan: planName, seats: t("checkout.seatCount", { count: seats }) });
}

/** "4 Month Pro — 2 added seats" ("— 2 zusätzliche Plätze"). */
export const addedSeatsIn = (language: SiteLanguage | undefined, planName: string, seats: number): string =>
  emailWords(language)("email.sale.addedSeats", { plan: planName, count: seats });
