/** After seats were added from the dashboard: what was paid; the seats are the account's already, with no key. */
import { Button, Text } from "./components";
import { EmailLayout, InvoiceLine, styles, WithdrawalConsentLine } from "./layout";

interface AddedSeatsReceiptEmailProps {
  /** "4 Month Pro — 2 added seats". */
  description: string;
  /** How many seats the licence has now. */
  seats: number;
  /** What was paid, e.g. "$18.74". */
  amountPaid: string;
  seatsUrl: string;
  /** The signed link to this sale's invoice (PDF). */
  invoiceUrl?: string;
  withdrawalConsent?: { at?: string; version?: string };
}

export function AddedSeatsReceiptEmail({
  description,
  seats,
  amountPaid,
  seatsUrl,
  invoiceUrl,
  withdrawalConsent,
}: AddedSeatsReceiptEmailProps) {
  return (
    <EmailLayout preview={`${description}: your payment went through`}>
      <Text style={styles.heading}>Your new seats are ready</Text>
      <Text style={styles.text}>
        Your payment of {amountPaid} for {description} went through. Your licence now has {seats} seats: give each new
        one a plugin key from the Plugin tab of your dashboard. There is no product key to type.
      </Text>
      <Button href={seatsUrl} style={styles.button}>
        Open your seats
      </Button>
      <InvoiceLine url={invoiceUrl} />
      <WithdrawalConsentLine at={withdrawalConsent?.at} version={withdrawalConsent?.version} />
      <Text style={{ ...styles.muted, marginTop: "20px" }}>Keep this e-mail as your receipt.</Text>
    </EmailLayout>
  );
}
