/** After seats were added from the dashboard: what was paid; the seats are the account's already, with no key. */
import type { SiteLanguage } from "@shared/languages";
import { Button, Text } from "./components";
import { EmailLayout, InvoiceLine, styles, WithdrawalConsentLine } from "./layout";
import { emailWords } from "./words";

interface AddedSeatsReceiptEmailProps {
  /** "4 Month Pro — 2 added seats", in the e-mail's language. */
  description: string;
  /** How many seats the licence has now. */
  seats: number;
  /** What was paid, formatted for the e-mail's language ("$18.74", "18,74 $"). */
  amountPaid: string;
  seatsUrl: string;
  /** The signed link to this sale's invoice (PDF). */
  invoiceUrl?: string;
  withdrawalConsent?: { at?: string; version?: string };
  /** The language of the sale's checkout; English unless given. */
  language?: SiteLanguage;
}

export function AddedSeatsReceiptEmail({
  description,
  seats,
  amountPaid,
  seatsUrl,
  invoiceUrl,
  withdrawalConsent,
  language,
}: AddedSeatsReceiptEmailProps) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.sale.seats.preview", { description })} language={language}>
      <Text style={styles.heading}>{t("email.sale.seats.heading")}</Text>
      <Text style={styles.text}>{t("email.sale.seats.text", { amount: amountPaid, description, seats })}</Text>
      <Button href={seatsUrl} style={styles.button}>
        {t("email.sale.seats.button")}
      </Button>
      <InvoiceLine url={invoiceUrl} language={language} />
      <WithdrawalConsentLine at={withdrawalConsent?.at} version={withdrawalConsent?.version} language={language} />
      <Text style={{ ...styles.muted, marginTop: "20px" }}>{t("email.sale.seats.keep")}</Text>
    </EmailLayout>
  );
}
