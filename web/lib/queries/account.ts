/** The account's rights from Settings: change password or e-mail, download the data, delete the account. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { navigate } from "wouter/use-browser-location";
import type {
  AccountMessage,
  ChangeEmailBody,
  ChangePasswordAnswer,
  ChangePasswordBody,
  ConfirmEmailAnswer,
  LastBillingDetails,
  PendingEmailChange,
} from "@shared/api/account";
import { apiRequest, downloadFile } from "../api";
import { queryClient } from "../query-client";
import { useSession } from "../session";
import { toast } from "../use-toast";
import { ME_QUERY_KEY } from "./auth";
import { PURCHASES_QUERY_KEY } from "./purchases";

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest<ChangePasswordAnswer>("POST", "/api/account/password", body),
    onSuccess: ({ token }) => useSession.getState().renewToken(token),
  });
}

/** The billing details of the account's own last purchase, which a renewal starts from. */
export function useLastBillingDetails(enabled = true) {
  return useQuery<LastBillingDetails>({ queryKey: ["/api/account/billing-details"], enabled });
}

export const PENDING_EMAIL_QUERY_KEY = ["/api/account/email"] as const;

/** The e-mail change waiting for its link to be followed, as the server has it. */
export function usePendingEmailChange() {
  return useQuery<PendingEmailChange>({ queryKey: PENDING_EMAIL_QUERY_KEY });
}

const refreshPendingEmail = () => queryClient.invalidateQueries({ queryKey: PENDING_EMAIL_QUERY_KEY });

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => apiRequest<AccountMessage>("POST", "/api/account/email", body),
    onSuccess: refreshPendingEmail,
  });
}

/** Cancels the waiting change: its link stops working. */
export function useCancelEmailChange() {
  return useMutation({
    mutationFn: () => apiRequest<PendingEmailChange>("DELETE", "/api/account/email"),
    onSuccess: (answer) => queryClient.setQueryData(PENDING_EMAIL_QUERY_KEY, answer),
  });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<ConfirmEmailAnswer>("POST", "/api/account/email/confirm", { token }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }), refreshPendingEmail()]),
  });
}

export function useConfirmAddress() {
  return useMutation({
    mutationFn: (token: string) => apiRequest<ConfirmEmailAnswer>("POST", "/api/account/confirm-address", { token }),
    // What the address holds is the account's now: its purchases list grows.
    onSuccess: () =>
      Promise.all([ME_QUERY_KEY, PURCHASES_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** "Send the link again" for the account's address. */
export function useResendAddressConfirmation() {
  return useMutation({
    mutationFn: () => apiRequest<AccountMessage>("POST", "/api/account/confirm-address/resend"),
  });
}

export function useExportAccount() {
  return useMutation({ mutationFn: () => downloadFile("/api/account/export") });
}

/** Deletes the account, then forgets the session and goes home with a sentence saying it is done. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiRequest<AccountMessage>("DELETE", "/api/account", { password }),
    onSuccess: ({ message }) => {
      useSession.getState().clear();
      navigate("/");
      toast({ title: "Account Deleted", description: message });
    },
  });
}
