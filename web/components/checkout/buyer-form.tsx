/**
 * What the purchase dialog asks before the card form: with tax on, where the buyer is billed (the country by its
 * English name, its own name or its code; a postal code where tax depends on it, US and CA); for anyone, the
 * company's details when buying for a business (printed on the invoice); and, where the law asks for it, the
 * consent to immediate supply, an unticked box.
 */
import { useState, type FormEvent } from "react";
import { Building2 } from "lucide-react";
import {
  COUNTRY_CODES,
  countryFromName,
  countryName,
  nativeCountryName,
  POSTAL_CODE_COUNTRIES,
} from "@shared/countries";
import { needsWithdrawalConsent, WITHDRAWAL_CONSENT_TEXT, type WithdrawalConsentSetting } from "@shared/withdrawal";
import { Input } from "../ui/input";
import { Checkbox } from "../ui/checkbox";
import { Field, TextareaField, TextField } from "../ui/text-field";
import { PendingButton } from "../ui/pending-button";
import { taxIdExample } from "@shared/tax-id-examples";
import type { BuyerDetails } from "./checkout-dialog";
import type { LastBillingDetails } from "@shared/api/account";
import { INVALID_SEATS_MESSAGE } from "@shared/seats";
import { SeatsField, seatsOf } from "./seats-field";

export interface BuyerFormState {
  countryText: string;
  postalCode: string;
  business: boolean;
  companyName: string;
  companyAddress: string;
  taxId: string;
  consent: boolean;
  /** The seat count as typed (a purchase asks it; a renewal does not). */
  seats: string;
}

export const EMPTY_BUYER_FORM: BuyerFormState = {
  countryText: "",
  postalCode: "",
  business: false,
  companyName: "",
  companyAddress: "",
  taxId: "",
  consent: false,
  seats: "1",
};

/**
 * The form filled in from the details of the buyer's own last purchase (a renewal starts from them; each stays
 * editable). Nothing known: the empty form.
 */
export function formFromDetails(details: LastBillingDetails["details"] | undefined): BuyerFormState {
  if (!details) return EMPTY_BUYER_FORM;
  return {
    ...EMPTY_BUYER_FORM,
    countryText: details.country ? countryName(details.country) : "",
    postalCode: details.postalCode ?? "",
    business: Boolean(details.taxId || details.companyName || details.companyAddress),
    companyName: details.companyName ?? "",
    companyAddress: details.companyAddress ?? "",
    taxId: details.taxId ?? "",
  };
}

export interface BuyerFormRules {
  /** Tax is on: the billing country (and a postal code where needed) comes first. */
  asksLocation: boolean;
  consentSetting: WithdrawalConsentSetting;
  /** A purchase or a renewal: ask how many seats. */
  asksSeats?: boolean;
  /** A renewal: the seats the account has now. */
  currentSeats?: number;
}

const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code), own: nativeCountryName(code) })).sort(
  (a, b) => a.name.localeCompare(b.name),
);

/** The country the form names (with tax on), or null. */
export const countryOf = (state: BuyerFormState) => countryFromName(state.countryText);

export function consentNeeded(state: BuyerFormState, rules: BuyerFormRules): boolean {
  const taxId = state.business ? state.taxId : null;
  return needsWithdrawalConsent(rules.consentSetting, rules.asksLocation, countryOf(state), taxId);
}

/** The details to send, or null while the billing location is incomplete. */
export function buyerDetails(state: BuyerFormState, rules: BuyerFormRules): BuyerDetails | null {
  const details: BuyerDetails = {};
  if (rules.asksSeats) {
    const seats = seatsOf(state.seats);
    if (seats === null) return null;
    // One seat is what a purchase always was: not sent, so the payment made before the dialog opened still fits.
    if (seats !== 1) details.seats = seats;
  }
  if (rules.asksLocation) {
    const country = countryOf(state);
    if (!country) return null;
    details.country = country;
    if (POSTAL_CODE_COUNTRIES.includes(country)) {
      if (!state.postalCode.trim()) return null;
      details.postalCode = state.postalCode.trim();
    }
  }
  if (state.business) {
    if (state.taxId.trim()) details.taxId = state.taxId.trim();
    if (state.companyName.trim()) details.companyName = state.companyName.trim();
    if (state.companyAddress.trim()) details.companyAddress = state.companyAddress.trim();
  }
  if (state.consent) details.withdrawalConsent = true;
  return details;
}

export function BuyerForm({
  rules,
  state,
  onChange,
  onSubmit,
  pending,
  error,
  submitLabel,
  showSubmit,
}: {
  rules: BuyerFormRules;
  state: BuyerFormState;
  onChange: (next: BuyerFormState) => void;
  /** Asks the server for the payment for these details. */
  onSubmit: (details: BuyerDetails) => void;
  pending: boolean;
  error: string | null;
  submitLabel: string;
  showSubmit: boolean;
}) {
  const [consentError, setConsentError] = useState<string | null>(null);
  const [countryError, setCountryError] = useState<string | null>(null);
  const [postalError, setPostalError] = useState<string | null>(null);
  const [seatsError, setSeatsError] = useState<string | null>(null);
  const country = countryOf(state);
  const needsPostal = rules.asksLocation && country !== null && POSTAL_CODE_COUNTRIES.includes(country);
  const asksConsent = consentNeeded(state, rules);
  const set = (patch: Partial<BuyerFormState>) => onChange({ ...state, ...patch });

  /** Sends what is there when it is complete; `explicit` (the button) also says what is missing. */
  function send(next: BuyerFormState, explicit: boolean) {
    const details = buyerDetails(next, rules);
    if (rules.asksSeats && seatsOf(next.seats) === null) {
      if (explicit) {
        setSeatsError(INVALID_SEATS_MESSAGE);
        document.getElementById("checkout-seats")?.focus();
      }
      return;
    }
    if (explicit && rules.asksLocation && !countryOf(next)) {
      setCountryError(
        next.countryText.trim()
          ? `"${next.countryText.trim()}" is not a country we know. Type its name (in English or its own language) or pick one from the list.`
          : "Please enter your billing country.",
      );
      return;
    }
    const nextCountry = countryOf(next);
    if (explicit && nextCountry && POSTAL_CODE_COUNTRIES.includes(nextCountry) && !next.postalCode.trim()) {
      // Without it there is no total to show: say so, rather than a button that does nothing.
      setPostalError("Please enter your postal code: the state or province tax depends on it.");
      document.getElementById("checkout-postal")?.focus();
      return;
    }
    if (consentNeeded(next, rules) && !next.consent) {
      if (explicit) setConsentError("Please tick this box to go on: without it we can't deliver your key at once.");
      return;
    }
    if (details) onSubmit(details);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(state, true);
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Billing details" noValidate>
      {rules.asksSeats && (
        <SeatsField
          value={state.seats}
          error={seatsError}
          current={rules.currentSeats}
          onChange={(seats) => {
            setSeatsError(null);
            set({ seats });
          }}
          onCommit={() => {
            if (seatsOf(state.seats) === null) setSeatsError(INVALID_SEATS_MESSAGE);
            // With tax on the total is worked out as the location is; without, the button asks for it.
            else if (rules.asksLocation) send(state, false);
          }}
        />
      )}
      {rules.asksLocation && (
        <Field
          id="checkout-country"
          label="Billing country"
          error={countryError ?? undefined}
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
                onChange={(event) => {
                  const next = { ...state, countryText: event.target.value };
                  setCountryError(null);
                  onChange(next);
                  // A country picked from the list (or typed in full) recalculates at once.
                  if (countryFromName(event.target.value)) send(next, false);
                }}
              />
              <datalist id="checkout-countries">
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.name} label={c.own ? `${c.own} (${c.code})` : c.code} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      )}
      {needsPostal && (
        <TextField
          id="checkout-postal"
          label="Postal code"
          hint="Needed for the state or province tax."
          error={postalError ?? undefined}
          autoComplete="postal-code"
          value={state.postalCode}
          onChange={(event) => {
            setPostalError(null);
            set({ postalCode: event.target.value });
          }}
          onBlur={() => send(state, false)}
        />
      )}
      {state.business ? (
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
            hint={`Your business's number, e.g. ${taxIdExample(country)}.`}
            maxLength={32}
            value={state.taxId}
            onChange={(event) => set({ taxId: event.target.value })}
            onBlur={() => rules.asksLocation && send(state, false)}
          />
        </fieldset>
      ) : (
        <button
          type="button"
          className="flex w-fit items-center gap-2 rounded-sm text-left text-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => set({ business: true })}
        >
          <Building2 className="size-4" aria-hidden /> Buying for a business? Company and VAT ID
        </button>
      )}
      {asksConsent && (
        <div className="grid gap-1">
          <div className="flex items-start gap-3 rounded-md border border-border bg-muted/40 p-3">
            <Checkbox
              id="checkout-withdrawal-consent"
              className="mt-0.5"
              checked={state.consent}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? "checkout-withdrawal-consent-error" : undefined}
              onCheckedChange={(checked) => {
                const next = { ...state, consent: checked === true };
                setConsentError(null);
                onChange(next);
                if (next.consent) send(next, false);
              }}
            />
            <label htmlFor="checkout-withdrawal-consent" className="text-sm leading-snug text-foreground">
              {WITHDRAWAL_CONSENT_TEXT}
            </label>
          </div>
          <div id="checkout-withdrawal-consent-error" aria-live="polite" className="empty:hidden">
            {consentError && <p className="text-sm text-destructive-text">{consentError}</p>}
          </div>
        </div>
      )}
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
    </form>
  );
}
