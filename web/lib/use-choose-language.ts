import { useLocation, useSearch } from "wouter";
import { LANGUAGE_COOKIE, localizedPath, type SiteLanguage } from "@shared/languages";
import { keepCookie } from "./cookies";
import { failureToast } from "./failure-toast";
import { loadCatalogue } from "./i18n";
import { useUpdateSettings } from "./queries/dashboard";
import { useIsSignedIn } from "./session";

/** Keeps the visitor's choice on this device: the server stops offering another language. */
export function rememberLanguage(language: SiteLanguage): void {
  keepCookie(LANGUAGE_COOKIE, language);
}

/**
 * Choosing a language: the same page in that language (its catalogue fetched first, so it shows at
 * once), remembered on this device and, for a signed-in user, as the account's language setting.
 * `location` is the path inside the current language's prefix.
 */
export function useChooseLanguage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const signedIn = useIsSignedIn();
  const update = useUpdateSettings();
  return async (language: SiteLanguage) => {
    rememberLanguage(language);
    if (signedIn) update.mutate({ language }, { onError: failureToast("Error", "Failed to update settings") });
    await loadCatalogue(language);
    navigate(`~${localizedPath(language, location)}${search ? `?${search}` : ""}`);
  };
}
