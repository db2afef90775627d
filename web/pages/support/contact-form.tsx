import { useState, type FormEvent } from "react";
import { Loader2, Send } from "lucide-react";
import type { TicketSubject } from "../../../src/shared/api-types";
import { SUPPORT_RESPONSE_HOURS } from "../../../src/shared/product";
import { FormField, fieldMessageId } from "../../components/form-field";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Textarea } from "../../components/ui/textarea";
import { failureText } from "../../lib/error-text";
import { useCreateTicket } from "../../lib/queries/public";
import { toast } from "../../lib/use-toast";

const SUBJECTS: ReadonlyArray<{ value: TicketSubject; label: string }> = [
  { value: "technical", label: "Technical Support" },
  { value: "billing", label: "Billing" },
  { value: "feature", label: "Feature Request" },
  { value: "bug", label: "Bug Report" },
];

/** The server's limits for a ticket (POST /api/support/tickets). */
const MAX_EMAIL_LENGTH = 254;
const MAX_MESSAGE_LENGTH = 5000;

/** Loose on purpose: the server has the final word; this catches typos like a missing @. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ContactErrors {
  email?: string;
  message?: string;
}

function validate(email: string, message: string): ContactErrors {
  const errors: ContactErrors = {};
  if (!email.trim()) errors.email = "Email is required";
  else if (!EMAIL_SHAPE.test(email.trim())) errors.email = "Enter a valid email address";
  if (!message.trim()) errors.message = "Message is required";
  return errors;
}

/** The support page's contact form: it creates a ticket the admins answer. */
export function ContactForm() {
  const [email, setEmail] = useState("");
  const [subject, setSubject] = useState<TicketSubject | "">("");
  const [message, setMessage] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const createTicket = useCreateTicket();

  const errors = submitted ? validate(email, message) : {};

  function clear() {
    setEmail("");
    setSubject("");
    setMessage("");
    setSubmitted(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const problems = validate(email, message);
    if (problems.email || problems.message) {
      document.getElementById(problems.email ? "support-email" : "support-message")?.focus();
      return;
    }
    createTicket.mutate(
      { email: email.trim(), message: message.trim(), ...(subject ? { subject } : {}) },
      {
        onSuccess: () => {
          toast({ title: "Message Sent!", description: `We'll get back to you within ${SUPPORT_RESPONSE_HOURS} hours.` });
          clear();
        },
        onError: (error) => {
          toast({
            variant: "destructive",
            title: "Message Not Sent",
            description: failureText(error, { fallback: "Your message could not be sent. Please try again.", statusPrefix: "Sending failed." }),
          });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} id="contact-title" className="text-xl">
          Contact Us
        </CardTitle>
        <CardDescription>Can't find your answer? Send us a message and we'll reply by e-mail within {SUPPORT_RESPONSE_HOURS} hours.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-labelledby="contact-title" onSubmit={handleSubmit} className="grid gap-5">
          <FormField id="support-email" label="Email" error={errors.email}>
            <Input
              id="support-email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              required
              maxLength={MAX_EMAIL_LENGTH}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={fieldMessageId("support-email")}
            />
          </FormField>
          <FormField
            id="support-subject"
            label={
              <>
                Subject <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
          >
            <Select
              id="support-subject"
              value={subject}
              onChange={(event) => setSubject(event.target.value as TicketSubject | "")}
              aria-describedby={fieldMessageId("support-subject")}
            >
              <option value="">Choose a subject</option>
              {SUBJECTS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="support-message" label="Message" error={errors.message}>
            <Textarea
              id="support-message"
              rows={6}
              required
              maxLength={MAX_MESSAGE_LENGTH}
              placeholder="Tell us what you're working on and what happened."
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={fieldMessageId("support-message")}
            />
          </FormField>
          <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={createTicket.isPending}>
            {createTicket.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {createTicket.isPending ? "Sending..." : "Send Message"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
