/** Sent to a key's owner when the plugin key is used from another game-platform account. */
import { Button, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { emailWords } from "./words";

interface KeySharingAlertProps {
  attemptedRobloxUserId: string;
  linkedRobloxAccountId: string;
  dashboardUrl: string;
  /** The owner's account language; English unless given. */
  language?: SiteLanguage;
}

export function KeySharingAlertEmail({
  attemptedRobloxUserId,
  linkedRobloxAccountId,
  dashboardUrl,
  language,
}: KeySharingAlertProps) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.account.keySharing.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.keySharing.heading")}</Text>
      <Text style={styles.text}>
        {t("email.account.keySharing.text", { linked: linkedRobloxAccountId, attempted: attemptedRobloxUserId })}
      </Text>
      <Text style={styles.text}>{t("email.account.keySharing.what")}</Text>
      <Button href={dashboardUrl} style={styles.button}>
        {t("email.account.keySharing.button")}
      </Button>
    </EmailLayout>
  );
}
