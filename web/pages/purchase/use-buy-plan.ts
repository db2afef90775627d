import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { PlanView } from "@shared/api/pricing";
import { PROMOTION_CODE } from "@shared/promotion-code";
import { paymentResultPath, useCreatePaymentIntent, usePublicConfig } from "../../lib/queries/checkout";
import { useMe } from "../../lib/queries/auth";
import { usePromotionLookup } from "../../lib/queries/pricing";
import { failureToast } from "../../lib/failure-toast";
import { toast } from "../../lib/use-toast";
import type { PromotionPrice } from "../../components/plan-card";
import { asksBeforePaying, type Checkout } from "../../components/checkout/checkout-types";
import { useT, useWordsLanguage, type Translate } from "../../lib/language";
import { paymentRefusals } from "../../components/checkout/refusals";
import { failureText } from "../../lib/error-text";
import { ApiError } from "../../lib/api";
import { isPromotionRefusal } from "../../components/checkout/use-open-payment";
import { useCheckoutDialogWaiting } from "../../components/checkout/lazy-checkout-dialog";

export const EMAIL_FIELD_ID = "purchase-email";

/** The code /purchase?code=… carries, when it is one. */
function codeIn(search: string): string | null {
  const code = new URLSearchParams(search).get("code")?.trim() ?? "";
  return PROMOTION_CODE.test(code) ? code.toUpperCase() : null;
}

/** Brings the field to the middle of the screen, clear of the header and of a toast under it, and focuses it. */
function focusField(field: HTMLInputElement | null) {
  field?.scrollIntoView({ block: "center" });
  field?.focus({ preventScroll: true });
}

/** What is wrong with the address typed, said at the field (and for an empty one in a toast too), or null. */
function addressProblem(address: string, field: HTMLInputElement | null, t: Translate): string | null {
  if (!address) {
    toast({ title: t("purchase.email.requiredTitle"), description: t("purchase.email.required") });
    return t("purchase.email.required");
  }
  // The browser knows an address when it sees one ("bad@" is not): said at the field, before any request.
  if (field && !field.validity.valid) return t("purchase.email.invalid");
  return null;
}

/**
 * The buyer's address and what is wrong with it: empty for a visitor, the account's own for someone signed in,
 * until they type another.
 */
function useBuyerEmail() {
  const [value, setValue] = useState("");
  const [typed, setTyped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const account = useMe().data?.user.email;
  useEffect(() => {
    if (account && !typed) setValue(account);
  }, [account, typed]);
  const change = (next: string) => {
    setTyped(true);
    setValue(next);
    setError(null);
  };
  return { value, error, change, setError };
}

/** The address to buy with, or null once the field says what is wrong with it. */
function checkedAddress(email: ReturnType<typeof useBuyerEmail>, t: Translate): string | null {
  const address = email.value.trim();
  const field = document.getElementById(EMAIL_FIELD_ID) as HTMLInputElement | null;
  const problem = addressProblem(address, field, t);
  if (!problem) return address;
  email.setError(problem);
  focusField(field);
  return null;
}

/** The promotion code in the address bar, what the server says of it, and each plan's price with it. */
function usePromotionInUrl() {
  const code = codeIn(useSearch());
  const promotion = usePromotionLookup(code);
  const applied = code && promotion.data?.applies ? promotion.data : null;
  function promotionPrice(plan: PlanView): PromotionPrice | null {
    const price = applied?.prices.find((p) => p.plan === plan.id);
    return applied && price ? { code: applied.code, discount: price.discount, total: price.total } : null;
  }
  return { code, promotion, applied, promotionPrice };
}

/**
 * Why the payment could not start: a refused promotion code's sentence (for the dialog to offer the list price),
 * or null once any other failure is said in a toast. Refusals known by their code are in the page's language.
 */
function refusalText(
  error: Error,
  codes: Partial<Record<string, string>>,
  t: Translate,
  /** The dialog can offer the list price (the site's settings are known). */
  canOffer: boolean,
): string | null {
  if (canOffer && isPromotionRefusal(error))
    return failureText(error, { fallback: error.message, statusPrefix: "", codes });
  const known = error instanceof ApiError && error.code ? codes[error.code] : undefined;
  failureToast(t("checkout.error.title"), known ?? (error.message || t("checkout.error.process")))(error);
  return null;
}

export function useBuyPlan() {
  const [, navigate] = useLocation();
  const email = useBuyerEmail();
  const t = useT();
  const language = useWordsLanguage();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const createIntent = useCreatePaymentIntent();
  const { data: config } = usePublicConfig();
  const { code, promotion, applied, promotionPrice } = usePromotionInUrl();
  const dialogWaiting = useCheckoutDialogWaiting(checkout);

  function finished(title: string, paymentIntentId: string, clientSecret: string) {
    toast({ title, description: t("checkout.done.checkEmail") });
    setCheckout(null);
    // The client secret goes along, as in the card provider's own return URL: it shows this browser the key.
    navigate(paymentResultPath(paymentIntentId, clientSecret));
  }
  // Nothing to pay: the order is complete and the key is on its way; the result page shows it.
  const freeOrder = (paymentIntentId: string, clientSecret: string) =>
    finished(t("checkout.done.order"), paymentIntentId, clientSecret);

  function choose(plan: PlanView) {
    const address = checkedAddress(email, t);
    if (address === null) return;
    const withCode = applied && promotionPrice(plan) ? { promotionCode: applied.code } : {};
    const opened: Omit<Checkout, "provider"> = {
      plan,
      asksLocation: config ? config.tax !== "off" : false,
      asksSeats: true,
      consentSetting: config?.withdrawalConsent ?? "eu",
      promotion: promotionPrice(plan),
      requestIntent: async ({ withoutPromotion, ...details }) => {
        const answer = await createIntent.mutateAsync({
          plan: plan.id,
          email: address,
          ...(withoutPromotion ? {} : withCode),
          ...details,
        });
        if (answer.provider === "free") freeOrder(answer.paymentIntentId, answer.clientSecret);
        return answer;
      },
    };
    if (config && asksBeforePaying(config)) {
      // The dialog asks first (billing location, consent), then makes the payment for the answers.
      setCheckout({ ...opened, provider: config.paymentProvider });
      return;
    }
    createIntent.mutate(
      { plan: plan.id, email: address, ...withCode },
      {
        onSuccess: (answer) => {
          if (answer.provider === "free") freeOrder(answer.paymentIntentId, answer.clientSecret);
          else setCheckout({ ...opened, provider: answer.provider, initial: answer });
        },
        onError: (error) => {
          const refused = refusalText(error, paymentRefusals(t, language, applied?.code ?? "", plan.name), t, !!config);
          // A code this buyer can't use (used before, say): the dialog says why and offers the list price.
          if (refused && config)
            setCheckout({ ...opened, provider: config.paymentProvider, promotionRefused: refused });
        },
      },
    );
  }

  return {
    email,
    code,
    promotion,
    promotionPrice,
    choose,
    // Busy from the click until the dialog shows: the payment being made, then the dialog's code if still coming.
    processing: createIntent.isPending || dialogWaiting,
    checkout,
    publishableKey: config?.stripePublishableKey ?? null,
    closeCheckout: () => setCheckout(null),
    paid: (paymentIntentId: string, clientSecret: string) =>
      finished(t("checkout.done.paid"), paymentIntentId, clientSecret),
  };
}
