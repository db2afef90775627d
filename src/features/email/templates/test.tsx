/** The admin panel's Test Email: proves delivery works end to end. */
import { Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { EmailLayout, styles } from "./layout";

export function TestEmail({ testKey, appUrl }: { testKey: string; appUrl: string }) {
  return (
    <EmailLayout preview={`${PRODUCT_NAME} test e-mail`}>
      <Text style={styles.heading}>Test e-mail</Text>
      <Text style={styles.text}>If you can read this, e-mail delivery from {appUrl} works.</Text>
      <Text style={styles.text}>Test key:</Text>
      <Text style={styles.code}>{testKey}</Text>
    </EmailLayout>
  );
}
