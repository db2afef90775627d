/**
 * What the app needs from a tax provider: Stripe Tax (TAX=stripe) or the demo rates (TAX=demo). A calculation
 * prices one line for one buyer; once paid, it is recorded as a tax transaction, and every credit note reverses
 * its part of that transaction. We record transactions ourselves (create_from_calculation / create_reversal)
 * rather than letting a PaymentIntent hook do it: disputes are never reversed by Stripe, and one path for
 * every refund keeps our credit notes and Stripe's tax records one-to-one (docs/tax-and-invoices.md).
 */
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";

export interface TaxRequest {
  amountCents: number;
  currency: string;
  behavior: "inclusive" | "exclusive";
  taxCode: string;
  /** Our name for the line (the plan), so Stripe's records can be matched to ours. */
  reference: string;
  country: string;
  postalCode: string | null;
  taxId: { type: string; value: string } | null;
}

/** A calculation reduced to what checkout, invoices and the books use. */
export interface TaxQuote {
  calculationId: string;
  /** What the card is charged. */
  totalCents: number;
  taxCents: number;
  /** The rate as a decimal string ("19.0"), its name ("VAT"), the jurisdiction's country. */
  ratePercent: string;
  name: string;
  country: string;
  /** standard_rated, reverse_charge, not_collecting… */
  reason: string;
}

export interface TaxProvider {
  readonly name: "stripe" | "demo";
  calculate(request: TaxRequest): Promise<TaxQuote>;
  /** Records a paid calculation as a tax transaction; answers its id. `reference` is the invoice number. */
  recordTransaction(input: { calculationId: string; reference: string }): Promise<string>;
  /** Reverses all (`flatAmountCents` null) or part (tax included, positive cents) of a transaction; answers the reversal's id. */
  reverse(input: { transactionId: string; reference: string; flatAmountCents: number | null }): Promise<string>;
}

/** The tax provider could not place the buyer (an unknown postal code, a country it can't tax). */
export class TaxLocationError extends Error {}

export function locationRejected(message: string): AppError {
  return new AppError(422, "TAX_LOCATION_INVALID", message);
}

export function taxUnavailable(cause: unknown): AppError {
  log.error({ reason: cause instanceof Error ? cause.message : String(cause) }, "tax provider call failed");
  return new AppError(
    502,
    "TAX_PROVIDER_UNAVAILABLE",
    "Tax could not be calculated just now. Please try again in a moment.",
  );
}

/** Tax type → the name a buyer knows it by. */
export function taxName(type: string | null | undefined): string {
  const names: Record<string, string> = {
    vat: "VAT",
    gst: "GST",
    hst: "HST",
    pst: "PST",
    qst: "QST",
    rst: "RST",
    igst: "IGST",
    jct: "JCT",
    sales_tax: "Sales tax",
  };
  return (type && names[type]) ?? "Tax";
}
