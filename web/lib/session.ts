import { create } from "zustand";
import { navigate } from "wouter/use-browser-location";
import type { AuthResponse, MeResponse, SubscriptionView } from "@shared/api-types";
import { type AccountUser, accountUserFrom } from "./plugin-key-name";
import {
  clearStoredToken,
  readStoredToken,
  replaceStoredToken,
  storeLoginToken,
  storeSignupToken,
} from "./token-storage";
import { adoptAccountTheme } from "./theme";
import { toast } from "./use-toast";

/**
 * The signed-in session: the token plus the cached user and subscription.
 * query-client.ts drops every cached query whenever the token goes away.
 */
interface SessionState {
  token: string | null;
  user: AccountUser | null;
  subscription: SubscriptionView | null;
  /** Stores what GET /api/auth/me answered. */
  setAccount: (me: MeResponse) => void;
  /** Changes the stored user after a call that changed it (its settings, its plugin key). */
  updateUser: (change: Partial<AccountUser>) => void;
  /** Login keeps the token in both storages. */
  startFromLogin: (auth: AuthResponse, rememberMe: boolean) => void;
  /** Signup keeps the token in persistent storage only. */
  startFromSignup: (auth: AuthResponse) => void;
  /** The same session goes on with a fresh token (a password change ended the old one). */
  renewToken: (token: string) => void;
  /** Forgets the token, user and subscription without leaving the page. */
  clear: () => void;
  /** Ends the session: clears it, goes to /login and says so. */
  logout: () => void;
}

export const useSession = create<SessionState>((set, get) => ({
  token: readStoredToken(),
  user: null,
  subscription: null,

  setAccount: (me) => {
    adoptAccountTheme(me.user.settings.theme);
    set({ user: accountUserFrom(me.user), subscription: me.subscription });
  },

  updateUser: (change) => {
    const current = get().user;
    if (!current) return;
    const user = { ...current, ...change };
    adoptAccountTheme(user.settings.theme);
    set({ user });
  },

  startFromLogin: (auth, rememberMe) => {
    storeLoginToken(auth.token, rememberMe);
    adoptAccountTheme(auth.user.settings.theme);
    set({ token: auth.token, user: accountUserFrom(auth.user), subscription: auth.subscription });
  },

  startFromSignup: (auth) => {
    storeSignupToken(auth.token);
    adoptAccountTheme(auth.user.settings.theme);
    set({ token: auth.token, user: accountUserFrom(auth.user), subscription: auth.subscription });
  },

  renewToken: (token) => {
    replaceStoredToken(token);
    set({ token });
  },

  clear: () => {
    clearStoredToken();
    set({ token: null, user: null, subscription: null });
  },

  logout: () => {
    get().clear();
    navigate("/login");
    toast({ title: "Logged Out", description: "You've been successfully logged out." });
  },
}));

/**
 * The page's first script marks a stored session on <html> (src/features/site/boot-script.ts) so the
 * server-rendered navbar shows the right links before any code runs; keep that mark current.
 */
if (typeof document !== "undefined") {
  document.documentElement.classList.toggle("signed-in", useSession.getState().token !== null);
  useSession.subscribe((state) => document.documentElement.classList.toggle("signed-in", state.token !== null));
}

/** True while a token is stored, which is what "signed in" means for the navbar and guards. */
export function useIsSignedIn(): boolean {
  return useSession((state) => state.token !== null);
}
