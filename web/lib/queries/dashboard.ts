import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  DashboardResponse,
  GeneratePluginKeyResponse,
  LinkedAccountResponse,
  MeResponse,
  MyReviewResponse,
  PaymentIntentResponse,
  RenewBody,
  ReviewBody,
  ReviewView,
  RobloxProfile,
  UserSettings,
} from "@shared/api-types";
import { apiRequest, getQueryFn } from "../api";
import { useWordsLanguage } from "../language";
import { queryClient } from "../query-client";
import { useSession } from "../session";
import { generatedPluginKey } from "../plugin-key-name";
import { ME_QUERY_KEY } from "./auth";

export const DASHBOARD_QUERY_KEY = ["/api/dashboard"] as const;
export const LINKED_ACCOUNT_QUERY_KEY = ["/api/figma/linked-account"] as const;
export const MY_REVIEW_QUERY_KEY = ["/api/reviews/mine"] as const;

/** The dashboard answer plus when it arrived, so time remaining can tick down from the server's own count. */
export interface DashboardData extends DashboardResponse {
  receivedAt: number;
}

const fetchDashboard = getQueryFn<DashboardResponse>({ on401: "throw" });

export function useDashboard() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: async (context) =>
      ({ ...((await fetchDashboard(context)) as DashboardResponse), receivedAt: Date.now() }) as DashboardData,
    enabled: token !== null,
  });
}

export function useLinkedAccount() {
  return useQuery<LinkedAccountResponse>({ queryKey: LINKED_ACCOUNT_QUERY_KEY });
}

/** Username and headshot of a linked account, looked up by the server (cached there for an hour). */
export function useRobloxProfile(id: string | null) {
  return useQuery<RobloxProfile>({ queryKey: ["/api/roblox/profile", id ?? ""], enabled: id !== null });
}

export function useMyReview() {
  return useQuery<MyReviewResponse>({ queryKey: MY_REVIEW_QUERY_KEY });
}

const refreshAccount = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);

export function useCancelSubscription() {
  return useMutation({
    mutationFn: () => apiRequest<DashboardResponse>("POST", "/api/subscription/cancel"),
    onSuccess: refreshAccount,
  });
}

/** Renew / Extend: POST /api/subscription/renew {plan, country?…} → the same intent the purchase dialog pays. */
export function useRenewSubscription() {
  // The sale keeps the language the checkout is shown in.
  const language = useWordsLanguage();
  return useMutation({
    mutationFn: (body: RenewBody) =>
      apiRequest<PaymentIntentResponse>("POST", "/api/subscription/renew", { ...body, language }),
  });
}

/** After a renewal is paid: the account's new end date and plan. */
export const refreshSubscription = refreshAccount;

export function useRedeemKey() {
  return useMutation({
    mutationFn: (productKey: string) =>
      apiRequest<DashboardResponse>("POST", "/api/subscription/redeem", { productKey }),
    onSuccess: refreshAccount,
  });
}

/** Saves settings; the answer is the whole settings object, written into the cached user. */
export function useUpdateSettings() {
  return useMutation({
    mutationFn: (change: Partial<Pick<UserSettings, "notifications" | "autoSync" | "theme" | "language">>) =>
      apiRequest<UserSettings>("PUT", "/api/user/settings", change),
    onSuccess: (settings) => {
      useSession.getState().updateUser({ settings });
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) => (me ? { ...me, user: { ...me.user, settings } } : me));
    },
  });
}

export function useGeneratePluginKey() {
  return useMutation({
    mutationFn: () => apiRequest<GeneratePluginKeyResponse>("POST", "/api/figma/generate-key"),
    onSuccess: (answer) => {
      useSession.getState().updateUser({ pluginKey: generatedPluginKey(answer) });
      return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useResetLinkedAccount() {
  return useMutation({
    mutationFn: () => apiRequest<{ linkedRobloxAccountId: null }>("POST", "/api/figma/reset-linked-account"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINKED_ACCOUNT_QUERY_KEY }),
  });
}

export function useSaveReview() {
  return useMutation({
    mutationFn: (review: ReviewBody) => apiRequest<ReviewView>("POST", "/api/reviews", review),
    onSuccess: (review) => {
      queryClient.setQueryData<MyReviewResponse>(MY_REVIEW_QUERY_KEY, { review });
      return queryClient.invalidateQueries({ queryKey: ["/api/reviews"], exact: true });
    },
  });
}
