/** After a subscription is cancelled: access lasts until its end, and how to come back. */
import { Link, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { emailDay } from "./formats";
import { emailWords, markedParts } from "./words";

interface CancellationEmailProps {
  planName: string;
  /** The end of access, ISO. */
  endDate: string;
  renewUrl: string;
  /** The account's language; English unless given. */
  language?: SiteLanguage;
}

export function CancellationEmail({ planName, endDate, renewUrl, language }: CancellationEmailProps) {
  const t = emailWords(language);
  const day = emailDay(endDate, language);
  return (
    <EmailLayout preview={t("email.account.cancelled.preview", { day })} language={language}>
      <Text style={styles.heading}>{t("email.account.cancelled.heading")}</Text>
      <Text style={styles.text}>{t("email.account.cancelled.text", { plan: planName, day })}</Text>
      <Text style={styles.text}>
        {markedParts(t("email.account.cancelled.comeBack"), [(text) => <Link href={renewUrl}>{text}</Link>])}
      </Text>
    </EmailLayout>
  );
}
