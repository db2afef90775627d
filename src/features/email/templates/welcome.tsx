/** After sign-up: the account is ready, and the three things left before a first import. */
import { Button, Link, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { emailDay } from "./formats";
import { emailWords, markedParts } from "./words";

interface WelcomeEmailProps {
  planName: string;
  /** The end of access, ISO; null for lifetime access. */
  endDate: string | null;
  guideUrl: string;
  dashboardUrl: string;
  /** The account's language; English unless given. */
  language?: SiteLanguage;
}

export function WelcomeEmail({ planName, endDate, guideUrl, dashboardUrl, language }: WelcomeEmailProps) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.account.welcome.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.welcome.heading")}</Text>
      <Text style={styles.text}>
        {endDate
          ? t("email.account.welcome.introUntil", { plan: planName, day: emailDay(endDate, language) })
          : t("email.account.welcome.introLifetime", { plan: planName })}
      </Text>
      <Text style={styles.text}>
        {markedParts(t("email.account.welcome.step1"), [(text) => <Link href={dashboardUrl}>{text}</Link>])}
        <br />
        {t("email.account.welcome.step2")}
        <br />
        {t("email.account.welcome.step3")}
      </Text>
      <Button href={guideUrl} style={styles.button}>
        {t("email.account.welcome.button")}
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>{t("email.account.welcome.note")}</Text>
    </EmailLayout>
  );
}
