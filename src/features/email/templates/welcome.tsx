/** After sign-up: the account is ready, and the three things left before a first import. */
import { Button, Link, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";
import { formatDay } from "./links";

interface WelcomeEmailProps {
  planName: string;
  /** The end of access, ISO; null for lifetime access. */
  endDate: string | null;
  guideUrl: string;
  dashboardUrl: string;
}

export function WelcomeEmail({ planName, endDate, guideUrl, dashboardUrl }: WelcomeEmailProps) {
  return (
    <EmailLayout preview={`Welcome to ${PRODUCT_NAME}: what to do next`}>
      <Text style={styles.heading}>Welcome to {PRODUCT_NAME}!</Text>
      <Text style={styles.text}>
        Your account is ready with {planName}, {endDate ? `running until ${formatDay(endDate)} (UTC)` : "for life"}.
        Three steps to your first import:
      </Text>
      <Text style={styles.text}>
        1. In <Link href={dashboardUrl}>your dashboard</Link>, open the Plugin tab and press Generate Plugin Key.
        <br />
        2. Install the {PRODUCT_NAME} plugin from its store page.
        <br />
        3. Open it in Roblox Studio, signed in with the Roblox account you build with, and paste the plugin key.
      </Text>
      <Button href={guideUrl} style={styles.button}>
        Read the setup guide
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        The guide links the plugin's store page and says what to do if the plugin shows a message.
      </Text>
    </EmailLayout>
  );
}
