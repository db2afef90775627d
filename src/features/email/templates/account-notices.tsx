/** E-mails about the account itself: its password changed, its address to confirm or a new one, its address changed. */
import { Button, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";

export function PasswordChangedEmail({ changedAt, resetUrl }: { changedAt: string; resetUrl: string }) {
  const when = new Date(changedAt).toUTCString();
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} password was changed`}>
      <Text style={styles.heading}>Your password was changed</Text>
      <Text style={styles.text}>
        The password of your {PRODUCT_NAME} account was changed from its Settings on {when}. Every other signed-in
        browser has been signed out.
      </Text>
      <Text style={styles.text}>
        If you did this, there is nothing more to do. If you did not, choose a new password at once:
      </Text>
      <Button href={resetUrl} style={styles.button}>
        Reset your password
      </Button>
    </EmailLayout>
  );
}

export function EmailChangeConfirmEmail({ confirmUrl, oldEmail }: { confirmUrl: string; oldEmail: string }) {
  return (
    <EmailLayout preview={`Confirm your new ${PRODUCT_NAME} email address`}>
      <Text style={styles.heading}>Confirm your new email address</Text>
      <Text style={styles.text}>
        The {PRODUCT_NAME} account {oldEmail} asked to use this address from now on. Nothing changes until you confirm.
      </Text>
      <Button href={confirmUrl} style={styles.button}>
        Confirm this email address
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        The link works once, within 24 hours. If you did not ask for this, ignore this e-mail and the account keeps its
        address.
      </Text>
    </EmailLayout>
  );
}

/**
 * The link that proves the account's address: after sign-up (24 hours), or as the one-time invitation to
 * accounts made before confirmation existed (7 days).
 */
export function AddressConfirmEmail({ confirmUrl, invitation }: { confirmUrl: string; invitation: boolean }) {
  const heading = invitation ? "Please confirm your email address" : "Confirm your email address";
  return (
    <EmailLayout preview={heading}>
      <Text style={styles.heading}>{heading}</Text>
      <Text style={styles.text}>
        {invitation
          ? `We now ask every ${PRODUCT_NAME} account to confirm its address. Your account, subscription and plugin keep working as before; until you confirm, your dashboard shows only the purchases whose key you used yourself.`
          : `Your ${PRODUCT_NAME} account was created with this address. It works already, with the key you signed up with.`}
      </Text>
      <Text style={styles.text}>
        Confirming shows your account everything made with this address: every purchase and its invoices, keys you
        haven't used yet, and your support messages.
      </Text>
      <Button href={confirmUrl} style={styles.button}>
        Confirm my email address
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        The link works once, within {invitation ? "7 days" : "24 hours"}; after that, sign in and send a new one from
        your dashboard. If you didn't create a {PRODUCT_NAME} account with this address, ignore this e-mail: nothing
        made with this address is shown to that account.
      </Text>
    </EmailLayout>
  );
}

export function EmailChangedEmail({ newEmail, supportUrl }: { newEmail: string; supportUrl: string }) {
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} account's email changed`}>
      <Text style={styles.heading}>Your account's email changed</Text>
      <Text style={styles.text}>
        Your {PRODUCT_NAME} account now signs in with {newEmail}, confirmed from that address. This address no longer
        signs in and gets no more e-mails about the account.
      </Text>
      <Text style={styles.text}>If you did not make this change, contact us:</Text>
      <Button href={supportUrl} style={styles.button}>
        Contact support
      </Button>
    </EmailLayout>
  );
}

const REFUND_WORDS = {
  requested: {
    heading: "We got your refund request",
    text: (plan: string, amount: string) =>
      `You asked for a refund of ${plan} (${amount}). We look at it and e-mail you as soon as it is decided; nothing changes until then.`,
  },
  refunded: {
    heading: "Your purchase was refunded",
    text: (plan: string, amount: string) =>
      `${amount} for ${plan} is on its way back to the card you paid with; banks usually take 5–10 business days to show it. The time the key added has been taken back from your subscription, so the plugin stops when none is left.`,
  },
  declined: {
    heading: "Your refund request was declined",
    text: (plan: string, amount: string) =>
      `Your request to refund ${plan} (${amount}) was declined, and your purchase stays as it was. Reply through the support page if you have questions.`,
  },
} as const;

export function RefundUpdateEmail({
  outcome,
  planName,
  amount,
  purchasesUrl,
}: {
  outcome: keyof typeof REFUND_WORDS;
  planName: string;
  amount: string;
  purchasesUrl: string;
}) {
  const words = REFUND_WORDS[outcome];
  return (
    <EmailLayout preview={words.heading}>
      <Text style={styles.heading}>{words.heading}</Text>
      <Text style={styles.text}>{words.text(planName, amount)}</Text>
      <Button href={purchasesUrl} style={styles.button}>
        See your purchases
      </Button>
    </EmailLayout>
  );
}
