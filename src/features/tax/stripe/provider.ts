/** Stripe Tax through the SDK: calculations, transactions made from them once paid, and reversals for credit notes. */
import Stripe from "stripe";
import { stripeClient } from "../../../lib/stripe-sdk";
import type { StripeConfig } from "../../../config";
import { TaxLocationError, taxName, type TaxProvider, type TaxQuote, type TaxRequest } from "../provider";

/** Stripe's answer reduced to one rate: the breakdown entry that carries the tax (or, with none, the first one's reason). */
export function quoteFrom(calculation: Stripe.Tax.Calculation, request: TaxRequest): TaxQuote {
  const breakdown = calculation.tax_breakdown ?? [];
  const main = [...breakdown].sort((a, b) => b.amount - a.amount)[0];
  const taxCents = calculation.tax_amount_exclusive + calculation.tax_amount_inclusive;
  return {
    calculationId: calculation.id ?? "",
    totalCents: calculation.amount_total,
    taxCents,
    ratePercent: main?.tax_rate_details?.percentage_decimal ?? "0.0",
    name: taxName(main?.tax_rate_details?.tax_type),
    country: main?.tax_rate_details?.country ?? request.country,
    reason: main?.taxability_reason ?? (taxCents === 0 ? "not_collecting" : "standard_rated"),
  };
}

export function createStripeTaxProvider(config: StripeConfig): TaxProvider {
  const stripe = stripeClient(config);
  return {
    name: "stripe",

    async calculate(request) {
      try {
        const calculation = await stripe.tax.calculations.create({
          currency: request.currency,
          customer_details: {
            address: { country: request.country, ...(request.postalCode ? { postal_code: request.postalCode } : {}) },
            address_source: "billing",
            ...(request.taxId
              ? {
                  tax_ids: [
                    {
                      type: request.taxId.type as Stripe.Tax.CalculationCreateParams.CustomerDetails.TaxId.Type,
                      value: request.taxId.value,
                    },
                  ],
                }
              : {}),
          },
          line_items: [
            {
              amount: request.amountCents,
              reference: request.reference,
              tax_code: request.taxCode,
              tax_behavior: request.behavior,
            },
          ],
        });
        return quoteFrom(calculation, request);
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === "customer_tax_location_invalid"
        ) {
          throw new TaxLocationError(error.message);
        }
        throw error;
      }
    },

    async recordTransaction({ calculationId, reference }) {
      const transaction = await stripe.tax.transactions.createFromCalculation(
        { calculation: calculationId, reference },
        // Keyed by Stripe's own ids, so a second database (a restored backup, a staging copy) numbering from 1 again never collides.
        { idempotencyKey: `tax-transaction-${calculationId}` },
      );
      return transaction.id;
    },

    async reverse({ transactionId, reference, flatAmountCents }) {
      const reversal = await stripe.tax.transactions.createReversal(
        flatAmountCents === null
          ? { mode: "full", original_transaction: transactionId, reference }
          : // Stripe takes a partial reversal's flat amount negative, tax included.
            { mode: "partial", original_transaction: transactionId, reference, flat_amount: -flatAmountCents },
        { idempotencyKey: `tax-reversal-${transactionId}-${reference}` },
      );
      return reversal.id;
    },
  };
}
