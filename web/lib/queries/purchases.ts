/** Dashboard → Purchases, and a buyer's own refund; the admin panel's Refund requests. */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { PurchasesResponse, RefundAnswer, RefundRequestView } from "@shared/api/purchases";
import { apiRequest } from "../api";
import { queryClient } from "../query-client";
import { DASHBOARD_QUERY_KEY } from "./dashboard";
import { ME_QUERY_KEY } from "./auth";

export const PURCHASES_QUERY_KEY = ["/api/account/purchases"] as const;
export const REFUND_REQUESTS_QUERY_KEY = ["/api/admin/refund-requests"] as const;

export function usePurchases() {
  return useQuery<PurchasesResponse>({ queryKey: PURCHASES_QUERY_KEY });
}

/** A refund changes the purchase, and (auto) the subscription's time. */
export function useRequestRefund() {
  return useMutation({
    mutationFn: (saleId: number) => apiRequest<RefundAnswer>("POST", `/api/account/purchases/${saleId}/refund`),
    onSettled: () =>
      Promise.all(
        [PURCHASES_QUERY_KEY, DASHBOARD_QUERY_KEY, ME_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useRefundRequests() {
  return useQuery<RefundRequestView[]>({ queryKey: REFUND_REQUESTS_QUERY_KEY });
}

export function useDecideRefundRequest() {
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      apiRequest<RefundRequestView>("POST", `/api/admin/refund-requests/${id}/${approve ? "approve" : "decline"}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REFUND_REQUESTS_QUERY_KEY }),
  });
}
