/** The quote's lines every summary ends with: the promotion code's discount when there is one, and the total. */
import type { PaymentIntentResponse } from "@shared/api-types";
import { useMoney, useT } from "../../lib/language";

export const QUOTE_ROW = "flex items-baseline justify-between gap-3";

/** With tax on, the total is the breakdown's (under the billing details), so it is not said twice. */
export function DiscountAndTotal({ quote, taxed }: { quote: PaymentIntentResponse["quote"]; taxed: boolean }) {
  const t = useT();
  const money = useMoney();
  return (
    <>
      {quote.promotionCode && (
        <span className={`${QUOTE_ROW} text-success`}>
          <span>{t("checkout.promotionLine", { code: quote.promotionCode })}</span>
          <span>−{money(quote.discount)}</span>
        </span>
      )}
      {!taxed && (
        <span className={`${QUOTE_ROW} border-t border-border pt-1`}>
          <span className="font-medium text-foreground">{t("checkout.total")}</span>
          <span className="text-lg font-semibold text-foreground">{money(quote.total)}</span>
        </span>
      )}
    </>
  );
}
