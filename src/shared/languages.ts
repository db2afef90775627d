/** The languages the site is written in: the account's language setting takes only these. */
export const SITE_LANGUAGES = ["en"] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
