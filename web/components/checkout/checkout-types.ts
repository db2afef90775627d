/** What the checkout dialog is given (a plan, how to ask for the payment, what to ask first) and what the buyer tells it. */
import type { PlanView } from "@shared/api/pricing";
import type { PaymentIntentResponse } from "@shared/api-types";
import type { WithdrawalConsentSetting } from "@shared/withdrawal";

/** What the buyer tells the dialog besides the plan: billing location (tax on), business details, consent. */
export interface BuyerDetails {
  country?: string;
  postalCode?: string;
  taxId?: string;
  companyName?: string;
  companyAddress?: string;
  withdrawalConsent?: boolean;
  /** How many people the purchase licenses (absent: one). */
  seats?: number;
  /** The buyer chose the list price after the promotion code was refused: the request leaves the code out. */
  withoutPromotion?: boolean;
}

export interface Checkout {
  plan: PlanView;
  provider: "stripe" | "demo";
  /**
   * Makes the payment for these details, or gets the open one (`previous`) back when nothing changed. A free
   * order is complete when it answers (the caller moves on).
   */
  requestIntent: (
    details: BuyerDetails & { previous?: { paymentIntentId: string; clientSecret: string } },
  ) => Promise<PaymentIntentResponse>;
  /** The payment already made before the dialog opened, when there was nothing to ask first. */
  initial?: PaymentIntentResponse;
  /** Tax is on: ask the billing location first. */
  asksLocation: boolean;
  /** Ask how many seats (a purchase, a renewal). */
  asksSeats?: boolean;
  /** A renewal: the seats the account has now, which the seats field starts from. */
  currentSeats?: number;
  /**
   * Adding seats to the running subscription: the seats field asks how many more (the account has `current`), and
   * the price is the server's, to the days left.
   */
  adding?: { current: number };
  /** Who must agree to immediate supply (the site's WITHDRAWAL_CONSENT). */
  consentSetting: WithdrawalConsentSetting;
  /** The promotion code's price as the page showed it, until the server's quote is in. */
  promotion?: { code: string; discount: number; total: number } | null;
  /** The code was refused before the dialog opened (the server's sentence): the dialog offers the list price. */
  promotionRefused?: string;
}

/** Whether a checkout with these settings has something to ask before any payment can be made. */
export function asksBeforePaying(config: { tax: string; withdrawalConsent: WithdrawalConsentSetting }): boolean {
  return config.tax !== "off" || config.withdrawalConsent === "always";
}
