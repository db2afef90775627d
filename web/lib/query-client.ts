import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";
import { useSession } from "./session";

/**
 * Cached data never goes stale, nothing refetches on focus or on a timer,
 * and neither queries nor mutations retry unless a hook says otherwise.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});

/**
 * When the session ends (logout, or a 401), every cached answer belongs to the old user:
 * drop them all. Deferred so a query that is failing with 401 finishes first.
 */
useSession.subscribe((state, previous) => {
  if (previous.token !== null && state.token === null) {
    setTimeout(() => queryClient.clear(), 0);
  }
});
