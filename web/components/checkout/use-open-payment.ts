/**
 * The payment the purchase dialog has open. Each request sends the open one along (`previous`), so the server
 * answers it again when nothing changed, or cancels it before making the new one. Closing the dialog, leaving
 * the page or a failed payment cancels it at once, which gives its promotion use back.
 */
import { useEffect, useRef, useState } from "react";
import type { PaymentIntentResponse } from "@shared/api-types";
import { cancelPayment } from "../../lib/queries/checkout";
import { failureText } from "../../lib/error-text";
import { ApiError } from "../../lib/api";
import type { BuyerDetails, Checkout } from "./checkout-types";
import { useT } from "../../lib/language";
import { usePaymentRefusals } from "./refusals";

/** A promotion code refused at checkout (used before by this buyer, used up, ended…): the list price is offered. */
export const isPromotionRefusal = (error: unknown) =>
  error instanceof ApiError && (error.code ?? "").startsWith("PROMOTION_CODE_");

/** The same details, the same payment: the key a request is made for. */
export const detailsKey = (details: BuyerDetails) =>
  JSON.stringify([
    details.country ?? "",
    details.postalCode ?? "",
    (details.taxId ?? "").toUpperCase(),
    details.companyName ?? "",
    details.companyAddress ?? "",
    details.withdrawalConsent === true,
    details.withoutPromotion === true,
    details.seats ?? 1,
  ]);

/** What the dialog says about the payment: why it could not start, why it failed, a refused promotion code. */
function usePaymentMessages() {
  const [error, setError] = useState<string | null>(null);
  /** Why the last payment failed; the dialog offers to try again. */
  const [failure, setFailure] = useState<string | null>(null);
  /** The server refused the promotion code for this buyer (its sentence); the dialog offers the list price. */
  const [promotionRefused, setPromotionRefused] = useState<string | null>(null);
  /** The failure is no failure: the payment goes on in another window (a once-per-buyer code started there). */
  const [elsewhere, setElsewhere] = useState(false);
  const clear = () => {
    setError(null);
    setFailure(null);
    setPromotionRefused(null);
  };
  return {
    error,
    setError,
    failure,
    setFailure,
    promotionRefused,
    setPromotionRefused,
    elsewhere,
    setElsewhere,
    clear,
  };
}

/** A page left with the dialog open gives its payment up too (the hold would run out anyway). */
function useGiveUpOnLeave(open: { current: PaymentIntentResponse | null }) {
  useEffect(() => {
    const leave = () => {
      if (open.current) cancelPayment(open.current);
    };
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [open]);
}

/** How an open payment ends without being shown again: the dialog closed, the payment failed, or it was paid. */
function endings(
  open: { current: PaymentIntentResponse | null },
  hide: () => void,
  messages: ReturnType<typeof usePaymentMessages>,
) {
  return {
    /** The dialog closed without paying: the payment is given up. */
    release() {
      if (open.current) cancelPayment(open.current);
      open.current = null;
    },
    /** The card was declined (or the payment failed otherwise): given up at once; trying again makes a new one. */
    failed(message: string, inAnotherWindow = false) {
      if (open.current) cancelPayment(open.current);
      hide();
      messages.setFailure(message);
      messages.setElsewhere(inAnotherWindow);
    },
    /** The buyer changed the form after a failure: the form's own button asks again, with the new details. */
    dismissFailure: () => messages.setFailure(null),
    /** Paid: nothing to give up. */
    paid() {
      open.current = null;
    },
  };
}

export function useOpenPayment(checkout: Checkout | null) {
  const [current, setCurrent] = useState<PaymentIntentResponse | null>(null);
  const [currentKey, setCurrentKey] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const messages = usePaymentMessages();
  const { setError, setPromotionRefused } = messages;
  const t = useT();
  const refusals = usePaymentRefusals({ code: checkout?.promotion?.code, plan: checkout?.plan.name });
  const open = useRef<PaymentIntentResponse | null>(null);
  const wanted = useRef("");
  const last = useRef<BuyerDetails>({});

  const show = (intent: PaymentIntentResponse | null, key: string | null) => {
    open.current = intent && intent.provider !== "free" ? intent : null;
    setCurrent(intent);
    setCurrentKey(key);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new checkout opens; show is remade on every render
  useEffect(() => {
    // The payment made before the dialog opened was for no details but its seats (a renewal's current count).
    const initial = checkout?.initial ?? null;
    show(initial, initial ? detailsKey({ seats: initial.quote.seats }) : null);
    messages.clear();
    setPending(false);
    last.current = initial && initial.quote.seats !== 1 ? { seats: initial.quote.seats } : {};
  }, [checkout]);

  useGiveUpOnLeave(open);

  async function request(details: BuyerDetails) {
    if (!checkout) return;
    const key = detailsKey(details);
    wanted.current = key;
    last.current = details;
    setPending(true);
    messages.clear();
    const previous = open.current;
    try {
      const answer = await checkout.requestIntent({
        ...details,
        ...(previous
          ? { previous: { paymentIntentId: previous.paymentIntentId, clientSecret: previous.clientSecret } }
          : {}),
      });
      // A slower answer for details the buyer has since changed is not shown; the server cancels it with the next request.
      if (wanted.current === key) show(answer, key);
      else if (answer.provider !== "free") open.current = answer;
    } catch (failed) {
      if (wanted.current === key) {
        // The server cancelled the previous payment before refusing the new one.
        show(null, null);
        const text = failureText(failed, {
          fallback: t("checkout.start.fallback"),
          statusPrefix: t("checkout.start.status"),
          codes: refusals,
        });
        if (isPromotionRefusal(failed)) setPromotionRefused(text);
        else setError(text);
      }
    } finally {
      if (wanted.current === key) setPending(false);
    }
  }

  return {
    current,
    currentKey,
    pending,
    error: messages.error,
    failure: messages.failure,
    elsewhere: messages.elsewhere,
    promotionRefused: messages.promotionRefused,
    request,
    retry: () => request(last.current),
    ...endings(open, () => show(null, null), messages),
  };
}
