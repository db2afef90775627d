import { t, type Static } from "./type-system";
import { emailField, oneOf, planIdField } from "./common";

export const PaymentModel = {
  createIntentBody: t.Object({
    plan: planIdField("Please choose a plan: month, pro or lifetime."),
    email: emailField,
  }),
  successQuery: t.Object({
    payment_intent: t.String({ minLength: 1, maxLength: 255, error: "payment_intent is required." }),
    payment_intent_client_secret: t.Optional(t.String({
      maxLength: 255,
      description: "The intent's client secret, as in the card provider's return URL: when it matches, the answer adds the key.",
    })),
    redirect_status: t.Optional(t.String({ maxLength: 64 })),
  }),
  demoConfirmBody: t.Object({
    clientSecret: t.String({ minLength: 1, maxLength: 255, error: "clientSecret is required." }),
    cardNumber: t.Optional(t.String({ maxLength: 32 })),
  }),
  intent: t.Object({
    clientSecret: t.String(),
    provider: oneOf(["stripe", "demo"], { description: "Which card form the purchase dialog shows." }),
  }),
  /** The payment result page's answer: the plan's name, or why no key was issued. */
  result: t.Object({
    success: t.Boolean(),
    plan: t.Optional(t.String({ description: "The plan's name, when success is true." })),
    error: t.Optional(t.String({ description: "Why no key was issued, when success is false." })),
    processing: t.Optional(t.Literal(true, { description: "The payment is still processing: the key is e-mailed when it completes." })),
    productKey: t.Optional(t.String({ description: "The key bought, only with the intent's matching client secret." })),
    email: t.Optional(t.String({ description: "Where the key was e-mailed, only with the matching client secret." })),
  }),
  demoConfirmed: t.Object({ paymentIntentId: t.String(), status: t.Literal("succeeded") }),
  webhookReceived: t.Object({ received: t.Literal(true), duplicate: t.Optional(t.Literal(true)) }),
};

export type PaymentIntentResponse = Static<typeof PaymentModel.intent>;
export type PaymentResultResponse = Static<typeof PaymentModel.result>;
export type DemoConfirmResponse = Static<typeof PaymentModel.demoConfirmed>;
export type WebhookAnswer = Static<typeof PaymentModel.webhookReceived>;
export type CreateIntentBody = Static<typeof PaymentModel.createIntentBody>;
export type DemoConfirmBody = Static<typeof PaymentModel.demoConfirmBody>;
