/**
 * The tax lines shown above the card form once the billing location is known: a sum that adds up. With prices
 * that include tax: "Total $24.99, including VAT 19 % (Germany) $3.99"; with tax added on top: the subtotal, the
 * tax and the total.
 */
import { FlaskConical } from "lucide-react";
import type { TaxBreakdown } from "@shared/api/tax";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import { useMoney, useT, useWordsLanguage, type Translate } from "../../lib/language";

type Tax = NonNullable<TaxBreakdown["tax"]>;

/** The tax's name as the buyer reads it: the server's English label, or the same said in the page's language. */
function useTaxLabel(): (tax: Tax, taxCents: number) => string {
  const t = useT();
  const language = useWordsLanguage();
  return (tax, taxCents) => {
    if (language === DEFAULT_LANGUAGE) return tax.label;
    return localTaxLabel(t, language, tax, taxCents);
  };
}

function localTaxLabel(t: Translate, language: string, tax: Tax, taxCents: number): string {
  if (tax.reason === "reverse_charge") return t("checkout.tax.reverseCharge");
  if (taxCents === 0) return t("checkout.tax.none");
  let country = tax.countryName;
  try {
    country = new Intl.DisplayNames([language], { type: "region" }).of(tax.country) ?? country;
  } catch {}
  return t("checkout.tax.rate", {
    name: tax.name === "VAT" ? t("checkout.tax.vat") : tax.name,
    rate: new Intl.NumberFormat(language, { maximumFractionDigits: 4 }).format(Number(tax.ratePercent)),
    country,
  });
}

export function TaxBreakdownTable({ breakdown }: { breakdown: TaxBreakdown }) {
  const t = useT();
  const money = useMoney();
  const label = useTaxLabel();
  const dollars = (cents: number) => money(cents / 100);
  const tax = breakdown.tax;
  const taxLine = tax && (
    <>
      {label(tax, breakdown.taxCents)}
      {tax.demo && (
        <span className="ml-2 inline-flex items-center gap-1 text-xs text-amber-300 light:text-amber-700">
          <FlaskConical className="size-3" aria-hidden />
          {t("checkout.tax.demoRate")}
        </span>
      )}
    </>
  );
  const total = (
    <>
      <dt className="font-semibold text-foreground">{t("checkout.total")}</dt>
      <dd className="text-right font-semibold tabular-nums text-foreground">{dollars(breakdown.totalCents)}</dd>
    </>
  );
  return (
    <dl
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
      aria-label={t("checkout.tax.breakdown")}
    >
      {breakdown.behavior === "inclusive" ? (
        <>
          {total}
          {tax && (
            <>
              <dt className="text-muted-foreground">
                {breakdown.taxCents > 0 ? `${t("checkout.tax.including")} ` : ""}
                {taxLine}
              </dt>
              <dd className="text-right tabular-nums text-muted-foreground">{dollars(breakdown.taxCents)}</dd>
            </>
          )}
        </>
      ) : (
        <>
          <dt className="text-muted-foreground">{t("checkout.tax.subtotal")}</dt>
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
