import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  ActiveUsersResponse,
  ReviewView,
  SupportTicketView,
  TicketBody,
  TicketThreadView,
} from "@shared/api-types";
import { apiRequest, getQueryFn } from "../api";
import { queryClient } from "../query-client";
import { useAfterIdle } from "../use-after-idle";

/** Reviews shown on the home and purchase pages; asked once the page is idle, then every 60 s. */
export function useReviews() {
  return useQuery({
    queryKey: ["/api/reviews"],
    queryFn: getQueryFn<ReviewView[]>({ on401: "returnNull" }),
    enabled: useAfterIdle(),
    refetchInterval: 60_000,
  });
}

/** Users active in the last five minutes; asked once the page is idle, then every 30 s. */
export function useActiveUsers() {
  return useQuery({
    queryKey: ["/api/stats/active-users"],
    queryFn: getQueryFn<ActiveUsersResponse>({ on401: "returnNull" }),
    enabled: useAfterIdle(),
    refetchInterval: 30_000,
  });
}

export type TicketInput = TicketBody;

/** The support page's contact form: creates a ticket the admins see. */
export function useCreateTicket() {
  return useMutation({
    mutationFn: (input: TicketInput) => apiRequest<SupportTicketView>("POST", "/api/support/tickets", input),
  });
}

const ticketLinkUrl = (token: string) => `/api/support/ticket-link?${new URLSearchParams({ token })}`;

/** A ticket's thread, by the token of the link in its e-mails (no account). */
export function useTicketThread(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/support/ticket-link", token],
    queryFn: () => apiRequest<TicketThreadView>("GET", ticketLinkUrl(token)),
    enabled,
    retry: false,
  });
}

/** The sender's answer through the link; the thread it answers replaces the one shown. */
export function useAnswerTicket(token: string) {
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<TicketThreadView>("POST", "/api/support/ticket-link/messages", { token, message }),
    onSuccess: (thread) => queryClient.setQueryData(["/api/support/ticket-link", token], thread),
  });
}
