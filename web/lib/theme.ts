/**
 * The theme in the browser: the choice lives in local storage (the page's first script applies it
 * before the first paint) and, for signed-in users who chose one, in their account settings, which win on sign-in.
 * An account that never chose a theme leaves the browser's as it is.
 */
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@shared/storage-keys";
import { DEFAULT_THEME, THEME_COLOURS, isThemeChoice, resolveTheme, type ThemeChoice } from "@shared/theme";

const listeners = new Set<() => void>();
const LIGHT_QUERY = "(prefers-color-scheme: light)";

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.theme);
    return isThemeChoice(value) ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let current: ThemeChoice | null = null;

export function getThemeChoice(): ThemeChoice {
  current ??= storedChoice();
  return current;
}

/** Puts the theme on <html> (the CSS variables follow) and on the browser's own UI colour. */
function paint(choice: ThemeChoice): void {
  const theme = resolveTheme(choice, window.matchMedia(LIGHT_QUERY).matches);
  const root = document.documentElement;
  root.classList.toggle("light", theme === "light");
  root.classList.toggle("dark", theme === "dark");
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLOURS[theme]);
}

function changed(choice: ThemeChoice): void {
  current = choice;
  paint(choice);
  for (const listener of listeners) listener();
}

/** Applies a theme at once and remembers it on this device. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, choice);
  } catch {
    // Storage refused (private mode): the theme still applies to this page.
  }
  changed(choice);
}

/** The account's saved theme, adopted when the account loads (a choice made on another device). */
export function adoptAccountTheme(value: unknown): void {
  if (isThemeChoice(value) && value !== getThemeChoice()) setThemeChoice(value);
}

if (typeof window !== "undefined") {
  // "System" follows the device when it switches between light and dark.
  window.matchMedia(LIGHT_QUERY).addEventListener("change", () => {
    if (getThemeChoice() === "system") paint("system");
  });
  // Another tab changed the theme.
  window.addEventListener("storage", (event) => {
    if (event.key === STORAGE_KEYS.theme) changed(storedChoice());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current choice. The server knows none, so hydration starts from the default and then catches up. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, () => DEFAULT_THEME);
}
