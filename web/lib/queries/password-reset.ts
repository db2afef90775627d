import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../api";

interface MessageAnswer {
  message: string;
}

/** Always answers the same sentence, whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<MessageAnswer>("POST", "/api/auth/forgot-password", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => apiRequest<MessageAnswer>("POST", "/api/auth/reset-password", input),
  });
}
