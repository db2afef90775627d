import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, ResetPasswordBody } from "@shared/api-types";
import { apiRequest } from "../api";

/** Always answers the same sentence, whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<MessageResponse>("POST", "/api/auth/forgot-password", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordBody) => apiRequest<MessageResponse>("POST", "/api/auth/reset-password", input),
  });
}
