/** The one-hour, single-use link of Forgot password. */
import { Button, Link, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { emailWords } from "./words";

export function PasswordResetEmail({ resetUrl, language }: { resetUrl: string; language?: SiteLanguage }) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.account.reset.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.reset.heading")}</Text>
      <Text style={styles.text}>{t("email.account.reset.text")}</Text>
      <Button href={resetUrl} style={styles.button}>
        {t("email.account.reset.button")}
      </Button>
      {/* For mail apps that don't show the button; the text part already gives the link with the button's words. */}
      <Text data-skip-in-text="true" style={{ ...styles.muted, marginTop: "20px" }}>
        {t("email.account.openLink")} <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={styles.muted}>{t("email.account.reset.terms")}</Text>
    </EmailLayout>
  );
}
