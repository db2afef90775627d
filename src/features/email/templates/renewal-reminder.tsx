/** Before access ends (7 days, 1 day) and when it has ended: what ends when, and where to renew. */
import { Button, Link, Text } from "./components";
import type { ReminderKind } from "@shared/reminders";
import type { SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { reminderHeadline } from "./reminder-headline";
import { emailMoment } from "./formats";
import { emailWords, markedParts } from "./words";

interface RenewalReminderEmailProps {
  kind: ReminderKind;
  planName: string;
  /** The end of access, ISO. */
  endDate: string;
  renewUrl: string;
  settingsUrl: string;
  /** The account's language; English unless given. */
  language?: SiteLanguage;
}

export function RenewalReminderEmail({
  kind,
  planName,
  endDate,
  renewUrl,
  settingsUrl,
  language,
}: RenewalReminderEmailProps) {
  const t = emailWords(language);
  const ended = kind === "ended";
  const values = { plan: planName, moment: emailMoment(endDate, language) };
  return (
    <EmailLayout preview={reminderHeadline(kind, language)} language={language}>
      <Text style={styles.heading}>{reminderHeadline(kind, language)}</Text>
      <Text style={styles.text}>{ended ? t("email.reminder.ended", values) : t("email.reminder.ends", values)}</Text>
      <Text style={styles.text}>{ended ? t("email.reminder.renewEnded") : t("email.reminder.renewBefore")}</Text>
      <Button href={renewUrl} style={styles.button}>
        {t("email.reminder.button")}
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        {markedParts(t("email.reminder.notifications"), [(text) => <Link href={settingsUrl}>{text}</Link>])}
      </Text>
    </EmailLayout>
  );
}
