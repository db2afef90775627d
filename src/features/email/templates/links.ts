/**
 * Links and dates e-mails carry, written once. A link to a site page opens that page in the e-mail's
 * language (/pt-br/signup?key=…); English, and e-mails with no language (queued before e-mails had one),
 * keep the unprefixed paths.
 */
import { localizedPath, type SiteLanguage } from "@shared/languages";
import { GUIDE_PATH } from "@shared/routes";

/** The site page at `path` (may carry a query) in `language`: APP_URL/de/dashboard?tab=plugin. */
export const pageUrl = (appUrl: string, language: SiteLanguage | undefined, path: string) =>
  `${appUrl}${localizedPath(language ?? "en", path)}`;

/** Sign-up with the key and the address filled in. */
export function signupUrl(appUrl: string, language: SiteLanguage | undefined, key: string, email?: string): string {
  const query = new URLSearchParams({ key });
  if (email) query.set("email", email);
  return pageUrl(appUrl, language, `/signup?${query}`);
}

/** The setup guide (GUIDE_PATH): from the product key to a first import. */
export const guideUrl = (appUrl: string, language: SiteLanguage | undefined) => pageUrl(appUrl, language, GUIDE_PATH);

/** The dashboard's Subscription tab, where Renew / Extend is. */
export const renewUrl = (appUrl: string, language: SiteLanguage | undefined) =>
  pageUrl(appUrl, language, "/dashboard?tab=subscription");

/** The dashboard's Plugin tab, where the seats are listed and given keys. */
export const seatsUrl = (appUrl: string, language: SiteLanguage | undefined) =>
  pageUrl(appUrl, language, "/dashboard?tab=plugin");
