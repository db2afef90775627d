/** E-mails about the account itself: its password changed, a new address to confirm, its address changed. */
import { Button, Text } from "@react-email/components";
import { PRODUCT_NAME } from "../shared/product";
import { EmailLayout, styles } from "./layout";

export function PasswordChangedEmail({ changedAt, resetUrl }: { changedAt: string; resetUrl: string }) {
  const when = new Date(changedAt).toUTCString();
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} password was changed`}>
      <Text style={styles.heading}>Your password was changed</Text>
      <Text style={styles.text}>
        The password of your {PRODUCT_NAME} account was changed from its Settings on {when}. Every other signed-in browser has been signed out.
      </Text>
      <Text style={styles.text}>If you did this, there is nothing more to do. If you did not, choose a new password at once:</Text>
      <Button href={resetUrl} style={styles.button}>Reset your password</Button>
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
      <Button href={confirmUrl} style={styles.button}>Confirm this email address</Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        The link works once, within 24 hours. If you did not ask for this, ignore this e-mail and the account keeps its address.
      </Text>
    </EmailLayout>
  );
}

export function EmailChangedEmail({ newEmail, supportUrl }: { newEmail: string; supportUrl: string }) {
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} account's email changed`}>
      <Text style={styles.heading}>Your account's email changed</Text>
      <Text style={styles.text}>
        Your {PRODUCT_NAME} account now signs in with {newEmail}, confirmed from that address. This address no longer signs in and gets no more e-mails about the account.
      </Text>
      <Text style={styles.text}>If you did not make this change, contact us:</Text>
      <Button href={supportUrl} style={styles.button}>Contact support</Button>
    </EmailLayout>
  );
}
