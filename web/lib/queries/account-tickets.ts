/** Dashboard → Support: the account's tickets and its answers to them. */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AccountTicketView, AccountTicketsResponse } from "@shared/api/support";
import { apiRequest } from "../api";
import { queryClient } from "../query-client";

export const ACCOUNT_TICKETS_QUERY_KEY = ["/api/account/tickets"] as const;

export function useAccountTickets() {
  return useQuery<AccountTicketsResponse>({ queryKey: ACCOUNT_TICKETS_QUERY_KEY });
}

/** The answered ticket replaces its old copy in the list. */
export function useAnswerAccountTicket(ticketId: number) {
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest<AccountTicketView>("POST", `/api/account/tickets/${ticketId}/messages`, { message }),
    onSuccess: (answered) =>
      queryClient.setQueryData<AccountTicketsResponse>(ACCOUNT_TICKETS_QUERY_KEY, (list) =>
        list ? { tickets: list.tickets.map((ticket) => (ticket.id === answered.id ? answered : ticket)) } : list,
      ),
  });
}
