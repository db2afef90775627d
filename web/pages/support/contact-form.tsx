import { useState, type FormEvent } from "react";
import { CheckCircle2, Send } from "lucide-react";
import type { TicketSubject } from "@shared/api-types";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { MAX_TICKET_MESSAGE, TICKET_SUBJECT_LABELS, TICKET_SUBJECTS, ticketNumber } from "@shared/support";
import { EmailField } from "../../components/email-field";
import { PendingButton } from "../../components/ui/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { SelectField, TextareaField } from "../../components/ui/text-field";
import { useFieldErrors } from "../../components/ui/use-field-errors";
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

function validate(email: string, message: string) {
  return { email: emailProblem(email), message: message.trim() ? undefined : "Message is required" };
}

/** The support page's contact form: it creates a ticket the admins answer. */
export function ContactForm() {
  const [email, setEmail] = useState("");
  const [subject, setSubject] = useState<TicketSubject | "">("");
  const [message, setMessage] = useState("");
  const createTicket = useCreateTicket();
  // Kept on the page after the toast has gone: the number to quote, and where the answer goes.
  const [sent, setSent] = useState<{ number: string; email: string } | null>(null);
  const {
    shown: errors,
    check,
    reset,
  } = useFieldErrors(validate(email, message), { email: "support-email", message: "support-message" });

  function clear() {
    setEmail("");
    setSubject("");
    setMessage("");
    reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check()) return;
    createTicket.mutate(
      { email: email.trim(), message: message.trim(), ...(subject ? { subject } : {}) },
      {
        onSuccess: (ticket) => {
          setSent({ number: ticketNumber(ticket._id), email: ticket.email });
          toast({
            title: "Message Sent!",
            description: `We'll get back to you within ${SUPPORT_RESPONSE_HOURS} hours.`,
          });
          clear();
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
        {sent && (
          <div
            role="status"
            className="flex items-start gap-3 rounded-md border border-success/40 bg-success/10 p-3 text-sm"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <p>
              <span className="font-medium">Message sent: ticket {sent.number}.</span> We'll reply to {sent.email}{" "}
              within {SUPPORT_RESPONSE_HOURS} hours; quote {sent.number} if you write again.
            </p>
          </div>
        )}
        <form noValidate aria-labelledby="contact-title" onSubmit={handleSubmit} className="grid gap-5">
          <EmailField
            id="support-email"
            label="Email"
            error={errors.email}
            maxLength={MAX_EMAIL_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SelectField
            id="support-subject"
            label={
              <>
                Subject <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
            value={subject}
            onChange={(event) => setSubject(event.target.value as TicketSubject | "")}
          >
            <option value="">Choose a subject</option>
            {SUBJECTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextareaField
            id="support-message"
            label="Message"
            error={errors.message}
            rows={6}
            required
            maxLength={MAX_TICKET_MESSAGE}
            placeholder="Tell us what you're working on and what happened."
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <PendingButton
            type="submit"
            className="w-full sm:w-auto sm:justify-self-start"
            pending={createTicket.isPending}
            pendingText="Sending..."
            icon={<Send aria-hidden />}
          >
            Send Message
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
