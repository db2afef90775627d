/** The language an account's e-mails are written in. */
import { DEFAULT_LANGUAGE, isSiteLanguage, type SiteLanguage } from "@shared/languages";

/** The account's `language` setting as a site language (English for a value this version does not know). */
export const accountLanguage = (account: { language: string }): SiteLanguage =>
  isSiteLanguage(account.language) ? account.language : DEFAULT_LANGUAGE;
