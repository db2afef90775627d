/** Tells a new administrator where the admin panel is. */
import { Button, Text } from "@react-email/components";
import { PRODUCT_NAME } from "../shared/product";
import { EmailLayout, styles } from "./layout";

export function AdminWelcomeEmail({ appUrl }: { appUrl: string }) {
  return (
    <EmailLayout preview={`You are now a ${PRODUCT_NAME} administrator`}>
      <Text style={styles.heading}>Welcome to the admin panel</Text>
      <Text style={styles.text}>Your account can now generate product keys, see sales and answer support tickets.</Text>
      <Button href={`${appUrl}/admin`} style={styles.button}>Open the admin panel</Button>
    </EmailLayout>
  );
}
