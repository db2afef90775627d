/** Sent after a purchase: the key, the plan and the three steps to start. */
import { Button, Link, Text } from "./components";
import { EmailLayout, InvoiceLine, styles, WithdrawalConsentLine } from "./layout";
import { guideUrl, pageUrl, signupUrl as prefilledSignupUrl } from "./links";
import type { SiteLanguage } from "@shared/languages";
import { emailWords, markedParts } from "./words";

/** The refund link for a buyer who hasn't signed up: the key is the proof of purchase. */
const refundLink = (appUrl: string, language: SiteLanguage | undefined, key: string) =>
  pageUrl(appUrl, language, `/refund?key=${encodeURIComponent(key)}`);

interface ProductKeyEmailProps {
  productKey: string;
  planName: string;
  /** How many people the key licenses (1: the page is as it always was). */
  seats: number;
  appUrl: string;
  /** The buyer's address, filled into the sign-up form with the key. */
  email?: string;
  /** The signed link to this sale's invoice (PDF). */
  invoiceUrl?: string;
  /** The buyer's consent to immediate supply, when checkout asked for it. */
  withdrawalConsent?: { at?: string; version?: string };
  /** The language the sale's checkout was shown in; English unless given. */
  language?: SiteLanguage;
}

export function ProductKeyEmail({
  productKey,
  planName,
  seats,
  appUrl,
  email,
  invoiceUrl,
  withdrawalConsent,
  language,
}: ProductKeyEmailProps) {
  const signupUrl = prefilledSignupUrl(appUrl, language, productKey, email);
  const supportUrl = pageUrl(appUrl, language, "/support");
  const t = emailWords(language);
  const plan =
    seats === 1
      ? planName
      : t("checkout.planTimesSeats", { plan: planName, seats: t("checkout.seatCount", { count: seats }) });
  return (
    <EmailLayout preview={t("email.productKey.preview", { key: productKey })} language={language}>
      <Text style={styles.heading}>{t("email.productKey.heading")}</Text>
      <Text style={styles.text}>{t("email.productKey.intro", { plan })}</Text>
      <Text style={styles.code}>{productKey}</Text>
      {seats > 1 && <Text style={styles.text}>{t("email.productKey.allSeats", { seats })}</Text>}
      <Text style={styles.text}>{t("email.productKey.steps")}</Text>
      <Text style={styles.text}>
        {t("email.productKey.step1")}
        <br />
        {t("email.productKey.step2")}
        <br />
        {t("email.productKey.step3")}
      </Text>
      <Text style={styles.text}>
        {markedParts(t("email.productKey.guide"), [(text) => <Link href={guideUrl(appUrl, language)}>{text}</Link>])}
      </Text>
      <Button href={signupUrl} style={styles.button}>
        {t("email.productKey.button")}
      </Button>
      <InvoiceLine url={invoiceUrl} language={language} />
      <WithdrawalConsentLine at={withdrawalConsent?.at} version={withdrawalConsent?.version} language={language} />
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        {markedParts(t("email.productKey.refund"), [
          (text) => <Link href={refundLink(appUrl, language, productKey)}>{text}</Link>,
        ])}
      </Text>
      <Text style={styles.muted}>
        {markedParts(t("email.productKey.keep", { url: supportUrl }), [
          (text) => <Link href={supportUrl}>{text}</Link>,
        ])}
      </Text>
    </EmailLayout>
  );
}
