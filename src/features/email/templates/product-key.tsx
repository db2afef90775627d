/** Sent after a purchase: the key, the plan and the three steps to start. */
import { Button, Link, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, InvoiceLine, styles, WithdrawalConsentLine } from "./layout";
import { guideUrl, signupUrl as prefilledSignupUrl } from "./links";
import { planWithSeats } from "@shared/seats";

/** The refund link for a buyer who hasn't signed up: the key is the proof of purchase. */
const refundLink = (appUrl: string, key: string) => `${appUrl}/refund?key=${encodeURIComponent(key)}`;

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
}

export function ProductKeyEmail({
  productKey,
  planName,
  seats,
  appUrl,
  email,
  invoiceUrl,
  withdrawalConsent,
}: ProductKeyEmailProps) {
  const signupUrl = prefilledSignupUrl(appUrl, productKey, email);
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} product key: ${productKey}`}>
      <Text style={styles.heading}>Thank you for your purchase!</Text>
      <Text style={styles.text}>Here is your product key for {planWithSeats(planName, seats)}:</Text>
      <Text style={styles.code}>{productKey}</Text>
      {seats > 1 && (
        <Text style={styles.text}>
          This one key carries all {seats} seats. Whoever creates the account with it manages them: each person you give
          a seat to gets a plugin key of their own, from the dashboard's Plugin tab.
        </Text>
      )}
      <Text style={styles.text}>Getting started takes three steps:</Text>
      <Text style={styles.text}>
        1. Create your account with the button below: it fills in this key for you.
        <br />
        2. In your dashboard, open the Plugin tab and generate a plugin key.
        <br />
        3. Paste the plugin key into the {PRODUCT_NAME} plugin.
      </Text>
      <Text style={styles.text}>
        The <Link href={guideUrl(appUrl)}>setup guide</Link> walks you through each step, from installing the plugin to
        a first import.
      </Text>
      <Button href={signupUrl} style={styles.button}>
        Create your account
      </Button>
      <InvoiceLine url={invoiceUrl} />
      <WithdrawalConsentLine at={withdrawalConsent?.at} version={withdrawalConsent?.version} />
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        Changed your mind before using the key? <Link href={refundLink(appUrl, productKey)}>Refund this purchase</Link>{" "}
        (within the refund window; see our refund policy).
      </Text>
      <Text style={styles.muted}>
        Keep this e-mail somewhere safe: the key can be used once. Questions? Visit{" "}
        <Link href={`${appUrl}/support`}>{appUrl}/support</Link>.
      </Text>
    </EmailLayout>
  );
}
