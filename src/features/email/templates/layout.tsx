/** The frame every e-mail shares: product name on top, a white card, a quiet footer. */
import type { ReactNode } from "react";
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { WITHDRAWAL_CONSENT_VERSION, withdrawalConsentSentence } from "@shared/withdrawal";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { emailWords, markedParts } from "./words";

export const colors = { accent: "#6d28d9", text: "#1f2937", muted: "#6b7280", border: "#e5e7eb", page: "#f4f4f5" };

export const styles = {
  heading: { fontSize: "22px", fontWeight: 700, color: colors.text, margin: "0 0 16px" },
  text: { fontSize: "15px", lineHeight: "24px", color: colors.text, margin: "0 0 14px" },
  muted: { fontSize: "13px", lineHeight: "20px", color: colors.muted, margin: "0 0 10px" },
  button: {
    backgroundColor: colors.accent,
    color: "#ffffff",
    borderRadius: "8px",
    padding: "12px 20px",
    fontSize: "15px",
    fontWeight: 600,
    textDecoration: "none",
    display: "inline-block",
  },
  code: {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
    fontSize: "26px",
    fontWeight: 700,
    letterSpacing: "4px",
    color: colors.text,
    backgroundColor: "#f5f3ff",
    border: `1px solid #ddd6fe`,
    borderRadius: "8px",
    padding: "14px 18px",
    textAlign: "center" as const,
    margin: "0 0 18px",
  },
};

export function EmailLayout({
  preview,
  children,
  language = DEFAULT_LANGUAGE,
}: {
  preview: string;
  children: ReactNode;
  /** The language the e-mail is written in (a sale's); English unless given. */
  language?: SiteLanguage;
}) {
  const t = emailWords(language);
  return (
    <Html lang={language}>
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.page,
          fontFamily: "Inter, Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Text
            style={{ fontSize: "18px", fontWeight: 700, color: colors.accent, margin: "0 0 12px", padding: "0 8px" }}
          >
            {PRODUCT_NAME}
          </Text>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${colors.border}`,
              borderRadius: "12px",
              padding: "28px",
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: "20px 0 12px" }} />
          <Text style={{ ...styles.muted, padding: "0 8px" }}>{t("email.footer")}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** "Your invoice: download the PDF." under a purchase's e-mail, when it carries the invoice's link. */
export function InvoiceLine({ url, language }: { url?: string | null; language?: SiteLanguage }) {
  return url ? (
    <Text style={{ ...styles.muted, marginTop: "20px" }}>
      {markedParts(emailWords(language)("email.invoice"), [(text) => <Link href={url}>{text}</Link>])}
    </Text>
  ) : null;
}

/** The confirmation, on a durable medium, of the buyer's consent to immediate supply (when checkout asked for it). */
export function WithdrawalConsentLine({
  at,
  version,
  language = DEFAULT_LANGUAGE,
}: {
  at?: string | null;
  version?: string | null;
  language?: SiteLanguage;
}) {
  if (!at) return null;
  // The wording quoted is the one the buyer saw, in the language they saw it in; an older wording is quoted in
  // English, the only language it was shown in.
  const inLanguage = language !== DEFAULT_LANGUAGE && version === WITHDRAWAL_CONSENT_VERSION;
  const t = emailWords(language);
  const sentence = inLanguage
    ? t("email.consent", {
        at: new Date(at).toISOString().slice(0, 16).replace("T", " "),
        wording: `"${t("checkout.consent.text")}"`,
        version,
      })
    : withdrawalConsentSentence(at, version ?? null);
  return <Text style={{ ...styles.muted, marginTop: "20px" }}>{sentence}</Text>;
}
