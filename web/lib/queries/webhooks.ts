import { useMutation, useQuery, type QueryKey } from "@tanstack/react-query";
import type {
  CreatedWebhookEndpoint,
  RotatedWebhookSecret,
  WebhookDeliveryView,
  WebhookEndpointChange,
  WebhookEndpointInput,
  WebhookEndpointView,
} from "@shared/api/webhooks";
import { apiRequest, getQueryFn } from "../api";
import { queryClient } from "../query-client";
import type { Page } from "./admin";

const WEBHOOKS = "/api/admin/webhooks";
const fetchJson = getQueryFn<unknown>({ on401: "throw" });

const refresh = () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS] });

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [WEBHOOKS],
    queryFn: getQueryFn<WebhookEndpointView[]>({ on401: "throw" }),
  });
}

/** One endpoint's deliveries, a page at a time (keyset by `before`). */
export function useWebhookDeliveries(endpointId: number, page: Page) {
  const search = new URLSearchParams({ limit: String(page.limit) });
  if (page.before !== undefined) search.set("before", String(page.before));
  const url = `${WEBHOOKS}/${endpointId}/deliveries?${search}`;
  return useQuery({
    queryKey: [WEBHOOKS, endpointId, "deliveries", page] as QueryKey,
    queryFn: async (context) => (await fetchJson({ ...context, queryKey: [url] })) as WebhookDeliveryView[],
    placeholderData: (previous) => previous,
  });
}

export function useCreateWebhook() {
  return useMutation({
    mutationFn: (body: WebhookEndpointInput) => apiRequest<CreatedWebhookEndpoint>("POST", WEBHOOKS, body),
    onSuccess: () => refresh(),
  });
}

export function useUpdateWebhook() {
  return useMutation({
    mutationFn: ({ id, ...change }: WebhookEndpointChange & { id: number }) =>
      apiRequest<WebhookEndpointView>("PATCH", `${WEBHOOKS}/${id}`, change),
    onSuccess: () => refresh(),
  });
}

export function useDeleteWebhook() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ deleted: true }>("DELETE", `${WEBHOOKS}/${id}`),
    onSuccess: () => refresh(),
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<RotatedWebhookSecret>("POST", `${WEBHOOKS}/${id}/rotate-secret`),
    onSuccess: () => refresh(),
  });
}

export function useSendWebhookTest() {
  return useMutation({
    mutationFn: (id: number) => apiRequest<WebhookDeliveryView>("POST", `${WEBHOOKS}/${id}/test`),
    onSuccess: () => refresh(),
  });
}

export function useReplayDelivery() {
  return useMutation({
    mutationFn: (deliveryId: number) =>
      apiRequest<WebhookDeliveryView>("POST", `${WEBHOOKS}/deliveries/${deliveryId}/replay`),
    onSuccess: () => refresh(),
  });
}
