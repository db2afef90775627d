/** "Can't find your key?": every key bought with this address, and whether it is still unused. */
import { Button, Link, Section, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { colors, EmailLayout, styles } from "./layout";
import { formatDay, signupUrl } from "./links";

export interface LostKey {
  key: string;
  planName: string;
  /** When it was bought, ISO. */
  boughtAt: string;
  used: boolean;
  /** Bought from the dashboard as a renewal: applied to the buyer's account at once, never used for a signup. */
  renewal?: boolean;
}

/** What became of a key, in words that fit how it was bought. */
function keyUse(k: LostKey): string {
  if (k.renewal) return "a renewal, already applied to your account";
  return k.used ? "already used to create an account" : "unused";
}

export function LostKeysEmail({ keys, email, appUrl }: { keys: LostKey[]; email: string; appUrl: string }) {
  const unused = keys.find((k) => !k.used);
  return (
    <EmailLayout preview={`Your ${PRODUCT_NAME} product ${keys.length === 1 ? "key" : "keys"}`}>
      <Text style={styles.heading}>Your product {keys.length === 1 ? "key" : "keys"}</Text>
      <Text style={styles.text}>
        You asked us to send the {keys.length === 1 ? "key" : "keys"} bought with {email}. Here{" "}
        {keys.length === 1 ? "it is" : "they are"}:
      </Text>
      {keys.map((k) => (
        <Section
          key={k.key}
          style={{
            border: `1px solid ${colors.border}`,
            borderRadius: "8px",
            padding: "12px 16px",
            margin: "0 0 10px",
          }}
        >
          <Text
            style={{
              ...styles.text,
              fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
              fontSize: "20px",
              fontWeight: 700,
              letterSpacing: "3px",
              margin: "0 0 4px",
            }}
          >
            {k.key}
          </Text>
          <Text style={{ ...styles.muted, margin: 0 }}>
            {k.planName}, bought {formatDay(k.boughtAt)}: {keyUse(k)}
          </Text>
        </Section>
      ))}
      {unused ? (
        <>
          <Text style={styles.text}>An unused key creates your account:</Text>
          <Button href={signupUrl(appUrl, unused.key, email)} style={styles.button}>
            Create your account
          </Button>
        </>
      ) : (
        <Text style={styles.text}>
          Every key has been used, so you already have an account: <Link href={`${appUrl}/login`}>sign in</Link> (or
          reset your password from there).
        </Text>
      )}
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        Didn't ask for this? Someone typed your address on our site; you can ignore this e-mail. Questions? Visit{" "}
        <Link href={`${appUrl}/support`}>{appUrl}/support</Link>.
      </Text>
    </EmailLayout>
  );
}
