/** Support tickets: the acknowledgement of a new ticket, and an admin's answer, each with the link to the ticket's page. */
import { Fragment } from "react";
import { Button, Link, Section, Text } from "./components";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { TICKET_SUBJECT_LABELS, TICKET_SUBJECTS } from "@shared/support";
import { colors, EmailLayout, styles } from "./layout";
import { emailWords, markedParts } from "./words";

/** For mail apps that don't show the button; the text part already gives the link with the button's words. */
function LinkFallback({ url, language }: { url: string; language?: SiteLanguage }) {
  return (
    <Text data-skip-in-text="true" style={{ ...styles.muted, marginTop: "20px" }}>
      {emailWords(language)("email.account.openLink")} <Link href={url}>{url}</Link>
    </Text>
  );
}

function LinkTerms({ linkDays, language }: { linkDays: number; language?: SiteLanguage }) {
  return <Text style={styles.muted}>{emailWords(language)("email.support.linkTerms", { days: linkDays })}</Text>;
}

/**
 * The ticket's subject as the e-mail names it: English keeps the label it was queued with, in lower case; another
 * language names the subject in its own words (the support page's).
 */
function subjectWords(label: string, language: SiteLanguage): string {
  if (language === DEFAULT_LANGUAGE) return label.toLowerCase();
  const id = TICKET_SUBJECTS.find((subject) => TICKET_SUBJECT_LABELS[subject] === label);
  return id ? emailWords(language)(`support.contact.subject.${id}`) : label;
}

interface ReceivedProps {
  number: string;
  subjectLabel: string | null;
  responseHours: number;
  ticketUrl: string;
  linkDays: number;
  /** The ticket's language: its account's, or the page's it was sent from; English unless given. */
  language?: SiteLanguage;
}

export function SupportReceivedEmail({
  number,
  subjectLabel,
  responseHours,
  ticketUrl,
  linkDays,
  language = DEFAULT_LANGUAGE,
}: ReceivedProps) {
  const t = emailWords(language);
  const values = { number, hours: responseHours };
  const intro = subjectLabel
    ? t("email.support.received.introAbout", { ...values, subject: subjectWords(subjectLabel, language) })
    : t("email.support.received.intro", values);
  return (
    <EmailLayout preview={t("email.support.received.preview", { number })} language={language}>
      <Text style={styles.heading}>{t("email.support.received.heading")}</Text>
      <Text style={styles.text}>{markedParts(intro, [(text) => <strong>{text}</strong>])}</Text>
      <Text style={styles.text}>{t("email.support.received.page")}</Text>
      <Button href={ticketUrl} style={styles.button}>
        {t("email.support.received.button")}
      </Button>
      <LinkFallback url={ticketUrl} language={language} />
      <LinkTerms linkDays={linkDays} language={language} />
    </EmailLayout>
  );
}

/** The admin's text as they wrote it: paragraphs at blank lines, line breaks kept. */
function Quoted({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/);
  return (
    <Section style={{ borderLeft: `3px solid ${colors.accent}`, padding: "2px 0 2px 14px", margin: "0 0 18px" }}>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={styles.text}>
          {paragraph.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
    </Section>
  );
}

interface ReplyProps {
  number: string;
  reply: string;
  closed: boolean;
  ticketUrl: string;
  linkDays: number;
  /** The ticket's language: its account's, or the page's it was sent from; English unless given. */
  language?: SiteLanguage;
}

export function SupportReplyEmail({ number, reply, closed, ticketUrl, linkDays, language }: ReplyProps) {
  const t = emailWords(language);
  return (
    <EmailLayout preview={t("email.support.reply.heading", { number })} language={language}>
      <Text style={styles.heading}>{t("email.support.reply.heading", { number })}</Text>
      <Quoted text={reply} />
      <Text style={styles.text}>{closed ? t("email.support.reply.closed") : t("email.support.reply.howToAnswer")}</Text>
      <Button href={ticketUrl} style={styles.button}>
        {t("email.support.reply.button")}
      </Button>
      <LinkFallback url={ticketUrl} language={language} />
      <LinkTerms linkDays={linkDays} language={language} />
    </EmailLayout>
  );
}
