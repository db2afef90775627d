import { useMutation, useQuery } from "@tanstack/react-query";
import type { AuthResponse, LoginBody, LoginResponse, MeResponse, SignupBody } from "@shared/api-types";
import { apiRequest, getQueryFn, isApiError } from "../api";
import { queryClient } from "../query-client";
import { useSession } from "../session";

export const ME_QUERY_KEY = ["/api/auth/me"] as const;

const FIVE_MINUTES = 5 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;
const fetchMe = getQueryFn<MeResponse>({ on401: "throw" });

/**
 * The signed-in user and subscription: runs only while a token exists,
 * refreshes every 5 minutes, is fresh for 10, retries up to 3 times but never on 401.
 * A 401 clears the session (the fetcher does that).
 */
export function useMe() {
  const token = useSession((state) => state.token);
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async (context) => {
      const me = (await fetchMe(context)) as MeResponse;
      useSession.getState().setAccount(me);
      return me;
    },
    enabled: token !== null,
    refetchInterval: FIVE_MINUTES,
    staleTime: TEN_MINUTES,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => !isApiError(error, 401) && failureCount < 3,
    // After the retries give up, a screen that mounts (the error view's own navbar) must not start
    // the cycle again; "Try again" refetches on purpose.
    retryOnMount: false,
  });
}

export type LoginInput = LoginBody;

export function useLogin() {
  return useMutation({
    mutationFn: ({ email, password, rememberMe }: LoginInput) =>
      apiRequest<LoginResponse>(
        "POST",
        "/api/auth/login",
        rememberMe ? { email, password, rememberMe: true } : { email, password },
      ),
    onSuccess: (auth, input) => {
      useSession.getState().startFromLogin(auth, Boolean(input.rememberMe));
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: auth.user, subscription: auth.subscription });
    },
  });
}

export type SignupInput = SignupBody;

export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) => apiRequest<AuthResponse>("POST", "/api/auth/signup", input),
    onSuccess: (auth) => {
      useSession.getState().startFromSignup(auth);
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: auth.user, subscription: auth.subscription });
    },
  });
}

/** Returns the action behind every Logout / Sign Out button. */
export function useLogout(): () => void {
  return useSession((state) => state.logout);
}
