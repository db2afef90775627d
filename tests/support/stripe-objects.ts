/**
 * Stripe objects as a Stripe account holds them when they aren't the store's own: a payment intent another
 * product on the same account created (no plan in its metadata), and a dispute opened as an inquiry
 * (`warning_needs_response`: no funds withdrawn yet). Shapes follow Stripe's API reference; values are ours.
 */
export const foreignPaymentIntent = {
  id: "pi_foreign_0001",
  object: "payment_intent" as const,
  amount: 1099,
  amount_capturable: 0,
  amount_received: 0,
  capture_method: "automatic",
  client_secret: "pi_foreign_0001_secret_foreign",
  confirmation_method: "automatic",
  created: 1_700_000_000,
  currency: "usd",
  customer: null,
  description: "A sale of another product on the same Stripe account",
  last_payment_error: null,
  latest_charge: null,
  livemode: false,
  metadata: {},
  next_action: null,
  payment_method: null,
  payment_method_types: ["card"],
  receipt_email: null,
  status: "requires_payment_method" as string,
};

export const inquiryDispute = {
  id: "dp_inquiry_0001",
  object: "dispute" as const,
  amount: 1000,
  balance_transactions: [] as unknown[],
  charge: "ch_foreign_0001",
  created: 1_700_000_000,
  currency: "usd",
  evidence_details: { due_by: 1_700_900_000, has_evidence: false, past_due: false, submission_count: 0 },
  is_charge_refundable: true,
  livemode: false,
  metadata: {},
  payment_intent: null as string | null,
  payment_method_details: { type: "card", card: { brand: "visa", case_type: "inquiry", network_reason_code: "10.4" } },
  reason: "general",
  status: "warning_needs_response",
};
