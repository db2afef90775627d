import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  CreateIntentBody, DemoConfirmBody, DemoConfirmResponse, PaymentIntentResponse, PaymentResultResponse, PublicConfigResponse,
} from "../../../src/shared/api-types";
import { apiRequest, getQueryFn } from "../api";

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
  return useMutation({
    mutationFn: (input: CreateIntentBody) =>
      apiRequest<PaymentIntentResponse>("POST", "/api/create-payment-intent", input),
  });
}

/** The demo provider's card confirmation (development only). */
export function useConfirmDemoPayment() {
  return useMutation({
    mutationFn: (input: DemoConfirmBody) =>
      apiRequest<DemoConfirmResponse>("POST", "/api/payment/demo/confirm", input),
  });
}

/** Verifies a payment on the result page; runs only when `enabled` (SPEC.md §5). */
export function usePaymentResult(paymentIntentId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/payment/success", paymentIntentId],
    queryFn: () =>
      apiRequest<PaymentResultResponse>("GET", `/api/payment/success?payment_intent=${encodeURIComponent(paymentIntentId ?? "")}`),
    enabled: enabled && !!paymentIntentId,
    retry: false,
    staleTime: Infinity,
  });
}

/** Where the browser lands after a payment, in the card provider's own format. */
export function paymentResultPath(paymentIntentId: string): string {
  return `/purchase/success?payment_intent=${encodeURIComponent(paymentIntentId)}&redirect_status=succeeded`;
}
