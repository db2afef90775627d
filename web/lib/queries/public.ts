import { useMutation, useQuery } from "@tanstack/react-query";
import type { ActiveUsersResponse, ReviewView, SupportTicketView, TicketBody } from "@shared/api-types";
import { apiRequest, getQueryFn } from "../api";

/** Reviews shown on the home page; polled every 60 s. */
export function useReviews() {
  return useQuery({
    queryKey: ["/api/reviews"],
    queryFn: getQueryFn<ReviewView[]>({ on401: "returnNull" }),
    refetchInterval: 60_000,
  });
}

/** Users active in the last five minutes; polled every 30 s. */
export function useActiveUsers() {
  return useQuery({
    queryKey: ["/api/stats/active-users"],
    queryFn: getQueryFn<ActiveUsersResponse>({ on401: "returnNull" }),
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
