import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  PlanChangeBody,
  PlanView,
  PromotionCodeView,
  PromotionCreateBody,
  PromotionLookup,
} from "@shared/api/pricing";
import { PLANS_QUERY_KEY, promotionQueryKey } from "@shared/page-data";
import { apiRequest, getQueryFn } from "../api";
import { queryClient } from "../query-client";

/** The plans on sale with their prices now; a server-rendered page brings them along (page-data). */
export function usePlans() {
  return useQuery({ queryKey: PLANS_QUERY_KEY, queryFn: getQueryFn<PlanView[]>({ on401: "returnNull" }) });
}

/** Whether a promotion code applies and what it takes off each plan; nothing is asked without a code. */
export function usePromotionLookup(code: string | null) {
  return useQuery({
    queryKey: promotionQueryKey(code ?? ""),
    queryFn: getQueryFn<PromotionLookup>({ on401: "returnNull" }),
    enabled: !!code,
  });
}

const ADMIN_PLANS = "/api/admin/plans";
const CODES = "/api/admin/promotion-codes";

const refreshPrices = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_PLANS] }),
    queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY }),
  ]);

export function useAdminPlans() {
  return useQuery({ queryKey: [ADMIN_PLANS], queryFn: getQueryFn<PlanView[]>({ on401: "throw" }) });
}

export function useUpdatePlan() {
  return useMutation({
    mutationFn: ({ id, change }: { id: PlanView["id"]; change: PlanChangeBody }) =>
      apiRequest<PlanView>("PUT", `${ADMIN_PLANS}/${id}`, change),
    onSuccess: () => refreshPrices(),
  });
}

export function usePromotionCodes() {
  return useQuery({ queryKey: [CODES], queryFn: getQueryFn<PromotionCodeView[]>({ on401: "throw" }) });
}

const refreshCodes = () => queryClient.invalidateQueries({ queryKey: [CODES] });

export function useCreatePromotionCode() {
  return useMutation({
    mutationFn: (body: PromotionCreateBody) => apiRequest<PromotionCodeView>("POST", CODES, body),
    onSuccess: () => refreshCodes(),
  });
}

export function useSetPromotionActive() {
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiRequest<PromotionCodeView>("PATCH", `${CODES}/${id}`, { active }),
    onSuccess: () => refreshCodes(),
  });
}

export function useDeletePromotionCode() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ success: true }>("DELETE", `${CODES}/${id}`),
    onSuccess: () => refreshCodes(),
  });
}
