/**
 * A fake Stripe API on 127.0.0.1 for the real `stripe` SDK (STRIPE_API_BASE points at it):
 * create and retrieve payment intents, create refunds (honouring Idempotency-Key), retrieve charges
 * and disputes, and sign webhook events the way Stripe does. Shapes follow Stripe's API reference
 * for the SDK's version (disputes carry their balance transactions; a webhook's objects are never expanded).
 */
import Stripe from "stripe";

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  cancellation_reason?: string | null;
  latest_charge: null | {
    id: string;
    object: "charge";
    amount_refunded: number;
    /** True once the whole amount is refunded. */
    refunded: boolean;
    balance_transaction: null | { id: string; object: "balance_transaction"; fee: number };
  };
}

export interface FakeDispute {
  id: string;
  object: "dispute";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string | null;
  reason: string;
  status: string;
  is_charge_refundable: boolean;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  balance_transactions: {
    id: string;
    object: "balance_transaction";
    amount: number;
    fee: number;
    net: number;
    currency: string;
    type: "adjustment";
    reporting_category: string;
  }[];
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** `metadata[plan]=pro&automatic_payment_methods[enabled]=true` → nested object. */
function parseForm(body: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  return out;
}

export const WEBHOOK_SECRET = "whsec_test_layerlift";

/**
 * Stripe Tax's answer for a buyer, in this fake: a few rates (DE 19 %, FR 20 %, GB 20 % VAT; New York's 8.875 %
 * sales tax for ZIP 10001), the reverse charge for an EU or UK VAT ID, nothing collected elsewhere (as for a
 * seller with no registration there), and an unplaceable US ZIP (not five digits) refused as Stripe refuses it.
 */
const FAKE_TAX_RATES: Record<string, { type: string; percent: string; state?: string }> = {
  DE: { type: "vat", percent: "19.0" },
  FR: { type: "vat", percent: "20.0" },
  GB: { type: "vat", percent: "20.0" },
  "US-10001": { type: "sales_tax", percent: "8.875", state: "NY" },
};
const FAKE_REVERSE_CHARGE = new Set(["DE", "FR", "GB", "NL", "IE", "AT"]);

export interface FakeTaxCalculation {
  id: string;
  object: "tax.calculation";
  amount_total: number;
  currency: string;
  customer: null;
  customer_details: {
    address: { country: string; postal_code: string | null };
    address_source: string;
    ip_address: null;
    tax_ids: { type: string; value: string }[];
    taxability_override: "none";
  };
  expires_at: number;
  livemode: false;
  ship_from_details: null;
  shipping_cost: null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: number;
  tax_breakdown: {
    amount: number;
    inclusive: boolean;
    tax_rate_details: {
      country: string;
      percentage_decimal: string;
      state: string | null;
      tax_type: string | null;
      flat_amount: null;
      rate_type: "percentage";
    };
    taxability_reason: string;
    taxable_amount: number;
  }[];
  tax_date: number;
  /** What the app sent for the one line (kept to check the request shape). */
  line: { amount: number; reference: string; tax_code: string; tax_behavior: string };
}

function calculateFakeTax(
  id: string,
  form: Record<string, any>,
): FakeTaxCalculation | { code: string; message: string; param?: string } {
  const line = form.line_items?.["0"];
  const address = form.customer_details?.address;
  if (!form.currency)
    return { code: "parameter_missing", message: "Missing required param: currency.", param: "currency" };
  if (!line || !/^\d+$/.test(line.amount ?? ""))
    return {
      code: "parameter_missing",
      message: "Missing required param: line_items[0][amount].",
      param: "line_items[0][amount]",
    };
  if (line.tax_behavior !== "inclusive" && line.tax_behavior !== "exclusive")
    return {
      code: "parameter_invalid",
      message: "Invalid line_items[0][tax_behavior]",
      param: "line_items[0][tax_behavior]",
    };
  if (!/^txcd_\d{8}$/.test(line.tax_code ?? ""))
    return { code: "parameter_invalid", message: "Invalid line_items[0][tax_code]", param: "line_items[0][tax_code]" };
  if (!address?.country)
    return {
      code: "customer_tax_location_invalid",
      message: "The customer's location could not be determined: a country is required",
    };
  if (form.customer_details.address_source !== "billing")
    return { code: "parameter_invalid", message: "address_source must be billing or shipping" };
  const country: string = address.country;
  const postal: string | null = address.postal_code ?? null;
  if (country === "US" && !/^\d{5}$/.test(postal ?? "")) {
    return {
      code: "customer_tax_location_invalid",
      message: `We could not determine the customer's tax location from the postal code "${postal ?? ""}"`,
    };
  }
  const taxIds = form.customer_details.tax_ids
    ? (Object.values(form.customer_details.tax_ids) as { type: string; value: string }[])
    : [];
  const amount = Number(line.amount);
  const inclusive = line.tax_behavior === "inclusive";
  const reverse =
    taxIds.some((taxId) => taxId.type === "eu_vat" || taxId.type === "gb_vat") && FAKE_REVERSE_CHARGE.has(country);
  const rate = FAKE_TAX_RATES[country === "US" ? `US-${postal}` : country];
  let tax = 0;
  if (rate && !reverse) {
    const r = Number(rate.percent) / 100;
    tax = inclusive ? amount - Math.round(amount / (1 + r)) : Math.round(amount * r);
  }
  const reason = reverse ? "reverse_charge" : rate ? "standard_rated" : "not_collecting";
  return {
    id,
    object: "tax.calculation",
    amount_total: inclusive ? amount : amount + tax,
    currency: form.currency,
    customer: null,
    customer_details: {
      address: { country, postal_code: postal },
      address_source: "billing",
      ip_address: null,
      tax_ids: taxIds,
      taxability_override: "none",
    },
    expires_at: Math.floor(Date.now() / 1000) + 90 * 86400,
    livemode: false,
    ship_from_details: null,
    shipping_cost: null,
    tax_amount_exclusive: inclusive ? 0 : tax,
    tax_amount_inclusive: inclusive ? tax : 0,
    tax_breakdown: [
      {
        amount: tax,
        inclusive,
        tax_rate_details: {
          country,
          percentage_decimal: reverse || !rate ? "0.0" : rate.percent,
          state: rate?.state ?? null,
          tax_type: rate?.type ?? (reverse ? "vat" : null),
          flat_amount: null,
          rate_type: "percentage",
        },
        taxability_reason: reason,
        taxable_amount: reverse || !rate ? 0 : inclusive ? amount - tax : amount,
      },
    ],
    tax_date: Math.floor(Date.now() / 1000),
    line: { amount, reference: line.reference, tax_code: line.tax_code, tax_behavior: line.tax_behavior },
  };
}

export function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: SeenRequest[] = [];
  const refunds: Record<string, unknown>[] = [];
  const refundsByIdempotencyKey = new Map<string, Record<string, unknown>>();
  let counter = 0;
  let refundCounter = 0;
  const disputes = new Map<string, FakeDispute>();
  let disputeCounter = 0;
  let unavailable = false;
  let failuresLeft = 0;
  const taxCalculations = new Map<string, FakeTaxCalculation>();
  const taxTransactions: Record<string, any>[] = [];
  const taxByIdempotencyKey = new Map<string, Record<string, any>>();
  let taxUnavailable = false;
  let taxCounter = 0;
  /** Runs after a refund is made and before Stripe answers for it: what happens meanwhile (a webhook delivered). */
  let beforeRefundAnswer: ((refund: Record<string, unknown>) => Promise<void>) | null = null;

  const error = (status: number, message: string, code = "resource_missing") =>
    Response.json({ error: { type: "invalid_request_error", code, message } }, { status });

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const body = await request.text();
      requests.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(request.headers),
        body,
      });
      if (unavailable || failuresLeft > 0) {
        failuresLeft = Math.max(0, failuresLeft - 1);
        return Response.json({ error: { type: "api_error", message: "Service unavailable" } }, { status: 503 });
      }

      if (url.pathname.startsWith("/v1/tax/")) {
        if (taxUnavailable)
          return Response.json({ error: { type: "api_error", message: "Service unavailable" } }, { status: 503 });
        const form = parseForm(body);
        if (request.method === "POST" && url.pathname === "/v1/tax/calculations") {
          const result = calculateFakeTax(`taxcalc_fake_${++taxCounter}`, form);
          if (!("id" in result))
            return Response.json({ error: { type: "invalid_request_error", ...result } }, { status: 400 });
          taxCalculations.set(result.id, result);
          return Response.json(result);
        }
        const key = request.headers.get("idempotency-key");
        if (key && taxByIdempotencyKey.has(key)) return Response.json(taxByIdempotencyKey.get(key));
        let made: Record<string, any> | null = null;
        if (request.method === "POST" && url.pathname === "/v1/tax/transactions/create_from_calculation") {
          const calculation = taxCalculations.get(form.calculation);
          if (!calculation) return error(404, `No such tax calculation: '${form.calculation}'`);
          if (!form.reference) return error(400, "Missing required param: reference.", "parameter_missing");
          if (taxTransactions.some((t) => t.reference === form.reference))
            return error(
              400,
              `A transaction with reference ${form.reference} already exists.`,
              "tax_transaction_reference_taken",
            );
          made = {
            id: `tax_fake_${++taxCounter}`,
            object: "tax.transaction",
            type: "transaction",
            reference: form.reference,
            currency: calculation.currency,
            reversal: null,
            calculation: calculation.id,
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            metadata: {},
          };
        } else if (request.method === "POST" && url.pathname === "/v1/tax/transactions/create_reversal") {
          const original = taxTransactions.find((t) => t.id === form.original_transaction && t.type === "transaction");
          if (!original) return error(404, `No such tax transaction: '${form.original_transaction}'`);
          if (form.mode !== "full" && form.mode !== "partial")
            return error(400, "Invalid mode: must be one of full or partial", "parameter_invalid");
          if (form.mode === "partial" && !(Number(form.flat_amount) < 0))
            return error(
              400,
              "A partial reversal needs line_items, shipping_cost or a negative flat_amount.",
              "parameter_invalid",
            );
          if (!form.reference || taxTransactions.some((t) => t.reference === form.reference))
            return error(400, "The reversal needs a reference not used before.", "parameter_invalid");
          made = {
            id: `tax_fake_${++taxCounter}`,
            object: "tax.transaction",
            type: "reversal",
            mode: form.mode,
            flat_amount: form.flat_amount === undefined ? null : Number(form.flat_amount),
            reference: form.reference,
            reversal: { original_transaction: original.id },
            created: Math.floor(Date.now() / 1000),
            livemode: false,
            metadata: {},
          };
        }
        if (!made) return error(404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
        taxTransactions.push(made);
        if (key) taxByIdempotencyKey.set(key, made);
        return Response.json(made);
      }

      if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
        const key = request.headers.get("idempotency-key");
        if (key && byIdempotencyKey.has(key)) return Response.json(intents.get(byIdempotencyKey.get(key)!));
        const form = parseForm(body);
        const id = `pi_fake_${++counter}`;
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(form.amount),
          currency: form.currency,
          status: "requires_payment_method",
          client_secret: `${id}_secret_${crypto.randomUUID().replace(/-/g, "")}`,
          metadata: form.metadata ?? {},
          receipt_email: form.receipt_email ?? null,
          latest_charge: null,
        };
        intents.set(id, intent);
        if (key) byIdempotencyKey.set(key, id);
        return Response.json(intent);
      }
      if (request.method === "POST" && url.pathname === "/v1/refunds") {
        const key = request.headers.get("idempotency-key");
        if (key && refundsByIdempotencyKey.has(key)) return Response.json(refundsByIdempotencyKey.get(key));
        const form = parseForm(body);
        const intent = intents.get(form.payment_intent);
        if (!intent) return error(404, `No such payment_intent: '${form.payment_intent}'`);
        const charge = intent.latest_charge;
        if (intent.status !== "succeeded" || !charge)
          return error(400, "This PaymentIntent does not have a successful charge to refund.");
        const amount = form.amount === undefined ? intent.amount - charge.amount_refunded : Number(form.amount);
        if (amount <= 0 || charge.amount_refunded + amount > intent.amount) {
          return error(
            400,
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - charge.amount_refunded) / 100).toFixed(2)})`,
          );
        }
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded >= intent.amount;
        const refund = {
          id: `re_${++refundCounter}`,
          object: "refund",
          amount,
          charge: charge.id,
          currency: intent.currency,
          payment_intent: intent.id,
          status: "succeeded",
          reason: null,
          metadata: {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        if (key) refundsByIdempotencyKey.set(key, refund);
        await beforeRefundAnswer?.(refund);
        return Response.json(refund);
      }
      const disputeMatch = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
      if (request.method === "GET" && disputeMatch) {
        const dispute = disputes.get(disputeMatch[1]);
        return dispute ? Response.json(dispute) : error(404, `No such dispute: '${disputeMatch[1]}'`);
      }
      const chargeMatch = /^\/v1\/charges\/([^/]+)$/.exec(url.pathname);
      if (request.method === "GET" && chargeMatch) {
        const intent = [...intents.values()].find((i) => i.latest_charge?.id === chargeMatch[1]);
        if (!intent) return error(404, `No such charge: '${chargeMatch[1]}'`);
        const charge = intent.latest_charge!;
        return Response.json({
          id: charge.id,
          object: "charge",
          amount: intent.amount,
          amount_refunded: charge.amount_refunded,
          refunded: charge.refunded,
          currency: intent.currency,
          payment_intent: intent.id,
          status: "succeeded",
          disputed: [...disputes.values()].some((d) => d.charge === charge.id),
          balance_transaction: charge.balance_transaction?.id ?? null,
        });
      }
      const cancelMatch = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (request.method === "POST" && cancelMatch) {
        const intent = intents.get(cancelMatch[1]);
        if (!intent) return error(404, `No such payment_intent: '${cancelMatch[1]}'`);
        // A card payment being processed can't be cancelled either (only some other methods can).
        if (intent.status === "succeeded" || intent.status === "canceled" || intent.status === "processing") {
          return error(
            400,
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            "payment_intent_unexpected_state",
          );
        }
        const reason = parseForm(body).cancellation_reason;
        if (reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer", "abandoned"].includes(reason))
          return error(400, `Invalid cancellation_reason: ${reason}`, "parameter_invalid");
        intent.status = "canceled";
        intent.cancellation_reason = reason ?? null;
        return Response.json(intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === "GET" && match) {
        const intent = intents.get(match[1]);
        return intent ? Response.json(intent) : error(404, `No such payment_intent: '${match[1]}'`);
      }
      return error(404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
    },
  });

  const stripe = new Stripe("sk_test_fake", {
    host: "127.0.0.1",
    port: server.port,
    protocol: "http",
    maxNetworkRetries: 0,
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    intents,
    requests,
    /** Refunds made through POST /v1/refunds, oldest first. */
    refunds,
    env: {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${server.port}`,
    } as Record<string, string>,
    /** What the card form does at Stripe: the payment succeeds, optionally with a settled fee. */
    succeed(id: string, fee: number | null = 102) {
      const intent = intents.get(id)!;
      intent.status = "succeeded";
      intent.latest_charge = {
        id: `ch_${id}`,
        object: "charge",
        amount_refunded: 0,
        refunded: false,
        balance_transaction: fee === null ? null : { id: `txn_${id}`, object: "balance_transaction", fee },
      };
      return intent;
    },
    /** A refund at Stripe: the intent stays 'succeeded', its charge records the refunded amount. */
    refund(id: string, amount?: number) {
      const intent = intents.get(id)!;
      intent.latest_charge!.amount_refunded = amount ?? intent.amount;
      intent.latest_charge!.refunded = intent.latest_charge!.amount_refunded >= intent.amount;
      return intent;
    },
    disputes,
    /** Stripe Tax: calculations made, and transactions and reversals recorded, oldest first. */
    taxCalculations,
    taxTransactions,
    /** Stripe Tax alone is down (503); payments still work. */
    setTaxUnavailable(value: boolean) {
      taxUnavailable = value;
    },
    /**
     * The buyer's bank disputes a succeeded payment: a chargeback (needs_response) takes the amount and a
     * $15 fee, shown as a balance transaction; an inquiry (warning_*) moves no money. `namesIntent: false`
     * leaves payment_intent null, as for charges not made through a payment intent.
     */
    openDispute(intentId: string, options: { status?: string; fee?: number; namesIntent?: boolean } = {}) {
      const intent = intents.get(intentId)!;
      const status = options.status ?? "needs_response";
      const fee = options.fee ?? 1500;
      const id = `du_fake_${++disputeCounter}`;
      const dispute: FakeDispute = {
        id,
        object: "dispute",
        amount: intent.amount,
        currency: intent.currency,
        charge: intent.latest_charge!.id,
        payment_intent: options.namesIntent === false ? null : intent.id,
        reason: "fraudulent",
        status,
        is_charge_refundable: false,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        metadata: {},
        balance_transactions: status.startsWith("warning_")
          ? []
          : [
              {
                id: `txn_${id}_withdrawal`,
                object: "balance_transaction",
                amount: -intent.amount,
                fee,
                net: -intent.amount - fee,
                currency: intent.currency,
                type: "adjustment",
                reporting_category: "dispute",
              },
            ],
      };
      disputes.set(id, dispute);
      return dispute;
    },
    /** The dispute moves on (won funds come back as a second balance transaction, without the fee). */
    setDisputeStatus(id: string, status: string) {
      const dispute = disputes.get(id)!;
      dispute.status = status;
      if (status === "won" && dispute.balance_transactions.length === 1) {
        dispute.balance_transactions.push({
          id: `txn_${id}_reinstated`,
          object: "balance_transaction",
          amount: dispute.amount,
          fee: 0,
          net: dispute.amount,
          currency: dispute.currency,
          type: "adjustment",
          reporting_category: "dispute_reversal",
        });
      }
      return dispute;
    },
    /** Forgets the refunds made and any outage or failures set: what each test of a file starts from. */
    /** Runs `hook` after each refund is made and before Stripe answers for it (a webhook that beats the answer). */
    beforeRefundAnswer(hook: ((refund: Record<string, unknown>) => Promise<void>) | null) {
      beforeRefundAnswer = hook;
    },
    reset() {
      beforeRefundAnswer = null;
      refunds.length = 0;
      failuresLeft = 0;
      unavailable = false;
    },
    /** The next `count` calls answer 503, whatever they are. */
    failNext(count: number) {
      failuresLeft = count;
    },
    /** Simulates an outage: every call answers 503. */
    setUnavailable(value: boolean) {
      unavailable = value;
    },
    /** Events as Stripe sends them, of an intent as it stands now, ready for `signedEvent`. */
    events: {
      /** payment_intent.succeeded, with the intent as it is. */
      paymentSucceeded: (intentId: string, eventId = `evt_${intentId}`) => ({
        id: eventId,
        type: "payment_intent.succeeded",
        object: intents.get(intentId)!,
      }),
      /**
       * charge.refunded, with the charge's amounts as they are; `{ full: true }` says refunded in full, whatever
       * the fake has recorded (an event that arrives before the refund is made here).
       */
      chargeRefunded: (intentId: string, eventId = `evt_refund_${intentId}`, { full = false } = {}) => {
        const intent = intents.get(intentId)!;
        const charge = intent.latest_charge;
        return {
          id: eventId,
          type: "charge.refunded",
          object: {
            id: `ch_${intentId}`,
            object: "charge",
            payment_intent: intentId,
            amount: intent.amount,
            amount_refunded: full ? intent.amount : (charge?.amount_refunded ?? 0),
            refunded: full || (charge?.refunded ?? false),
          },
        };
      },
    },
    /** A signed webhook delivery: [body, Stripe-Signature header]. */
    async signedEvent(event: { id: string; type: string; object: object }, secret = WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: event.id,
        object: "event",
        type: event.type,
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        data: { object: event.object },
      });
      const signature = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
      return { payload, signature };
    },
    stop: () => server.stop(true),
  };
}

export type FakeStripe = ReturnType<typeof startFakeStripe>;
