import type { ReminderKind } from "@shared/reminders";
import type { SiteLanguage } from "@shared/languages";
import { emailWords } from "./words";

/** A renewal reminder's subject line and first sentence, in the account's language (English unless given). */
export function reminderHeadline(kind: ReminderKind, language?: SiteLanguage): string {
  const t = emailWords(language);
  if (kind === "7-days") return t("email.reminder.headline.7days");
  if (kind === "1-day") return t("email.reminder.headline.1day");
  return t("email.account.ended.subject");
}
