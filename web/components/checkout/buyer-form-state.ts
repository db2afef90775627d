/**
 * The purchase dialog's billing form as data: what the buyer typed, the rules the checkout sets (tax on, consent,
 * seats), and the details to send once they are complete.
 */
import { countryFromName, countryName, POSTAL_CODE_COUNTRIES } from "@shared/countries";
import { needsWithdrawalConsent, type WithdrawalConsentSetting } from "@shared/withdrawal";
import type { LastBillingDetails } from "@shared/api/account";
import type { BuyerDetails } from "./checkout-types";
import { seatsOf } from "./seats-field";

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
  /** A renewal, or seats being added: the seats the account has now. */
  currentSeats?: number;
  /** Seats are added to the running subscription: the field asks how many more. */
  adding?: boolean;
}

/** The form with the country it names written in `language` (a BCP 47 tag), as the page's list names it. */
export function countryNamedIn(state: BuyerFormState, language: string): BuyerFormState {
  const code = countryFromName(state.countryText);
  return code ? { ...state, countryText: countryName(code, language) } : state;
}

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
