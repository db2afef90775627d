/** After a subscription is cancelled: access lasts until its end, and how to come back. */
import { Link, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";
import { formatDay } from "./links";

interface CancellationEmailProps {
  planName: string;
  /** The end of access, ISO. */
  endDate: string;
  renewUrl: string;
}

export function CancellationEmail({ planName, endDate, renewUrl }: CancellationEmailProps) {
  const day = formatDay(endDate);
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} access lasts until ${day}`}>
      <Text style={styles.heading}>Your subscription is cancelled</Text>
      <Text style={styles.text}>
        You cancelled {planName}. Nothing stops today: the plugin keeps working with your plugin key until {day} (UTC),
        the end of the time you paid for. After that it stops importing designs, and you won't be charged or reminded
        again.
      </Text>
      <Text style={styles.text}>
        Changed your mind? <Link href={renewUrl}>Renew from your dashboard</Link> at any time, before or after that day:
        the new time is added to what you have left, with the same plugin key and linked Roblox account.
      </Text>
    </EmailLayout>
  );
}
