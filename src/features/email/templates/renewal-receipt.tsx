/** After a renewal paid from the dashboard: the key it bought, already applied to the account. */
import { Button, Text } from "./components";
import { EmailLayout, InvoiceLine, styles, WithdrawalConsentLine } from "./layout";
import { formatDay } from "./links";

interface RenewalReceiptEmailProps {
  productKey: string;
  planName: string;
  /** The subscription's new end, ISO; null for lifetime access. */
  endDate: string | null;
  /** What was paid, e.g. "$6.99". */
  amountPaid?: string;
  dashboardUrl: string;
  /** The signed link to this sale's invoice (PDF). */
  invoiceUrl?: string;
  /** The buyer's consent to immediate supply, when checkout asked for it. */
  withdrawalConsent?: { at?: string; version?: string };
}

export function RenewalReceiptEmail({
  productKey,
  planName,
  endDate,
  amountPaid,
  dashboardUrl,
  invoiceUrl,
  withdrawalConsent,
}: RenewalReceiptEmailProps) {
  return (
    <EmailLayout preview={`${planName} added to your account`}>
      <Text style={styles.heading}>Thank you for renewing!</Text>
      <Text style={styles.text}>
        {amountPaid
          ? `Your payment of ${amountPaid} for ${planName} went through`
          : `Your payment for ${planName} went through`}
        , and its product key has already been applied to your account. There is nothing to type.
      </Text>
      <Text style={styles.code}>{productKey}</Text>
      <Text style={styles.text}>
        {endDate ? `Your access now runs until ${formatDay(endDate)} (UTC).` : "You now have lifetime access."} Your
        plugin key keeps working as before.
      </Text>
      <Button href={dashboardUrl} style={styles.button}>
        Open your dashboard
      </Button>
      <InvoiceLine url={invoiceUrl} />
      <WithdrawalConsentLine at={withdrawalConsent?.at} version={withdrawalConsent?.version} />
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        Keep this e-mail as your receipt; the key above is already used.
      </Text>
    </EmailLayout>
  );
}
