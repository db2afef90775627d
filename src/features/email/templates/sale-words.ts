/** Money as the e-mails about a sale write it, in the sale's language. */
import { t } from "elysia";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { formatMoney } from "@shared/intl-formats";
import { formatDollars } from "@shared/plans";
import { text } from "./definition";

/**
 * `cents` of `currency` for `language`: "24,99 $" in German, "US$ 24,99" in Brazilian Portuguese (Intl). English
 * dollars keep the form these e-mails always had ("$1999.00", no grouping).
 */
export function emailMoney(language: SiteLanguage | undefined, cents: number, currency = "usd"): string {
  if ((language ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE && currency.toLowerCase() === "usd")
    return `$${formatDollars(cents)}`;
  return formatMoney(language, cents, currency);
}

/** What a receipt says was paid: cents and currency; receipts queued before carry it written out ("$6.99"). */
export const paidFields = {
  amountCents: t.Optional(t.Integer({ minimum: 0 })),
  currency: t.Optional(text),
  amountPaid: t.Optional(text),
};

/** The amount a receipt's payload says was paid, in its language (as written for receipts queued before). */
export const paidAmount = (payload: {
  amountCents?: number;
  currency?: string;
  amountPaid?: string;
  language?: SiteLanguage;
}): string | undefined =>
  payload.amountCents === undefined
    ? payload.amountPaid
    : emailMoney(payload.language, payload.amountCents, payload.currency);
