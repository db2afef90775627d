import { t, type Static } from "./type-system";
import { BodyInt, emailField, Int, oneOf, planIdField } from "./common";
import { INVALID_SEATS_MESSAGE, MAX_SEATS, MIN_SEATS } from "../seats";
import { TaxModel } from "./tax";
import { SITE_LANGUAGES } from "../languages";

/** As the buyer typed it; letters, digits and dashes, any case. Empty means none. */
export const promotionCodeField = t.String({
  maxLength: 40,
  pattern: "^[A-Za-z0-9-]*$",
  description: "A promotion code (letters, digits and dashes, any case); empty for none.",
  error: "A promotion code has only letters, digits and dashes.",
});

/** How many people a purchase licenses; anything else is 422 INVALID_SEATS, with a sentence for the buyer. */
export const seatsField = BodyInt({
  minimum: MIN_SEATS,
  maximum: MAX_SEATS,
  error: INVALID_SEATS_MESSAGE,
  errorCode: "INVALID_SEATS",
  description: `How many people the purchase licenses, each with a plugin key of their own (${MIN_SEATS}–${MAX_SEATS}; absent means 1). The price is the plan's times the seats; a promotion code and tax apply to that total. One product key carries all of them.`,
});

/** What the buyer pays, line by line, in dollars: the price fixed into the payment. */
export const quoteLines = t.Object(
  {
    seats: Int({ description: "How many people the purchase licenses." }),
    unitPrice: t.Number({
      description: "What one seat costs: the plan's catalogue price, or for added seats its part for the days left.",
    }),
    addedSeats: t.Optional(
      t.Object(
        {
          planPrice: t.Number({ description: "The plan's catalogue price for one seat for its whole length." }),
          daysLeft: t.Union([Int(), t.Null()], {
            description: "Whole days left to the subscription's end (at least 1); null for lifetime access.",
          }),
          planDays: t.Union([Int(), t.Null()], { description: "The plan's length in days; null for lifetime." }),
        },
        {
          description:
            "Present when the payment adds seats to the running subscription: unitPrice = planPrice × daysLeft ÷ planDays, rounded to the cent (lifetime: planPrice).",
        },
      ),
    ),
    listPrice: t.Number({ description: "The plan's catalogue price times the seats." }),
    discount: t.Number({ description: "What the promotion code takes off (0 without one)." }),
    promotionCode: t.Union([t.String(), t.Null()], { description: "The code applied, upper-case, or null." }),
    subtotal: t.Number({ description: "listPrice − discount." }),
    tax: t.Number({ description: "Tax on the subtotal (0: no tax is charged)." }),
    total: t.Number({ description: "What the card is charged." }),
  },
  { description: "What the buyer pays, computed on the server." },
);

/** The browser's own open payment, proven by its client secret. */
const openPayment = t.Object({
  paymentIntentId: t.String({ minLength: 1, maxLength: 255 }),
  clientSecret: t.String({ minLength: 1, maxLength: 255 }),
});

/** What the buyer says in the purchase dialog besides the plan and the code (purchases and renewals alike). */
export const buyerChoices = {
  language: t.Optional(
    oneOf(SITE_LANGUAGES, {
      error: `language must be one the site is written in: ${SITE_LANGUAGES.join(", ")}.`,
      description:
        "The language the checkout is shown in (the page's), kept with the sale and its consent to immediate supply; absent means en.",
    }),
  ),
  previous: t.Optional(
    t.Object(openPayment.properties, {
      description:
        "The payment this browser opened before (its id and client secret). When it still matches what is asked (plan, code, amount, billing details) it is answered again, its hold renewed; otherwise it is cancelled and its promotion use given back before the new one is made.",
    }),
  ),
  withdrawalConsent: t.Optional(
    t.Boolean({
      description:
        "The buyer ticked the box agreeing to immediate supply and to losing the 14-day right of withdrawal. Required (else 422 WITHDRAWAL_CONSENT_REQUIRED) for a billing country in the EU/EEA when tax is on, and for everyone with WITHDRAWAL_CONSENT=always.",
    }),
  ),
  companyName: t.Optional(
    t.String({ maxLength: 120, description: "Buying for a business: the company's name, printed on the invoice." }),
  ),
  companyAddress: t.Optional(
    t.String({
      maxLength: 300,
      description: "The company's address (lines separated by new lines), printed on the invoice.",
    }),
  ),
};

export const PaymentModel = {
  createIntentBody: t.Object({
    plan: planIdField("Please choose a plan: month, pro or lifetime."),
    email: emailField,
    promotionCode: t.Optional(promotionCodeField),
    seats: t.Optional(seatsField),
    ...TaxModel.buyerLocation,
    ...buyerChoices,
  }),
  cancelBody: openPayment,
  canceled: t.Object({
    status: oneOf(["released", "paid", "processing"], {
      description:
        "released: the payment can no longer be paid and its promotion use is free again; paid: it was paid meanwhile (and is fulfilled); processing: the bank is still deciding.",
    }),
    takenOver: t.Optional(
      t.Literal(true, {
        description:
          "Present when the payment had been cancelled already because the same buyer started a payment with the same once-per-buyer code after it (in another window), which goes on: not a failed payment.",
      }),
    ),
  }),
  successQuery: t.Object({
    payment_intent: t.String({ minLength: 1, maxLength: 255, error: "payment_intent is required." }),
    payment_intent_client_secret: t.Optional(
      t.String({
        maxLength: 255,
        description:
          "The intent's client secret, as in the card provider's return URL: when it matches, the answer adds the key.",
      }),
    ),
    redirect_status: t.Optional(t.String({ maxLength: 64 })),
  }),
  demoConfirmBody: t.Object({
    clientSecret: t.String({ minLength: 1, maxLength: 255, error: "clientSecret is required." }),
    cardNumber: t.Optional(t.String({ maxLength: 32 })),
  }),
  intent: t.Object({
    clientSecret: t.String(),
    paymentIntentId: t.String({ description: "The payment's id (the result page's payment_intent)." }),
    provider: oneOf(["stripe", "demo", "free"], {
      description:
        "Which card form the purchase dialog shows; 'free': the order is already complete (no card), open the result page with this id and client secret.",
    }),
    quote: quoteLines,
    breakdown: TaxModel.breakdown,
  }),
  /** The payment result page's answer: the plan's name, or why no key was issued. */
  result: t.Object({
    success: t.Boolean(),
    plan: t.Optional(t.String({ description: "The plan's name, when success is true." })),
    error: t.Optional(t.String({ description: "Why no key was issued, when success is false." })),
    processing: t.Optional(
      t.Literal(true, { description: "The payment is still processing: the key is e-mailed when it completes." }),
    ),
    refunded: t.Optional(
      t.Literal(true, {
        description: "The payment was refunded: no key is issued, and one issued before no longer counts.",
      }),
    ),
    productKey: t.Optional(t.String({ description: "The key bought, only with the intent's matching client secret." })),
    seats: t.Optional(
      Int({ description: "How many people the key licenses, only with the intent's matching client secret." }),
    ),
    email: t.Optional(t.String({ description: "Where the key was e-mailed, only with the matching client secret." })),
    amountPaid: t.Optional(
      t.Number({ description: "What the card was charged, in dollars, only with the matching client secret." }),
    ),
    invoiceUrl: t.Optional(
      t.String({ description: "The signed link to the sale's invoice (PDF), only with the matching client secret." }),
    ),
  }),
  demoConfirmed: t.Object({ paymentIntentId: t.String(), status: t.Literal("succeeded") }),
  webhookReceived: t.Object({ received: t.Literal(true), duplicate: t.Optional(t.Literal(true)) }),
};

export type PaymentIntentResponse = Static<typeof PaymentModel.intent>;
export type PaymentResultResponse = Static<typeof PaymentModel.result>;
export type DemoConfirmResponse = Static<typeof PaymentModel.demoConfirmed>;
export type WebhookAnswer = Static<typeof PaymentModel.webhookReceived>;
export type QuoteLines = Static<typeof quoteLines>;
export type CreateIntentBody = Static<typeof PaymentModel.createIntentBody>;
export type DemoConfirmBody = Static<typeof PaymentModel.demoConfirmBody>;
export type CancelPaymentBody = Static<typeof PaymentModel.cancelBody>;
export type CancelPaymentResponse = Static<typeof PaymentModel.canceled>;
