/** After a renewal paid from the dashboard: the key it bought, already applied to the account. */
import type { SiteLanguage } from "@shared/languages";
import { formatLongDay } from "@shared/intl-formats";
import { Button, Text } from "./components";
import { EmailLayout, InvoiceLine, styles, WithdrawalConsentLine } from "./layout";
import { emailWords } from "./words";

interface RenewalReceiptEmailProps {
  productKey: string;
  /** The plan's name with its seats, in the e-mail's language ("4 Month Pro × 5 Plätze"). */
  planName: string;
  /** The subscription's new end, ISO; null for lifetime access. */
  endDate: string | null;
  /** What was paid, formatted for the e-mail's language ("$6.99", "6,99 $"). */
  amountPaid?: string;
  dashboardUrl: string;
  /** The signed link to this sale's invoice (PDF). */
  invoiceUrl?: string;
  /** The buyer's consent to immediate supply, when checkout asked for it. */
  withdrawalConsent?: { at?: string; version?: string };
  /** The language of the sale's checkout; English unless given. */
  language?: SiteLanguage;
}

export function RenewalReceiptEmail({
  productKey,
  planName,
  endDate,
  amountPaid,
  dashboardUrl,
  invoiceUrl,
  withdrawalConsent,
  language,
}: RenewalReceiptEmailProps) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.sale.renewal.preview", { plan: planName })} language={language}>
      <Text style={styles.heading}>{t("email.sale.renewal.heading")}</Text>
      <Text style={styles.text}>
        {amountPaid
          ? t("email.sale.renewal.paidAmount", { amount: amountPaid, plan: planName })
          : t("email.sale.renewal.paid", { plan: planName })}
      </Text>
      <Text style={styles.code}>{productKey}</Text>
      <Text style={styles.text}>
        {endDate
          ? t("email.sale.renewal.until", { date: formatLongDay(language, endDate) })
          : t("email.sale.renewal.lifetime")}
      </Text>
      <Button href={dashboardUrl} style={styles.button}>
        {t("email.sale.renewal.button")}
      </Button>
      <InvoiceLine url={invoiceUrl} language={language} />
      <WithdrawalConsentLine at={withdrawalConsent?.at} version={withdrawalConsent?.version} language={language} />
      <Text style={{ ...styles.muted, marginTop: "20px" }}>{t("email.sale.renewal.keep")}</Text>
    </EmailLayout>
  );
}
