/** The parts of the billing form: the country with its list, the business's details, and the consent box. */
import { useMemo, type ReactNode } from "react";
import { Building2 } from "lucide-react";
import { countriesIn, countryFromName } from "@shared/countries";
import { languageInfo } from "@shared/languages";
import { taxIdExample } from "@shared/tax-id-examples";
import { Input } from "../ui/input";
import { Checkbox } from "../ui/checkbox";
import { Field, TextareaField, TextField } from "../ui/text-field";
import { PendingButton } from "../ui/pending-button";
import { countryOf, type BuyerFormState } from "./buyer-form-state";
import { useT, useWordsLanguage } from "../../lib/language";

/**
 * The billing country, typed or picked from the list; a full name recalculates at once. The list names the
 * countries in the page's language, in its alphabetical order.
 */
export function CountryField({
  state,
  error,
  onChange,
}: {
  state: BuyerFormState;
  error: string | null;
  onChange: (next: BuyerFormState, complete: boolean) => void;
}) {
  const t = useT();
  const language = useWordsLanguage();
  const countries = useMemo(() => countriesIn(languageInfo(language).tag), [language]);
  const country = countryOf(state);
  return (
    <Field
      id="checkout-country"
      label={t("checkout.country.label")}
      error={error ?? undefined}
      hint={state.countryText && !country ? t("checkout.country.hintUnknown") : t("checkout.country.hint")}
    >
      {(control) => (
        <>
          <Input
            {...control}
            list="checkout-countries"
            autoComplete="country-name"
            placeholder={t("checkout.country.placeholder")}
            value={state.countryText}
            onChange={(event) =>
              onChange({ ...state, countryText: event.target.value }, countryFromName(event.target.value) !== null)
            }
          />
          <datalist id="checkout-countries">
            {countries.map((c) => (
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
  const t = useT();
  return (
    <TextField
      id="checkout-postal"
      label={t("checkout.postal.label")}
      hint={t("checkout.postal.hint")}
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
  const t = useT();
  if (!state.business)
    return (
      <button
        type="button"
        className="flex w-fit items-center gap-2 rounded-sm text-left text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => set({ business: true })}
      >
        <Building2 className="size-4" aria-hidden /> {t("checkout.business.open")}
      </button>
    );
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t("checkout.business.legend")}</legend>
      <TextField
        id="checkout-company"
        label={t("checkout.business.company")}
        autoComplete="organization"
        maxLength={120}
        value={state.companyName}
        onChange={(event) => set({ companyName: event.target.value })}
      />
      <TextareaField
        id="checkout-company-address"
        label={t("checkout.business.address")}
        hint={t("checkout.business.addressHint")}
        autoComplete="street-address"
        maxLength={300}
        className="min-h-20"
        value={state.companyAddress}
        onChange={(event) => set({ companyAddress: event.target.value })}
      />
      <TextField
        id="checkout-tax-id"
        label={t("checkout.business.taxId")}
        hint={t("checkout.business.taxIdHint", { example: taxIdExample(countryOf(state)) })}
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
  const t = useT();
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
          {t("checkout.consent.text")}
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
  const t = useT();
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      {showSubmit && (
        <PendingButton type="submit" variant="outline" pending={pending} pendingText={t("checkout.calculating")}>
          {submitLabel}
        </PendingButton>
      )}
    </>
  );
}
