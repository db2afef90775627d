/** The e-mails about a licence's seats beyond the purchase's own: seats added mid-term. */
import { createElement } from "react";
import { t } from "elysia";
import { PRODUCT_NAME } from "@shared/product";
import { define, text } from "./definition";
import { seatsUrl } from "./links";

/** When the buyer agreed to immediate supply (ISO) and the wording's version; absent when checkout did not ask. */
const withdrawalConsentFields = {
  withdrawalConsentAt: t.Optional(text),
  withdrawalConsentVersion: t.Optional(text),
};

export const SEAT_EMAILS = {
  /** After seats were added from the dashboard: they are the account's already, no key. */
  "added-seats-receipt": define({
    title: "Added seats receipt",
    sentWhen: "After seats were added to a running subscription from the dashboard.",
    sample: { description: "4 Month Pro — 2 added seats", seats: 7, amountPaid: "$18.74" },
    payload: t.Object({
      description: text,
      seats: t.Integer({ minimum: 1 }),
      amountPaid: text,
      invoiceUrl: t.Optional(text),
      ...withdrawalConsentFields,
    }),
    subject: ({ description }) => `${description}: your ${PRODUCT_NAME} receipt`,
    element: async (
      { description, seats, amountPaid, invoiceUrl, withdrawalConsentAt, withdrawalConsentVersion },
      appUrl,
    ) =>
      createElement((await import("./added-seats-receipt")).AddedSeatsReceiptEmail, {
        description,
        seats,
        amountPaid,
        seatsUrl: seatsUrl(appUrl),
        invoiceUrl,
        withdrawalConsent: { at: withdrawalConsentAt, version: withdrawalConsentVersion },
      }),
  }),
};
