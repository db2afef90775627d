/** Support tickets: the acknowledgement of a new ticket, and an admin's answer, each with the link to the ticket's page. */
import { Fragment } from "react";
import { Button, Link, Section, Text } from "./components";
import { PRODUCT_NAME } from "@shared/product";
import { colors, EmailLayout, styles } from "./layout";

/** For mail apps that don't show the button; the text part already gives the link with the button's words. */
function LinkFallback({ url }: { url: string }) {
  return (
    <Text data-skip-in-text="true" style={{ ...styles.muted, marginTop: "20px" }}>
      Or open this link: <Link href={url}>{url}</Link>
    </Text>
  );
}

function LinkTerms({ linkDays }: { linkDays: number }) {
  return (
    <Text style={styles.muted}>
      The link opens your ticket without an account and works for {linkDays} days; every answer from us brings a new
      one. Please don't forward this e-mail: whoever has the link can read and answer the ticket.
    </Text>
  );
}

interface ReceivedProps {
  number: string;
  subjectLabel: string | null;
  responseHours: number;
  ticketUrl: string;
  linkDays: number;
}

export function SupportReceivedEmail({ number, subjectLabel, responseHours, ticketUrl, linkDays }: ReceivedProps) {
  return (
    <EmailLayout preview={`We got your message: ticket ${number}`}>
      <Text style={styles.heading}>We got your message</Text>
      <Text style={styles.text}>
        Thanks for writing to {PRODUCT_NAME} support{subjectLabel ? ` about ${subjectLabel.toLowerCase()}` : ""}. Your
        ticket number is <strong>{number}</strong>. We answer within {responseHours} hours, by e-mail to this address.
      </Text>
      <Text style={styles.text}>Your message and our answers are on the ticket's page, where you can add to it.</Text>
      <Button href={ticketUrl} style={styles.button}>
        View your ticket
      </Button>
      <LinkFallback url={ticketUrl} />
      <LinkTerms linkDays={linkDays} />
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
}

export function SupportReplyEmail({ number, reply, closed, ticketUrl, linkDays }: ReplyProps) {
  return (
    <EmailLayout preview={`An answer to your ticket ${number}`}>
      <Text style={styles.heading}>An answer to your ticket {number}</Text>
      <Quoted text={reply} />
      <Text style={styles.text}>
        {closed
          ? "We've closed the ticket. If something is still not right, answer on the ticket's page and it opens again."
          : "To answer, use the ticket's page: replies to this e-mail don't reach the ticket."}
      </Text>
      <Button href={ticketUrl} style={styles.button}>
        Answer on the ticket's page
      </Button>
      <LinkFallback url={ticketUrl} />
      <LinkTerms linkDays={linkDays} />
    </EmailLayout>
  );
}
