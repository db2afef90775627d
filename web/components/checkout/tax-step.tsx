/**
 * The tax lines shown above the card form once the billing location is known: a sum that adds up. With prices
 * that include tax: "Total $24.99, including VAT 19 % (Germany) $3.99"; with tax added on top: the subtotal, the
 * tax and the total.
 */
import { FlaskConical } from "lucide-react";
import type { TaxBreakdown } from "@shared/api/tax";
import { formatDollars } from "@shared/plans";

export function TaxBreakdownTable({ breakdown }: { breakdown: TaxBreakdown }) {
  const dollars = (cents: number) => `$${formatDollars(cents)}`;
  const tax = breakdown.tax;
  const taxLine = tax && (
    <>
      {tax.label}
      {tax.demo && (
        <span className="ml-2 inline-flex items-center gap-1 text-xs text-amber-300 light:text-amber-700">
          <FlaskConical className="size-3" aria-hidden />
          demo rate
        </span>
      )}
    </>
  );
  const total = (
    <>
      <dt className="font-semibold text-foreground">Total</dt>
      <dd className="text-right font-semibold tabular-nums text-foreground">{dollars(breakdown.totalCents)}</dd>
    </>
  );
  return (
    <dl
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
      aria-label="Price breakdown"
    >
      {breakdown.behavior === "inclusive" ? (
        <>
          {total}
          {tax && (
            <>
              <dt className="text-muted-foreground">
                {breakdown.taxCents > 0 ? "including " : ""}
                {taxLine}
              </dt>
              <dd className="text-right tabular-nums text-muted-foreground">{dollars(breakdown.taxCents)}</dd>
            </>
          )}
        </>
      ) : (
        <>
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="text-right tabular-nums">{dollars(breakdown.subtotalCents)}</dd>
          {tax && (
            <>
              <dt className="text-muted-foreground">{taxLine}</dt>
              <dd className="text-right tabular-nums">{dollars(breakdown.taxCents)}</dd>
            </>
          )}
          {total}
        </>
      )}
    </dl>
  );
}
