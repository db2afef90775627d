/**
 * Where the session token lives: key `token` in persistent storage
 * (localStorage) and/or session storage. Storage can be unavailable (private modes,
 * blocked cookies), so every access is guarded.
 */
import { STORAGE_KEYS } from "@shared/storage-keys";

const TOKEN_KEY = STORAGE_KEYS.token;
const REMEMBER_ME_KEY = STORAGE_KEYS.rememberMe;

function safely<T>(fallback: T, action: () => T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/** The stored token: persistent storage first, else session storage. */
export function readStoredToken(): string | null {
  return safely(null, () => localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY));
}

export function hasStoredToken(): boolean {
  return Boolean(readStoredToken());
}

/** Login keeps the token in both storages and notes the Remember me choice. */
export function storeLoginToken(token: string, rememberMe: boolean): void {
  safely(undefined, () => {
    localStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(TOKEN_KEY, token);
    if (rememberMe) localStorage.setItem(REMEMBER_ME_KEY, "true");
    else localStorage.removeItem(REMEMBER_ME_KEY);
  });
}

/** Signup keeps the token in persistent storage only. */
export function storeSignupToken(token: string): void {
  safely(undefined, () => localStorage.setItem(TOKEN_KEY, token));
}

/** Removes the token from both storages and clears the Remember me flag. */
export function clearStoredToken(): void {
  safely(undefined, () => {
    localStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REMEMBER_ME_KEY);
  });
}

/** A fresh token for the same session (after a password change): kept wherever the old one was. */
export function replaceStoredToken(token: string): void {
  safely(undefined, () => {
    if (localStorage.getItem(TOKEN_KEY) !== null) localStorage.setItem(TOKEN_KEY, token);
    if (sessionStorage.getItem(TOKEN_KEY) !== null) sessionStorage.setItem(TOKEN_KEY, token);
  });
}
