/** The one-hour, single-use link of Forgot password. */
import { Button, Link, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";

export function PasswordResetEmail({ resetUrl }: { resetUrl: string }) {
  return (
    <EmailLayout preview={`Reset your ${PRODUCT_NAME} password`}>
      <Text style={styles.heading}>Reset your password</Text>
      <Text style={styles.text}>
        Someone asked to reset the password of your {PRODUCT_NAME} account. Use the button below to choose a new one.
      </Text>
      <Button href={resetUrl} style={styles.button}>
        Choose a new password
      </Button>
      {/* For mail apps that don't show the button; the text part already gives the link with the button's words. */}
      <Text data-skip-in-text="true" style={{ ...styles.muted, marginTop: "20px" }}>
        Or open this link: <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={styles.muted}>
        The link works once and expires in one hour. If you did not ask for this, ignore this e-mail: your password
        stays the same.
      </Text>
    </EmailLayout>
  );
}
