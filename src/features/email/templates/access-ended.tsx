/** On the day a subscription runs out: what stopped, and the way back. */
import { Button, Link, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";
import { formatDay } from "./links";

interface AccessEndedEmailProps {
  planName: string;
  /** The end of access, ISO. */
  endDate: string;
  renewUrl: string;
  settingsUrl: string;
}

export function AccessEndedEmail({ planName, endDate, renewUrl, settingsUrl }: AccessEndedEmailProps) {
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} access has ended`}>
      <Text style={styles.heading}>Your {PRODUCT_NAME} access has ended</Text>
      <Text style={styles.text}>
        Your {planName} ended on {formatDay(endDate)} (UTC). The plugin no longer imports designs with your plugin key.
      </Text>
      <Text style={styles.text}>
        Renew and it works again at once, with the same plugin key and linked Roblox account. Nothing else to set up.
      </Text>
      <Button href={renewUrl} style={styles.button}>
        Renew now
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        You get this e-mail because notifications are on. Turn them off in{" "}
        <Link href={settingsUrl}>your dashboard settings</Link>.
      </Text>
    </EmailLayout>
  );
}
