/** Buying a plan: the card provider in use, the payment intent, the demo card, the payment result, and lost keys sent again. */
import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CancelPaymentBody,
  CancelPaymentResponse,
  CreateIntentBody,
  DemoConfirmBody,
  DemoConfirmResponse,
  KeyResendBody,
  KeyResendResponse,
  PaymentIntentResponse,
  PaymentResultResponse,
  PublicConfigResponse,
} from "@shared/api-types";
import { apiRequest, getQueryFn } from "../api";
import { useLanguage, useWordsLanguage } from "../language";
import { queryClient } from "../query-client";

/** Which card provider is active and its publishable key; fixed for the life of the page. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["/api/config"],
    queryFn: getQueryFn<PublicConfigResponse>({ on401: "returnNull" }),
    staleTime: Infinity,
  });
}

/** POST /api/create-payment-intent {plan, email} → {clientSecret}. */
export function useCreatePaymentIntent() {
  // The sale keeps the language the checkout is shown in.
  const language = useWordsLanguage();
  return useMutation({
    mutationFn: (input: CreateIntentBody) =>
      apiRequest<PaymentIntentResponse>("POST", "/api/create-payment-intent", { ...input, language }),
  });
}

/**
 * POST /api/payment/cancel: the dialog closed or its payment failed; the payment is cancelled and its promotion
 * use given back. `keepalive` lets it finish while the page is being left.
 */
export function cancelPayment(open: CancelPaymentBody): void {
  void fetch("/api/payment/cancel", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ paymentIntentId: open.paymentIntentId, clientSecret: open.clientSecret }),
    keepalive: true,
  }).catch(() => {
    // Nothing to tell the buyer: the hold runs out on its own and the sweeper cancels the payment then.
  });
}

/**
 * The same, answered: a card form that found its payment cancelled gives it up and learns whether the buyer's
 * other window took it over (`takenOver`). Null when the server could not be asked.
 */
export function reportCanceledPayment(open: CancelPaymentBody): Promise<CancelPaymentResponse | null> {
  return apiRequest<CancelPaymentResponse>("POST", "/api/payment/cancel", {
    paymentIntentId: open.paymentIntentId,
    clientSecret: open.clientSecret,
  }).catch(() => null);
}

/** The demo provider's card confirmation (development only). */
export function useConfirmDemoPayment() {
  return useMutation({
    mutationFn: (input: DemoConfirmBody) => apiRequest<DemoConfirmResponse>("POST", "/api/payment/demo/confirm", input),
  });
}

const PAYMENT_RESULT = "/api/payment/success";

/** GET /api/payment/success: fulfils the payment if needed; with the intent's client secret it also answers the key. */
export function verifyPayment(paymentIntentId: string, clientSecret: string | null): Promise<PaymentResultResponse> {
  const query = new URLSearchParams({ payment_intent: paymentIntentId });
  if (clientSecret) query.set("payment_intent_client_secret", clientSecret);
  return apiRequest<PaymentResultResponse>("GET", `${PAYMENT_RESULT}?${query}`);
}

/**
 * Verifies a payment on the result page; runs only when `enabled` (the address carries a succeeded payment). Kept
 * for good, per language: why no key was issued is the server's sentence in the page's language, so a page switched
 * to another language asks again. A result without a sentence (paid, with its key) reads the same in every
 * language: one already had in another is used as it is, so a switch neither hides the key nor asks again.
 */
export function usePaymentResult(paymentIntentId: string | null, clientSecret: string | null, enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: [PAYMENT_RESULT, paymentIntentId, clientSecret, language],
    initialData: () =>
      queryClient
        .getQueriesData<PaymentResultResponse>({ queryKey: [PAYMENT_RESULT, paymentIntentId, clientSecret] })
        .map(([, result]) => result)
        .find((result) => result !== undefined && result.error === undefined),
    queryFn: () => verifyPayment(paymentIntentId ?? "", clientSecret),
    enabled: enabled && !!paymentIntentId,
    retry: false,
    staleTime: Infinity,
  });
}

/** Where the browser lands after a payment, in the card provider's own format (client secret included). */
export function paymentResultPath(paymentIntentId: string, clientSecret: string): string {
  const query = new URLSearchParams({
    payment_intent: paymentIntentId,
    payment_intent_client_secret: clientSecret,
    redirect_status: "succeeded",
  });
  return `/purchase/success?${query}`;
}

/** "Can't find your key?": POST /api/keys/resend {email}; the answer is the same sentence for every address. */
export function useResendKeys() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<KeyResendResponse>("POST", "/api/keys/resend", { email } satisfies KeyResendBody),
  });
}
