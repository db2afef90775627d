/** On the day a subscription runs out: what stopped, and the way back. */
import { Button, Link, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { emailDay } from "./formats";
import { emailWords, markedParts } from "./words";

interface AccessEndedEmailProps {
  planName: string;
  /** The end of access, ISO. */
  endDate: string;
  renewUrl: string;
  settingsUrl: string;
  /** The account's language; English unless given. */
  language?: SiteLanguage;
}

export function AccessEndedEmail({ planName, endDate, renewUrl, settingsUrl, language }: AccessEndedEmailProps) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.account.ended.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.ended.subject")}</Text>
      <Text style={styles.text}>
        {t("email.account.ended.text", { plan: planName, day: emailDay(endDate, language) })}
      </Text>
      <Text style={styles.text}>{t("email.account.ended.renew")}</Text>
      <Button href={renewUrl} style={styles.button}>
        {t("email.reminder.button")}
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        {markedParts(t("email.account.ended.notifications"), [(text) => <Link href={settingsUrl}>{text}</Link>])}
      </Text>
    </EmailLayout>
  );
}
