/**
 * The colour theme setting (dark by default). "system" follows the device's light/dark
 * preference. Signed-in users keep it in their account; everyone also keeps it in local storage,
 * which is what the page reads before its first paint.
 */
export const THEME_CHOICES = ["dark", "light", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = "dark" | "light";

export const DEFAULT_THEME: ThemeChoice = "dark";

/** The browser UI colour (address bar on phones) of each theme: the page background. */
export const THEME_COLOURS: Record<Theme, string> = { dark: "#09090b", light: "#ffffff" };

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

export function resolveTheme(choice: ThemeChoice, systemPrefersLight: boolean): Theme {
  if (choice === "system") return systemPrefersLight ? "light" : "dark";
  return choice;
}
