import { useState } from "react";
import { CheckCircle2 } from "lucide-react";
import type { TicketSubject } from "@shared/api-types";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { TICKET_SUBJECTS, ticketNumber } from "@shared/support";
import { EmailField } from "../../components/email-field";
import { MessageForm } from "../../components/message-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { SelectField } from "../../components/ui/text-field";
import { failureToast } from "../../lib/failure-toast";
import { richMessage, useT, type Translate } from "../../lib/language";
import { useCreateTicket } from "../../lib/queries/public";
import { toast } from "../../lib/use-toast";

/** The server's limit for the address (POST /api/support/tickets). */
const MAX_EMAIL_LENGTH = 254;

/** Loose on purpose: the server has the final word; this catches typos like a missing @. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(email: string, t: Translate): string | undefined {
  if (!email.trim()) return t("support.contact.emailRequired");
  if (!EMAIL_SHAPE.test(email.trim())) return t("support.contact.emailInvalid");
  return undefined;
}

/** The support page's contact form: it creates a ticket the admins answer. */
export function ContactForm() {
  const t = useT();
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
            title: t("support.contact.sentTitle"),
            description: t("support.contact.sentText", { hours: SUPPORT_RESPONSE_HOURS }),
          });
          setEmail("");
          setSubject("");
          cleared();
        },
        onError: failureToast(t("support.contact.failedTitle"), {
          fallback: t("support.contact.failed"),
          statusPrefix: t("support.contact.failedStatus"),
          codes: { RATE_LIMITED: t("support.contact.tooMany") },
        }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} id="contact-title" className="text-xl">
          {t("support.contact.title")}
        </CardTitle>
        <CardDescription>{t("support.contact.description", { hours: SUPPORT_RESPONSE_HOURS })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {sent && <TicketSentNotice number={sent.number} email={sent.email} />}
        <MessageForm
          id="support-message"
          labelledBy="contact-title"
          gap="gap-5"
          fields={{
            errors: { email: emailProblem(email, t) },
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
          label={t("support.contact.message")}
          rows={6}
          required
          placeholder={t("support.contact.placeholder")}
          emptyError={t("support.contact.messageRequired")}
          submitLabel={t("support.contact.send")}
          pendingText={t("support.contact.sending")}
          pending={createTicket.isPending}
          onSend={send}
        />
      </CardContent>
    </Card>
  );
}

/** Stays on the page after the toast: the number to quote, and where the answer goes. */
function TicketSentNotice({ number, email }: { number: string; email: string }) {
  const t = useT();
  return (
    <div role="status" className="flex items-start gap-3 rounded-md border border-success/40 bg-success/10 p-3 text-sm">
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <p>
        {richMessage(t("support.contact.sentNotice", { number, email, hours: SUPPORT_RESPONSE_HOURS }), [
          (text) => <span className="font-medium">{text}</span>,
        ])}
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
  const t = useT();
  return (
    <>
      <EmailField
        id="support-email"
        label={t("support.contact.email")}
        error={props.emailError}
        maxLength={MAX_EMAIL_LENGTH}
        value={props.email}
        onChange={(event) => props.onEmail(event.target.value)}
      />
      <SelectField
        id="support-subject"
        label={
          <>
            {t("support.contact.subject")}{" "}
            <span className="font-normal text-muted-foreground">{t("support.contact.optional")}</span>
          </>
        }
        value={props.subject}
        onChange={(event) => props.onSubject(event.target.value as TicketSubject | "")}
      >
        <option value="">{t("support.contact.chooseSubject")}</option>
        {TICKET_SUBJECTS.map((value) => (
          <option key={value} value={value}>
            {t(`support.contact.subject.${value}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
