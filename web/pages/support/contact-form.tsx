import { useState } from "react";
import { CheckCircle2 } from "lucide-react";
import type { TicketSubject } from "@shared/api-types";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { TICKET_SUBJECT_LABELS, TICKET_SUBJECTS, ticketNumber } from "@shared/support";
import { EmailField } from "../../components/email-field";
import { MessageForm } from "../../components/message-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { SelectField } from "../../components/ui/text-field";
import { failureToast } from "../../lib/failure-toast";
import { useCreateTicket } from "../../lib/queries/public";
import { toast } from "../../lib/use-toast";

const SUBJECTS = TICKET_SUBJECTS.map((value) => ({ value, label: TICKET_SUBJECT_LABELS[value] }));

/** The server's limit for the address (POST /api/support/tickets). */
const MAX_EMAIL_LENGTH = 254;

/** Loose on purpose: the server has the final word; this catches typos like a missing @. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(email: string): string | undefined {
  if (!email.trim()) return "Email is required";
  if (!EMAIL_SHAPE.test(email.trim())) return "Enter a valid email address";
  return undefined;
}

/** The support page's contact form: it creates a ticket the admins answer. */
export function ContactForm() {
  const [email, setEmail] = useState("");
  const [subject, setSubject] = useState<TicketSubject | "">("");
  const createTicket = useCreateTicket();
  // Kept on the page after the toast has gone: the number to quote, and where the answer goes.
  const [sent, setSent] = useState<{ number: string; email: string } | null>(null);

  function send(message: string, cleared: () => void) {
    createTicket.mutate(
      { email: email.trim(), message, ...(subject ? { subject } : {}) },
      {
        onSuccess: (ticket) => {
          setSent({ number: ticketNumber(ticket._id), email: ticket.email });
          toast({
            title: "Message Sent!",
            description: `We'll get back to you within ${SUPPORT_RESPONSE_HOURS} hours.`,
          });
          setEmail("");
          setSubject("");
          cleared();
        },
        onError: failureToast("Message Not Sent", {
          fallback: "Your message could not be sent. Please try again.",
          statusPrefix: "Sending failed.",
        }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} id="contact-title" className="text-xl">
          Contact Us
        </CardTitle>
        <CardDescription>
          Can't find your answer? Send us a message and we'll reply by e-mail within {SUPPORT_RESPONSE_HOURS} hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {sent && <TicketSentNotice number={sent.number} email={sent.email} />}
        <MessageForm
          id="support-message"
          labelledBy="contact-title"
          gap="gap-5"
          fields={{
            errors: { email: emailProblem(email) },
            ids: { email: "support-email" },
            render: (shown) => (
              <SenderFields
                email={email}
                emailError={shown.email}
                onEmail={setEmail}
                subject={subject}
                onSubject={setSubject}
              />
            ),
          }}
          label="Message"
          rows={6}
          required
          placeholder="Tell us what you're working on and what happened."
          emptyError="Message is required"
          submitLabel="Send Message"
          pendingText="Sending..."
          pending={createTicket.isPending}
          onSend={send}
        />
      </CardContent>
    </Card>
  );
}

/** Stays on the page after the toast: the number to quote, and where the answer goes. */
function TicketSentNotice({ number, email }: { number: string; email: string }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-md border border-success/40 bg-success/10 p-3 text-sm">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <p>
        <span className="font-medium">Message sent: ticket {number}.</span> We'll reply to {email} within{" "}
        {SUPPORT_RESPONSE_HOURS} hours; quote {number} if you write again.
      </p>
    </div>
  );
}

/** Who writes (the address the answer goes to) and about what. */
function SenderFields(props: {
  email: string;
  emailError: string | undefined;
  onEmail: (email: string) => void;
  subject: TicketSubject | "";
  onSubject: (subject: TicketSubject | "") => void;
}) {
  return (
    <>
      <EmailField
        id="support-email"
        label="Email"
        error={props.emailError}
        maxLength={MAX_EMAIL_LENGTH}
        value={props.email}
        onChange={(event) => props.onEmail(event.target.value)}
      />
      <SelectField
        id="support-subject"
        label={
          <>
            Subject <span className="font-normal text-muted-foreground">(optional)</span>
          </>
        }
        value={props.subject}
        onChange={(event) => props.onSubject(event.target.value as TicketSubject | "")}
      >
        <option value="">Choose a subject</option>
        {SUBJECTS.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </>
  );
}
