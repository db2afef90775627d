import { useEffect } from "react";
import { useLocation } from "wouter";
import { useMe } from "./queries/auth";
import { useSession } from "./session";

/**
 * For screens behind a login: sends visitors without a token to /login and
 * returns the signed-in account once GET /api/auth/me has answered.
 */
export function useRequireAuth() {
  const token = useSession((state) => state.token);
  const user = useSession((state) => state.user);
  const subscription = useSession((state) => state.subscription);
  const me = useMe();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (token === null) navigate("/login", { replace: true });
  }, [token, navigate]);

  return {
    user,
    subscription,
    isLoading: token !== null && user === null && !me.isError,
    error: me.error,
    retry: me.refetch,
  };
}
