/**
 * What the SPA keeps in the browser's storage (the session token under `token`). The
 * page's first script reads the token and theme keys too, before anything is painted.
 */
export const STORAGE_KEYS = { token: "token", rememberMe: "rememberMe", theme: "theme" } as const;
