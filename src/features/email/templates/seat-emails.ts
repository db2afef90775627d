/** The e-mails about a licence's seats beyond the purchase's own: seats added mid-term. */
import { createElement } from "react";
import { t } from "elysia";
import type { SiteLanguage } from "@shared/languages";
import { emailWords } from "./words";
import { define, emailLanguage, text } from "./definition";
import { addedSeatsIn } from "../../../lib/catalogue-words";
import { seatsUrl } from "./links";
import { paidAmount, paidFields } from "./sale-words";

/** When the buyer agreed to immediate supply (ISO) and the wording's version; absent when checkout did not ask. */
const withdrawalConsentFields = {
  withdrawalConsentAt: t.Optional(text),
  withdrawalConsentVersion: t.Optional(text),
};

/** What the seats were added to, in the receipt's language (English as written for receipts queued before). */
const addedSeatsDescription = (payload: {
  description: string;
  planName?: string;
  addedSeats?: number;
  language?: SiteLanguage;
}) =>
  payload.planName && payload.addedSeats
    ? addedSeatsIn(payload.language, payload.planName, payload.addedSeats)
    : payload.description;

export const SEAT_EMAILS = {
  /** After seats were added from the dashboard: they are the account's already, no key. */
  "added-seats-receipt": define({
    title: "Added seats receipt",
    sentWhen: "After seats were added to a running subscription from the dashboard.",
    sample: {
      description: "4 Month Pro — 2 added seats",
      planName: "4 Month Pro",
      addedSeats: 2,
      seats: 7,
      amountCents: 1874,
      currency: "usd",
    },
    payload: t.Object({
      // "4 Month Pro — 2 added seats" in English; with planName and addedSeats, said in the e-mail's language.
      description: text,
      planName: t.Optional(text),
      addedSeats: t.Optional(t.Integer({ minimum: 1 })),
      seats: t.Integer({ minimum: 1 }),
      // Absent from receipts queued before amounts were kept: amountPaid ("$18.74").
      ...paidFields,
      invoiceUrl: t.Optional(text),
      ...withdrawalConsentFields,
      // The language of the added seats' checkout.
      language: emailLanguage,
    }),
    subject: (payload) =>
      emailWords(payload.language)("email.sale.seats.subject", { description: addedSeatsDescription(payload) }),
    element: async (payload, appUrl) =>
      createElement((await import("./added-seats-receipt")).AddedSeatsReceiptEmail, {
        description: addedSeatsDescription(payload),
        seats: payload.seats,
        amountPaid: paidAmount(payload) ?? "",
        seatsUrl: seatsUrl(appUrl, payload.language),
        invoiceUrl: payload.invoiceUrl,
        withdrawalConsent: { at: payload.withdrawalConsentAt, version: payload.withdrawalConsentVersion },
        language: payload.language,
      }),
  }),
};
