/** The parts of the billing form: the country with its list, the business's details, and the consent box. */
import type { ReactNode } from "react";
import { Building2 } from "lucide-react";
import { countryFromName } from "@shared/countries";
import { WITHDRAWAL_CONSENT_TEXT } from "@shared/withdrawal";
import { taxIdExample } from "@shared/tax-id-examples";
import { Input } from "../ui/input";
import { Checkbox } from "../ui/checkbox";
import { Field, TextareaField, TextField } from "../ui/text-field";
import { PendingButton } from "../ui/pending-button";
import { COUNTRIES, countryOf, type BuyerFormState } from "./buyer-form-state";

/** The billing country, typed or picked from the list; a full name recalculates at once. */
export function CountryField({
  state,
  error,
  onChange,
}: {
  state: BuyerFormState;
  error: string | null;
  onChange: (next: BuyerFormState, complete: boolean) => void;
}) {
  const country = countryOf(state);
  return (
    <Field
      id="checkout-country"
      label="Billing country"
      error={error ?? undefined}
      hint={
        state.countryText && !country
          ? "Type the country's name, in English or its own language, or pick it from the list."
          : "Tax depends on where you are billed."
      }
    >
      {(control) => (
        <>
          <Input
            {...control}
            list="checkout-countries"
            autoComplete="country-name"
            placeholder="Start typing, e.g. Germany or Deutschland"
            value={state.countryText}
            onChange={(event) =>
              onChange({ ...state, countryText: event.target.value }, countryFromName(event.target.value) !== null)
            }
          />
          <datalist id="checkout-countries">
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.name} label={c.own ? `${c.own} (${c.code})` : c.code} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** The postal code, where the state or province tax depends on it (US and CA). */
export function PostalField({
  value,
  error,
  onChange,
  onBlur,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  return (
    <TextField
      id="checkout-postal"
      label="Postal code"
      hint="Needed for the state or province tax."
      error={error ?? undefined}
      autoComplete="postal-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

/** The company's name, address and tax ID (printed on the invoice), or the link that asks for them. */
export function BusinessFields({
  state,
  set,
  onTaxIdBlur,
}: {
  state: BuyerFormState;
  set: (patch: Partial<BuyerFormState>) => void;
  onTaxIdBlur: () => void;
}) {
  if (!state.business)
    return (
      <button
        type="button"
        className="flex w-fit items-center gap-2 rounded-sm text-left text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => set({ business: true })}
      >
        <Building2 className="size-4" aria-hidden /> Buying for a business? Company and VAT ID
      </button>
    );
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Your business (printed on the invoice)</legend>
      <TextField
        id="checkout-company"
        label="Company name"
        autoComplete="organization"
        maxLength={120}
        value={state.companyName}
        onChange={(event) => set({ companyName: event.target.value })}
      />
      <TextareaField
        id="checkout-company-address"
        label="Company address"
        hint="Street, postal code and town, one per line."
        autoComplete="street-address"
        maxLength={300}
        className="min-h-20"
        value={state.companyAddress}
        onChange={(event) => set({ companyAddress: event.target.value })}
      />
      <TextField
        id="checkout-tax-id"
        label="VAT / tax ID (optional)"
        hint={`Your business's number, e.g. ${taxIdExample(countryOf(state))}.`}
        maxLength={32}
        value={state.taxId}
        onChange={(event) => set({ taxId: event.target.value })}
        onBlur={onTaxIdBlur}
      />
    </fieldset>
  );
}

/** The unticked consent to immediate supply, with what is wrong under it. */
export function ConsentBox({
  checked,
  error,
  onCheckedChange,
}: {
  checked: boolean;
  error: string | null;
  onCheckedChange: (checked: boolean) => void;
}): ReactNode {
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3 rounded-md border border-border bg-muted/40 p-3">
        <Checkbox
          id="checkout-withdrawal-consent"
          className="mt-0.5"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "checkout-withdrawal-consent-error" : undefined}
          onCheckedChange={(value) => onCheckedChange(value === true)}
        />
        <label htmlFor="checkout-withdrawal-consent" className="text-sm leading-snug text-foreground">
          {WITHDRAWAL_CONSENT_TEXT}
        </label>
      </div>
      <div id="checkout-withdrawal-consent-error" aria-live="polite" className="empty:hidden">
        {error && <p className="text-sm text-destructive-text">{error}</p>}
      </div>
    </div>
  );
}

/** Why the last request failed, and the button that asks for the total when it isn't worked out on its own. */
export function FormEnd({
  error,
  showSubmit,
  pending,
  submitLabel,
}: {
  error: string | null;
  showSubmit: boolean;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      {showSubmit && (
        <PendingButton type="submit" variant="outline" pending={pending} pendingText="Calculating…">
          {submitLabel}
        </PendingButton>
      )}
    </>
  );
}
