/** Sent to a key's owner when the plugin key is used from another game-platform account. */
import { Button, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";

interface KeySharingAlertProps {
  attemptedRobloxUserId: string;
  linkedRobloxAccountId: string;
  dashboardUrl: string;
}

export function KeySharingAlertEmail({
  attemptedRobloxUserId,
  linkedRobloxAccountId,
  dashboardUrl,
}: KeySharingAlertProps) {
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} plugin key was used from another account`}>
      <Text style={styles.heading}>Your plugin key was used from another account</Text>
      <Text style={styles.text}>
        Your plugin key is linked to account {linkedRobloxAccountId}, and someone just tried to use it from account{" "}
        {attemptedRobloxUserId}. The attempt was refused.
      </Text>
      <Text style={styles.text}>
        If that was you on a new account, reset the linked account from your dashboard. If it was not, generate a new
        plugin key: the old one stops working at once.
      </Text>
      <Button href={dashboardUrl} style={styles.button}>
        Open your dashboard
      </Button>
    </EmailLayout>
  );
}
