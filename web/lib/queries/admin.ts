import { useMutation, useQuery, type QueryKey } from "@tanstack/react-query";
import type {
  AdminOverviewResponse,
  AdminUserView,
  AuditEntryView,
  EmailView,
  ListedEmailView,
  RetriedEmails,
  FailedEmailCount,
  ProductKeyView,
  AdminProductKeyView,
  SalesResponse,
  SupportTicketView,
  TicketDetailView,
  TicketReplyBody,
  TestEmailResponse,
  GenerateKeysBody,
  TestEmailBody,
  RefundBody,
  RevenueResponse,
  SaleView,
} from "@shared/api-types";
import type { AdminKeyState } from "@shared/key-states";
import type { TicketStatus } from "@shared/support";
import { apiRequest, getQueryFn } from "../api";
import { queryClient } from "../query-client";

/** One page of a list: `before` is the id of the last row of the page before it (keyset paging). */
export interface Page {
  limit: number;
  before?: number;
}

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/**
 * A query keyed [path, params]: prefix invalidation by path works, and the URL carries the params.
 */
function useAdminQuery<T>(path: string, params: Record<string, string | number | undefined> = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== "") search.set(name, String(value));
  const url = search.size ? `${path}?${search}` : path;
  return useQuery({
    queryKey: [path, params] as QueryKey,
    queryFn: async (context) => (await fetchJson({ ...context, queryKey: [url] })) as T,
    placeholderData: (previous) => previous,
  });
}

const refresh = (...paths: string[]) =>
  Promise.all(paths.map((path) => queryClient.invalidateQueries({ queryKey: [path] })));

const OVERVIEW = "/api/admin/overview";
const KEYS = "/api/admin/product-keys";
const SALES = "/api/admin/sales";
const REVENUE = "/api/admin/revenue";
const TICKETS = "/api/support/tickets";
const EMAILS = "/api/admin/emails";
const FAILED_EMAILS = "/api/admin/emails/failed-count";
const USERS = "/api/admin/users";
const AUDIT = "/api/admin/audit";

export const useAdminOverview = () => useAdminQuery<AdminOverviewResponse>(OVERVIEW);
export const useRevenue = (days: 30 | 90) => useAdminQuery<RevenueResponse>(REVENUE, { days });
export const useSales = (page: Page) => useAdminQuery<SalesResponse>(SALES, { ...page });
export const useProductKeys = (page: Page, state?: AdminKeyState) =>
  useAdminQuery<AdminProductKeyView[]>(KEYS, { ...page, state });
export const useTickets = (page: Page, status?: TicketStatus) =>
  useAdminQuery<SupportTicketView[]>(TICKETS, { ...page, status });
/** One ticket with its thread and its sender; keyed under the list's path, so a change to either refreshes both. */
export const useTicket = (id: number) =>
  useQuery({
    queryKey: [TICKETS, { ticket: id }],
    queryFn: async (context) => (await fetchJson({ ...context, queryKey: [`${TICKETS}/${id}`] })) as TicketDetailView,
  });
export const useFailedEmailCount = () => useAdminQuery<FailedEmailCount>(FAILED_EMAILS);
export const useAdminEmails = (page: Page) => useAdminQuery<ListedEmailView[]>(EMAILS, { ...page });
/** One e-mail with its text, fetched when it is opened. */
export const useAdminEmail = (id: number, enabled: boolean) =>
  useQuery({ queryKey: [`${EMAILS}/${id}`], queryFn: getQueryFn<EmailView>({ on401: "throw" }), enabled });
export const useAdminUsers = (q: string, page: Page) => useAdminQuery<AdminUserView[]>(USERS, { q, ...page });
export const useAuditLog = (page: Page) => useAdminQuery<AuditEntryView[]>(AUDIT, { ...page });

export function useGenerateKeys() {
  return useMutation({
    mutationFn: (input: GenerateKeysBody) =>
      apiRequest<ProductKeyView[]>("POST", "/api/admin/generate-product-key", input),
    onSuccess: () => refresh(KEYS, OVERVIEW, AUDIT),
  });
}

export function useDeleteKey() {
  return useMutation({
    mutationFn: (keyId: number) => apiRequest<{ success: true }>("DELETE", `/api/admin/product-keys/${keyId}`),
    onSettled: () => refresh(KEYS, OVERVIEW, AUDIT),
  });
}

export function useTestEmail() {
  return useMutation({
    mutationFn: (input: TestEmailBody) => apiRequest<TestEmailResponse>("POST", "/api/admin/test-email", input),
    onSuccess: () => refresh(EMAILS, AUDIT),
  });
}

export function useSetTicketStatus() {
  return useMutation({
    mutationFn: ({ ticketId, status }: { ticketId: number; status: TicketStatus }) =>
      apiRequest<SupportTicketView>("PATCH", `/api/support/tickets/${ticketId}`, { status }),
    onSuccess: () => refresh(TICKETS, OVERVIEW, AUDIT),
  });
}

/** An answer to a ticket: e-mailed to its sender; `close` closes the ticket with it. */
export function useReplyToTicket(ticketId: number) {
  return useMutation({
    mutationFn: (body: TicketReplyBody) =>
      apiRequest<TicketDetailView>("POST", `/api/support/tickets/${ticketId}/replies`, body),
    onSuccess: (detail) => {
      queryClient.setQueryData([TICKETS, { ticket: ticketId }], detail);
      return refresh(TICKETS, OVERVIEW, EMAILS, AUDIT);
    },
  });
}

/** E-mails a ticket's sender every key bought with its address. */
export function useResendTicketKeys(ticketId: number) {
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>("POST", `/api/support/tickets/${ticketId}/resend-keys`),
    onSettled: () => refresh(EMAILS, AUDIT),
  });
}

export function useRetryFailedEmails() {
  return useMutation({
    mutationFn: () => apiRequest<RetriedEmails>("POST", "/api/admin/emails/retry-failed"),
    onSettled: () => refresh(EMAILS, FAILED_EMAILS, AUDIT),
  });
}

export function useResendEmail() {
  return useMutation({
    mutationFn: (emailId: number) => apiRequest<EmailView>("POST", `/api/admin/emails/${emailId}/resend`),
    onSettled: () => refresh(EMAILS, FAILED_EMAILS, AUDIT),
  });
}

/**
 * Refunds a sale in full (no amount) or in part (dollars), optionally ending some of its seats; the provider is
 * asked, then the sale updates.
 */
export function useRefundSale() {
  return useMutation({
    /** `idempotencyKey`: one per refund meant, so a double click or a retry refunds once. */
    mutationFn: ({
      saleId,
      amount,
      seats,
      idempotencyKey,
    }: {
      saleId: number;
      amount?: number;
      seats?: number;
      idempotencyKey: string;
    }) =>
      apiRequest<SaleView>(
        "POST",
        `/api/admin/sales/${saleId}/refund`,
        { ...(amount === undefined ? {} : { amount }), ...(seats === undefined ? {} : { seats }) } satisfies RefundBody,
        { "Idempotency-Key": idempotencyKey },
      ),
    onSettled: () => refresh(SALES, OVERVIEW, AUDIT, REVENUE, TICKETS),
  });
}

/** An admin sets an account's seat count (goodwill, or fewer: the newest end); audited as seats.set. */
export function useSetUserSeats() {
  return useMutation({
    mutationFn: ({ userId, seats }: { userId: number; seats: number }) =>
      apiRequest<{ seats: number; ended: number }>("PUT", `/api/admin/users/${userId}/seats`, { seats }),
    onSuccess: () => refresh(USERS, AUDIT),
  });
}

export function useResetUserLink() {
  return useMutation({
    mutationFn: (userId: number) => apiRequest<AdminUserView>("POST", `/api/admin/users/${userId}/reset-link`),
    onSuccess: () => refresh(USERS, AUDIT),
  });
}
