/**
 * The dialog's summary when seats are added to a running subscription: what is bought, the arithmetic of its price
 * (the plan's price to the whole days left; lifetime access: the full price) and the total, all from the server's
 * quote. Until the quote is in there is no price to show: the seats are priced on the server.
 */
import type { PaymentIntentResponse } from "@shared/api-types";
import { useMoney, useT, type Translate } from "../../lib/language";
import { DiscountAndTotal, QUOTE_ROW as row } from "./quote-lines";

type Quote = PaymentIntentResponse["quote"];

/** "2 seats × $24.99 × 45/120 days = $18.74", or for lifetime access "2 seats × $49.99 = $99.98". */
export function addedSeatsArithmetic(quote: Quote, t: Translate, money: (dollars: number) => string): string {
  const added = quote.addedSeats;
  const values = {
    seats: t("checkout.seatCount", { count: quote.seats }),
    unit: added ? money(added.planPrice) : money(quote.unitPrice),
    total: money(quote.listPrice),
  };
  if (added?.daysLeft != null && added.planDays != null)
    return t("checkout.added.arithmeticDays", { ...values, left: added.daysLeft, days: added.planDays });
  return t("checkout.added.arithmetic", values);
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
  const t = useT();
  const money = useMoney();
  if (!quote)
    return (
      <span className="grid gap-1">
        <span className="font-medium text-foreground">{t("checkout.added.more", { plan: planName })}</span>
        <span className="text-xs">{t("checkout.added.priced")}</span>
      </span>
    );
  return (
    <span className="grid gap-1">
      <span className={row}>
        <span className="font-medium text-foreground">
          {t("checkout.added.name", { plan: planName, count: quote.seats })}
        </span>
        <span className="text-foreground">{money(quote.listPrice)}</span>
      </span>
      <span className="text-xs" data-testid="added-seats-arithmetic">
        {addedSeatsArithmetic(quote, t, money)}
      </span>
      <DiscountAndTotal quote={quote} taxed={taxed} />
    </span>
  );
}
