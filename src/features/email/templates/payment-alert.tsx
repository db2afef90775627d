/** To every admin: a payment was disputed, a dispute ended, or the card provider warned of fraud. */
import { Button, Text } from "./components";
import { EmailLayout, styles } from "./layout";

export interface PaymentAlertProps {
  headline: string;
  /** What happened and what the site did, one sentence each. */
  lines: string[];
  adminUrl: string;
}

export function PaymentAlertEmail({ headline, lines, adminUrl }: PaymentAlertProps) {
  return (
    <EmailLayout preview={headline}>
      <Text style={styles.heading}>{headline}</Text>
      {lines.map((line) => (
        <Text key={line} style={styles.text}>
          {line}
        </Text>
      ))}
      <Button href={adminUrl} style={styles.button}>
        Open the admin panel
      </Button>
    </EmailLayout>
  );
}
