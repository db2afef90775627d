/** Before access ends (7 days, 1 day) and when it has ended: what ends when, and where to renew. */
import { Button, Link, Text } from "./components";
import type { ReminderKind } from "@shared/reminders";
import { EmailLayout, styles } from "./layout";
import { reminderHeadline } from "./reminder-headline";

interface RenewalReminderEmailProps {
  kind: ReminderKind;
  planName: string;
  /** The end of access, ISO. */
  endDate: string;
  renewUrl: string;
  settingsUrl: string;
}

const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });

export function RenewalReminderEmail({ kind, planName, endDate, renewUrl, settingsUrl }: RenewalReminderEmailProps) {
  const ended = kind === "ended";
  return (
    <EmailLayout preview={reminderHeadline(kind)}>
      <Text style={styles.heading}>{reminderHeadline(kind)}</Text>
      <Text style={styles.text}>
        {ended
          ? `Your ${planName} access ended on ${formatMoment(endDate)}. The plugin no longer imports designs with your plugin key.`
          : `Your ${planName} access ends on ${formatMoment(endDate)}. After that the plugin stops importing designs with your plugin key.`}
      </Text>
      <Text style={styles.text}>
        {ended
          ? "Renew from your dashboard and it works again at once, with the same plugin key and linked account."
          : "Renew from your dashboard before then and nothing changes: the new time is added to what you have left, and your plugin key keeps working."}
      </Text>
      <Button href={renewUrl} style={styles.button}>
        Renew now
      </Button>
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        You get these reminders because notifications are on in your <Link href={settingsUrl}>dashboard settings</Link>.
      </Text>
    </EmailLayout>
  );
}
