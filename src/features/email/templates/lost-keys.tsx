/** "Can't find your key?": every key bought with this address, and whether it is still unused. */
import { Button, Link, Section, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { colors, EmailLayout, styles } from "./layout";
import { pageUrl, signupUrl } from "./links";
import { emailDay } from "./formats";
import { emailWords, markedParts, type EmailWords } from "./words";

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
function keyUse(k: LostKey, t: EmailWords): string {
  if (k.renewal) return t("email.account.lostKeys.renewal");
  return k.used ? t("email.account.lostKeys.used") : t("email.account.lostKeys.unused");
}

const keyStyle = {
  ...styles.text,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "20px",
  fontWeight: 700,
  letterSpacing: "3px",
  margin: "0 0 4px",
};

export function LostKeysEmail({
  keys,
  email,
  appUrl,
  language,
}: {
  keys: LostKey[];
  email: string;
  appUrl: string;
  /** The language of the page the keys were asked for from; English unless given. */
  language?: SiteLanguage;
}) {
  const t = emailWords(language);
  const unused = keys.find((k) => !k.used);
  const count = keys.length;
  return (
    <EmailLayout preview={t("email.account.lostKeys.subject", { count })} language={language}>
      <Text style={styles.heading}>{t("email.account.lostKeys.heading", { count })}</Text>
      <Text style={styles.text}>{t("email.account.lostKeys.intro", { count, email })}</Text>
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
          <Text style={keyStyle}>{k.key}</Text>
          <Text style={{ ...styles.muted, margin: 0 }}>
            {t("email.account.lostKeys.line", {
              plan: k.planName,
              day: emailDay(k.boughtAt, language),
              use: keyUse(k, t),
            })}
          </Text>
        </Section>
      ))}
      {unused ? (
        <>
          <Text style={styles.text}>{t("email.account.lostKeys.unusedCreates")}</Text>
          <Button href={signupUrl(appUrl, language, unused.key, email)} style={styles.button}>
            {t("email.productKey.button")}
          </Button>
        </>
      ) : (
        <Text style={styles.text}>
          {markedParts(t("email.account.lostKeys.allUsed"), [
            (text) => <Link href={pageUrl(appUrl, language, "/login")}>{text}</Link>,
          ])}
        </Text>
      )}
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        {markedParts(t("email.account.lostKeys.notYou", { url: pageUrl(appUrl, language, "/support") }), [
          (text) => <Link href={pageUrl(appUrl, language, "/support")}>{text}</Link>,
        ])}
      </Text>
    </EmailLayout>
  );
}
