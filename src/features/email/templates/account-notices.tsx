/** E-mails about the account itself: its password changed, its address to confirm or a new one, its address changed. */
import { Button, Text } from "./components";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { EmailLayout, styles } from "./layout";
import { emailMoment, emailMoney } from "./formats";
import { emailWords } from "./words";

/** The language an account e-mail is written in: the account's (English unless given). */
interface InLanguage {
  language?: SiteLanguage;
}

export function PasswordChangedEmail({
  changedAt,
  resetUrl,
  language,
}: { changedAt: string; resetUrl: string } & InLanguage) {
  const t = emailWords(language);
  // English keeps the moment as it always wrote it.
  const when =
    (language ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE
      ? new Date(changedAt).toUTCString()
      : emailMoment(changedAt, language);
  return (
    <EmailLayout preview={t("email.account.passwordChanged.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.passwordChanged.heading")}</Text>
      <Text style={styles.text}>{t("email.account.passwordChanged.text", { when })}</Text>
      <Text style={styles.text}>{t("email.account.passwordChanged.ifNot")}</Text>
      <Button href={resetUrl} style={styles.button}>
        {t("email.account.passwordChanged.button")}
      </Button>
    </EmailLayout>
  );
}

export function EmailChangeConfirmEmail({
  confirmUrl,
  oldEmail,
  language,
}: { confirmUrl: string; oldEmail: string } & InLanguage) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.account.changeConfirm.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.changeConfirm.heading")}</Text>
      <Text style={styles.text}>{t("email.account.changeConfirm.text", { oldEmail })}</Text>
      <Button href={confirmUrl} style={styles.button}>
        {t("email.account.changeConfirm.button")}
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>{t("email.account.changeConfirm.terms")}</Text>
    </EmailLayout>
  );
}

/**
 * The link that proves the account's address: after sign-up (24 hours), or as the one-time invitation to
 * accounts made before confirmation existed (7 days).
 */
export function AddressConfirmEmail({
  confirmUrl,
  invitation,
  language,
}: { confirmUrl: string; invitation: boolean } & InLanguage) {
  const t = emailWords(language);
  const heading = invitation ? t("email.account.invitation.heading") : t("email.account.confirm.heading");
  return (
    <EmailLayout preview={heading} language={language}>
      <Text style={styles.heading}>{heading}</Text>
      <Text style={styles.text}>
        {invitation ? t("email.account.invitation.text") : t("email.account.confirm.text")}
      </Text>
      <Text style={styles.text}>{t("email.account.confirm.shows")}</Text>
      <Button href={confirmUrl} style={styles.button}>
        {t("email.account.confirm.button")}
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        {invitation ? t("email.account.invitation.terms") : t("email.account.confirm.terms")}
      </Text>
    </EmailLayout>
  );
}

export function EmailChangedEmail({
  newEmail,
  supportUrl,
  language,
}: { newEmail: string; supportUrl: string } & InLanguage) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.account.changed.subject")} language={language}>
      <Text style={styles.heading}>{t("email.account.changed.heading")}</Text>
      <Text style={styles.text}>{t("email.account.changed.text", { newEmail })}</Text>
      <Text style={styles.text}>{t("email.account.changed.ifNot")}</Text>
      <Button href={supportUrl} style={styles.button}>
        {t("email.account.changed.button")}
      </Button>
    </EmailLayout>
  );
}

const REFUND_WORDS = {
  requested: { heading: "email.account.refund.requested.heading", text: "email.account.refund.requested.text" },
  refunded: { heading: "email.account.refund.refunded.heading", text: "email.account.refund.refunded.text" },
  declined: { heading: "email.account.refund.declined.heading", text: "email.account.refund.declined.text" },
} as const;

export function RefundUpdateEmail({
  outcome,
  planName,
  amount,
  amountCents,
  currency,
  purchasesUrl,
  language,
}: {
  outcome: keyof typeof REFUND_WORDS;
  planName: string;
  /** The amount as queued before e-mails kept it in cents ("$24.99"). */
  amount?: string;
  amountCents?: number;
  currency?: string;
  purchasesUrl: string;
} & InLanguage) {
  const t = emailWords(language);
  const words = REFUND_WORDS[outcome];
  const money = amountCents === undefined ? (amount ?? "") : emailMoney(amountCents, currency ?? "usd", language);
  return (
    <EmailLayout preview={t(words.heading)} language={language}>
      <Text style={styles.heading}>{t(words.heading)}</Text>
      <Text style={styles.text}>{t(words.text, { plan: planName, amount: money })}</Text>
      <Button href={purchasesUrl} style={styles.button}>
        {t("email.account.refund.button")}
      </Button>
    </EmailLayout>
  );
}
