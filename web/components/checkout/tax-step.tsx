/**
 * With tax on, the dialog first asks where the buyer is billed: the country (a searchable list), a postal code
 * where the tax depends on it (US, CA), and an optional business tax ID. Each distinct answer is asked of the
 * server once (a tax calculation is a billed call); the breakdown then shows above the card form.
 */
import { useMemo, useState, type FormEvent } from "react";
import { Building2, FlaskConical } from "lucide-react";
import { COUNTRY_CODES, countryName, POSTAL_CODE_COUNTRIES } from "@shared/countries";
import type { TaxBreakdown } from "@shared/api/tax";
import { formatDollars } from "@shared/plans";
import { Input } from "../ui/input";
import { Field } from "../ui/text-field";
import { PendingButton } from "../ui/pending-button";

export interface BuyerLocation {
  country: string;
  postalCode?: string;
  taxId?: string;
}

const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name),
);
const codeOfName = (name: string) =>
  COUNTRIES.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())?.code ?? null;

export function LocationForm({
  pending,
  error,
  calculated,
  onSubmit,
}: {
  pending: boolean;
  error: string | null;
  /** A total is showing: the button then updates it after a change to a typed field. */
  calculated: boolean;
  onSubmit: (location: BuyerLocation) => void;
}) {
  const [countryText, setCountryText] = useState("");
  const [postalCode, setPostalCode] = useState("");
  const [taxId, setTaxId] = useState("");
  const [business, setBusiness] = useState(false);
  const country = useMemo(() => codeOfName(countryText), [countryText]);
  const needsPostal = country !== null && POSTAL_CODE_COUNTRIES.includes(country);

  const location = (code: string | null): BuyerLocation | null => {
    if (!code) return null;
    if (POSTAL_CODE_COUNTRIES.includes(code) && !postalCode.trim()) return null;
    return {
      country: code,
      ...(postalCode.trim() && POSTAL_CODE_COUNTRIES.includes(code) ? { postalCode: postalCode.trim() } : {}),
      ...(taxId.trim() ? { taxId: taxId.trim() } : {}),
    };
  };
  /** A country picked from the list recalculates at once; typed fields recalculate when left or submitted. */
  const recalculate = (code: string | null = country) => {
    const wanted = location(code);
    if (wanted) onSubmit(wanted);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    recalculate();
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Billing details">
      <Field
        id="checkout-country"
        label="Billing country"
        hint={countryText && !country ? "Choose a country from the list." : "Tax depends on where you are billed."}
      >
        {(control) => (
          <>
            <Input
              {...control}
              list="checkout-countries"
              autoComplete="country-name"
              placeholder="Start typing, e.g. Germany"
              value={countryText}
              onChange={(event) => {
                setCountryText(event.target.value);
                const code = codeOfName(event.target.value);
                if (code) recalculate(code);
              }}
            />
            <datalist id="checkout-countries">
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.name} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      {needsPostal && (
        <Field id="checkout-postal" label="Postal code" hint="Needed for the state or province tax.">
          {(control) => (
            <Input
              {...control}
              autoComplete="postal-code"
              value={postalCode}
              onChange={(event) => setPostalCode(event.target.value)}
              onBlur={() => recalculate()}
            />
          )}
        </Field>
      )}
      {business ? (
        <Field
          id="checkout-tax-id"
          label="VAT / tax ID"
          hint="Your business's number, e.g. DE123456789. Leave empty to buy as a person."
        >
          {(control) => (
            <Input
              {...control}
              value={taxId}
              onChange={(event) => setTaxId(event.target.value)}
              onBlur={() => recalculate()}
            />
          )}
        </Field>
      ) : (
        <button
          type="button"
          className="flex w-fit items-center gap-2 rounded-sm text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setBusiness(true)}
        >
          <Building2 className="size-4" aria-hidden /> Buying for a business? VAT / tax ID
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      <PendingButton
        type="submit"
        variant="outline"
        pending={pending}
        pendingText="Calculating…"
        disabled={!location(country)}
      >
        {calculated ? "Update total" : "Show total"}
      </PendingButton>
    </form>
  );
}

/** Subtotal, tax and total, as charged. */
export function TaxBreakdownTable({ breakdown }: { breakdown: TaxBreakdown }) {
  const dollars = (cents: number) => `$${formatDollars(cents)}`;
  const tax = breakdown.tax;
  return (
    <dl
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
      aria-label="Price breakdown"
    >
      <dt className="text-muted-foreground">
        Subtotal{breakdown.behavior === "inclusive" && breakdown.taxCents > 0 ? " (tax included)" : ""}
      </dt>
      <dd className="text-right tabular-nums">{dollars(breakdown.subtotalCents)}</dd>
      {tax && (
        <>
          <dt className="text-muted-foreground">
            {tax.label}
            {tax.demo && (
              <span className="ml-2 inline-flex items-center gap-1 text-xs text-amber-300 light:text-amber-700">
                <FlaskConical className="size-3" aria-hidden />
                demo rate
              </span>
            )}
          </dt>
          <dd className="text-right tabular-nums">{dollars(breakdown.taxCents)}</dd>
        </>
      )}
      <dt className="font-semibold text-foreground">Total</dt>
      <dd className="text-right font-semibold tabular-nums text-foreground">{dollars(breakdown.totalCents)}</dd>
    </dl>
  );
}
