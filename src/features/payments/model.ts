import { t } from "elysia";

export const PaymentModel = {
  createIntentBody: t.Object({
    plan: t.Union([t.Literal("month"), t.Literal("pro"), t.Literal("lifetime")], { error: "Please choose a plan: month, pro or lifetime." }),
    email: t.String({ format: "email", maxLength: 254, error: "Please enter a valid email address." }),
  }),
  successQuery: t.Object({
    payment_intent: t.String({ minLength: 1, maxLength: 255, error: "payment_intent is required." }),
    redirect_status: t.Optional(t.String({ maxLength: 64 })),
  }),
  demoConfirmBody: t.Object({
    clientSecret: t.String({ minLength: 1, maxLength: 255, error: "clientSecret is required." }),
    cardNumber: t.Optional(t.String({ maxLength: 32 })),
  }),
};
