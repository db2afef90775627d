/**
 * The checkout's own words for the refusals it knows by their code, in the page's language. In English the
 * server's sentence is shown as it is (it can say more: a code's start date), so the map is empty there.
 */
import { useMemo } from "react";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { MAX_SEATS, MIN_SEATS } from "@shared/seats";
import { useT, useWordsLanguage, type Translate } from "../../lib/language";

type Refusals = Partial<Record<string, string>>;

/** `promotion`: the code the payment was asked with, and the plan, which the code's refusals name. */
export function usePaymentRefusals(promotion?: { code?: string | null; plan?: string }): Refusals {
  const t = useT();
  const language = useWordsLanguage();
  const code = promotion?.code ?? "";
  const plan = promotion?.plan ?? "";
  return useMemo(() => paymentRefusals(t, language, code, plan), [t, language, code, plan]);
}

export function paymentRefusals(t: Translate, language: SiteLanguage, code: string, plan: string): Refusals {
  {
    if (language === DEFAULT_LANGUAGE) return {};
    const refusals: Record<string, string> = {
      CARD_DECLINED: t("checkout.error.cardDeclined"),
      INCOMPLETE_NUMBER: t("checkout.error.incompleteNumber"),
      PAYMENT_CANCELED: t("checkout.error.canceled"),
      PAYMENT_TAKEN_OVER: t("checkout.error.takenOver"),
      WITHDRAWAL_CONSENT_REQUIRED: t("checkout.error.consentRequired"),
      COMPANY_NAME_REQUIRED: t("checkout.error.companyName"),
      NOT_FOR_SALE: t("checkout.error.notForSale"),
      COUNTRY_REQUIRED: t("checkout.country.required"),
      COUNTRY_UNKNOWN: t("checkout.error.countryUnknown"),
      POSTAL_CODE_REQUIRED: t("checkout.postal.required"),
      TAX_ID_INVALID: t("checkout.error.taxId"),
      TAX_LOCATION_INVALID: t("checkout.error.taxLocation"),
      INVALID_SEATS: t("checkout.seats.invalid", { min: MIN_SEATS, max: MAX_SEATS }),
      RATE_LIMITED: t("checkout.error.tooMany"),
    };
    if (code) {
      refusals.PROMOTION_CODE_UNKNOWN = t("checkout.promotion.unknown", { code });
      refusals.PROMOTION_CODE_NOT_STARTED = t("checkout.promotion.notStarted", { code });
      refusals.PROMOTION_CODE_ENDED = t("checkout.promotion.ended", { code });
      refusals.PROMOTION_CODE_USED_UP = t("checkout.promotion.usedUp", { code });
      refusals.PROMOTION_CODE_NOT_FOR_PLAN = t("checkout.promotion.notForPlan", { code, plan });
      refusals.PROMOTION_CODE_ALREADY_USED = t("checkout.promotion.alreadyUsed", { code });
      refusals.PROMOTION_CODE_IN_CHECKOUT = t("checkout.promotion.inCheckout", { code });
    }
    return refusals;
  }
}
