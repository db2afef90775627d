/**
 * What the purchase dialog asks before the card form: with tax on, where the buyer is billed (the country by its
 * English name, its own name or its code; a postal code where tax depends on it, US and CA); for anyone, the
 * company's details when buying for a business (printed on the invoice); and, where the law asks for it, the
 * consent to immediate supply, an unticked box.
 */
import { useState, type FormEvent } from "react";
import { POSTAL_CODE_COUNTRIES } from "@shared/countries";
import { MAX_SEATS, MIN_SEATS } from "@shared/seats";
import { useT, type Translate } from "../../lib/language";
import type { BuyerDetails } from "./checkout-types";
import { SeatsField, seatsOf } from "./seats-field";
import { buyerDetails, consentNeeded, countryOf, type BuyerFormRules, type BuyerFormState } from "./buyer-form-state";
import { BusinessFields, ConsentBox, CountryField, FormEnd, PostalField } from "./buyer-form-fields";

export {
  buyerDetails,
  consentNeeded,
  EMPTY_BUYER_FORM,
  formFromDetails,
  type BuyerFormRules,
  type BuyerFormState,
} from "./buyer-form-state";

type FieldErrors = Partial<Record<"seats" | "country" | "postal" | "consent", string | null>>;

/** What is missing from `next` before it can be sent, said at its field, or null when nothing is. */
function missing(next: BuyerFormState, rules: BuyerFormRules, t: Translate): FieldErrors | null {
  if (rules.asksSeats && seatsOf(next.seats) === null) return { seats: invalidSeats(t) };
  if (rules.asksLocation && !countryOf(next))
    return {
      country: next.countryText.trim()
        ? t("checkout.country.unknown", { text: next.countryText.trim() })
        : t("checkout.country.required"),
    };
  const country = countryOf(next);
  if (country && POSTAL_CODE_COUNTRIES.includes(country) && !next.postalCode.trim())
    // Without it there is no total to show: say so, rather than a button that does nothing.
    return { postal: t("checkout.postal.required") };
  if (consentNeeded(next, rules) && !next.consent) return { consent: t("checkout.consent.required") };
  return null;
}

const invalidSeats = (t: Translate) => t("checkout.seats.invalid", { min: MIN_SEATS, max: MAX_SEATS });

const FOCUS: Partial<Record<keyof FieldErrors, string>> = { seats: "checkout-seats", postal: "checkout-postal" };

/** Sends the form when it is complete; `explicit` (the button) also says what is missing, at its field. */
function useSending(rules: BuyerFormRules, onSubmit: (details: BuyerDetails) => void, t: Translate) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const clear = (field: keyof FieldErrors) => setErrors((shown) => ({ ...shown, [field]: null }));
  function send(next: BuyerFormState, explicit: boolean) {
    const problem = missing(next, rules, t);
    if (problem) {
      if (explicit) {
        setErrors(problem);
        const field = FOCUS[Object.keys(problem)[0] as keyof FieldErrors];
        if (field) document.getElementById(field)?.focus();
      }
      return;
    }
    const details = buyerDetails(next, rules);
    if (details) onSubmit(details);
  }
  return { errors, setErrors, clear, send };
}

interface BuyerFormProps {
  rules: BuyerFormRules;
  state: BuyerFormState;
  onChange: (next: BuyerFormState) => void;
  /** Asks the server for the payment for these details. */
  onSubmit: (details: BuyerDetails) => void;
  pending: boolean;
  error: string | null;
  submitLabel: string;
  showSubmit: boolean;
}

export function BuyerForm({ rules, state, onChange, onSubmit, ...end }: BuyerFormProps) {
  const t = useT();
  const { errors, setErrors, clear, send } = useSending(rules, onSubmit, t);
  const country = countryOf(state);
  const needsPostal = rules.asksLocation && country !== null && POSTAL_CODE_COUNTRIES.includes(country);
  const set = (patch: Partial<BuyerFormState>) => onChange({ ...state, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(state, true);
  };

  return (
    <form className="grid gap-3" onSubmit={submit} aria-label={t("checkout.form")} noValidate>
      {rules.asksSeats && (
        <SeatsField
          value={state.seats}
          error={errors.seats ?? null}
          current={rules.currentSeats}
          adding={rules.adding}
          onChange={(seats) => {
            clear("seats");
            set({ seats });
          }}
          onCommit={() => {
            if (seatsOf(state.seats) === null) setErrors((shown) => ({ ...shown, seats: invalidSeats(t) }));
            // With tax on the total is worked out as the location is; without, the button asks for it.
            else if (rules.asksLocation) send(state, false);
          }}
        />
      )}
      {rules.asksLocation && (
        <CountryField
          state={state}
          error={errors.country ?? null}
          onChange={(next, complete) => {
            clear("country");
            onChange(next);
            // A country picked from the list (or typed in full) recalculates at once.
            if (complete) send(next, false);
          }}
        />
      )}
      {needsPostal && (
        <PostalField
          value={state.postalCode}
          error={errors.postal ?? null}
          onChange={(postalCode) => {
            clear("postal");
            set({ postalCode });
          }}
          onBlur={() => send(state, false)}
        />
      )}
      <BusinessFields state={state} set={set} onTaxIdBlur={() => rules.asksLocation && send(state, false)} />
      {consentNeeded(state, rules) && (
        <ConsentBox
          checked={state.consent}
          error={errors.consent ?? null}
          onCheckedChange={(consent) => {
            const next = { ...state, consent };
            clear("consent");
            onChange(next);
            if (next.consent) send(next, false);
          }}
        />
      )}
      <FormEnd {...end} />
    </form>
  );
}
