/**
 * What the app needs from a card payment provider. Two implementations: Stripe (stripe/) and the
 * demo provider for development (demo/). Fulfilment only ever trusts what `retrieveIntent` says.
 */
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";

/** The intent metadata naming the account a dashboard renewal is for; only the server writes it. */
export const RENEWAL_ACCOUNT_METADATA = "renewalUserId";

type ProviderName = "stripe" | "demo";

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  receiptEmail: string;
  /** Sent with the create call, and again with each of the client's own retries of it, so a retry makes no second intent. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** A payment intent as the provider reports it. */
export interface ProviderIntent {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's fee in cents when its balance transaction is known, else null. */
  feeCents: number | null;
  /** Cents refunded so far. A refunded intent keeps the status 'succeeded', so this is how to tell. */
  amountRefunded: number;
  /** What the paying browser was given; showing it proves to be that browser (the result page's key). */
  clientSecret: string | null;
}

/** A dispute (chargeback) as the provider reports it now. */
export interface ProviderDispute {
  id: string;
  /** The provider's own status: warning_*, needs_response, under_review, appeal_*, won, lost, warning_closed, prevented. */
  status: string;
  /** The disputed payment (looked up through its charge when the dispute doesn't name it). */
  paymentIntentId: string | null;
  amountCents: number;
  /** The provider's dispute fees so far, summed over the dispute's balance transactions. */
  feeCents: number;
  /** Whether the disputed amount has been taken from the balance (an inquiry takes nothing). */
  fundsWithdrawn: boolean;
}

/** A verified webhook event, reduced to what the app acts on. */
export interface ProviderEvent {
  /** null for a signed payload that is not an event we can read (acknowledged, never recorded). */
  id: string | null;
  type: string;
  /** The id of the event's object (a dispute, an early fraud warning, a charge…). */
  objectId: string | null;
  /** The charge the object belongs to, when it names one (to find its payment when it names no payment intent). */
  chargeId: string | null;
  /** The payment intent the event is about, when there is one. */
  paymentIntentId: string | null;
  /** For charge.refunded: whether the whole amount has been refunded. */
  fullyRefunded: boolean;
  /** For charge.refunded: the cents refunded so far (a running total), else 0. */
  amountRefunded: number;
  /** An event without its object (a thin event from an event destination): acknowledged and ignored. */
  thin: boolean;
}

/** What a refund left behind: the provider's running total for the payment. */
export interface RefundOutcome {
  amountRefunded: number;
  fullyRefunded: boolean;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /**
   * Refunds `amountCents` of a succeeded payment. The same `idempotencyKey` never refunds twice (a
   * double click, a retry after a lost answer).
   */
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<RefundOutcome>;
  /** null when the provider has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an intent nobody paid, so it can no longer be paid; answers the intent as it is afterwards
   * (still 'succeeded' or 'processing' when the buyer paid first), or null when the provider has no such intent.
   */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /** null when the provider has no such dispute. */
  retrieveDispute(id: string): Promise<ProviderDispute | null>;
  /** The payment intent a charge belongs to; null when unknown. */
  paymentIntentOfCharge(chargeId: string): Promise<string | null>;
  /** Checks the signature over the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<ProviderEvent>;
}

export class WebhookSignatureError extends Error {}

const PROVIDER_UNAVAILABLE_MESSAGE = "The payment provider could not be reached. Please try again in a moment.";

function providerUnavailable(cause: unknown): AppError {
  log.error({ reason: cause instanceof Error ? cause.message : String(cause) }, "payment provider call failed");
  return new AppError(502, "PAYMENT_PROVIDER_UNAVAILABLE", PROVIDER_UNAVAILABLE_MESSAGE);
}

/**
 * The provider as the app uses it: any failure to reach it or any refusal becomes the one 502
 * "provider unavailable" answer; a bad webhook signature stays a WebhookSignatureError (400).
 */
export function reportingUnavailable(provider: PaymentProvider): PaymentProvider {
  const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof AppError) throw error;
      throw providerUnavailable(error);
    }
  };
  return {
    name: provider.name,
    createIntent: (input) => guarded(() => provider.createIntent(input)),
    retrieveIntent: (id) => guarded(() => provider.retrieveIntent(id)),
    cancelIntent: (id) => guarded(() => provider.cancelIntent(id)),
    retrieveDispute: (id) => guarded(() => provider.retrieveDispute(id)),
    paymentIntentOfCharge: (id) => guarded(() => provider.paymentIntentOfCharge(id)),
    refund: (input) => guarded(() => provider.refund(input)),
    verifyWebhook: (rawBody, signature) => guarded(() => provider.verifyWebhook(rawBody, signature)),
  };
}
