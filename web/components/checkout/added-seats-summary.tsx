/**
 * The dialog's summary when seats are added to a running subscription: what is bought, the arithmetic of its price
 * (the plan's price to the whole days left; lifetime access: the full price) and the total, all from the server's
 * quote. Until the quote is in there is no price to show: the seats are priced on the server.
 */
import type { PaymentIntentResponse } from "@shared/api-types";
import { addedSeatsText, seatsText } from "@shared/seats";
import { DiscountAndTotal, money, QUOTE_ROW as row } from "./quote-lines";

type Quote = PaymentIntentResponse["quote"];

/** "2 seats × $24.99 × 45/120 days = $18.74", or for lifetime access "2 seats × $49.99 = $99.98". */
export function addedSeatsArithmetic(quote: Quote): string {
  const added = quote.addedSeats;
  const unit = added ? money(added.planPrice) : money(quote.unitPrice);
  const days = added?.daysLeft != null && added.planDays != null ? ` × ${added.daysLeft}/${added.planDays} days` : "";
  return `${seatsText(quote.seats)} × ${unit}${days} = ${money(quote.listPrice)}`;
}

export function AddedSeatsSummary({
  planName,
  quote,
  taxed,
}: {
  planName: string;
  quote: Quote | null;
  /** Tax is on: the total is under the billing details, with the tax. */
  taxed: boolean;
}) {
  if (!quote)
    return (
      <span className="grid gap-1">
        <span className="font-medium text-foreground">{planName}: more seats</span>
        <span className="text-xs">Each is priced to the days your subscription has left.</span>
      </span>
    );
  return (
    <span className="grid gap-1">
      <span className={row}>
        <span className="font-medium text-foreground">{addedSeatsText(planName, quote.seats)}</span>
        <span className="text-foreground">{money(quote.listPrice)}</span>
      </span>
      <span className="text-xs" data-testid="added-seats-arithmetic">
        {addedSeatsArithmetic(quote)}
      </span>
      <DiscountAndTotal quote={quote} taxed={taxed} />
    </span>
  );
}
