/** The sender's answer to a support ticket: on the ticket's own page (by its link) and on the dashboard. */
import { useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import { MAX_TICKET_MESSAGE } from "@shared/support";
import { PendingButton } from "./ui/pending-button";
import { TextareaField } from "./ui/text-field";
import { useFieldErrors } from "./ui/use-field-errors";
import { failureToast } from "../lib/failure-toast";
import { toast } from "../lib/use-toast";

export function TicketAnswerForm({
  id,
  number,
  closed,
  pending,
  send,
}: {
  /** The textarea's id: unique on the page. */
  id: string;
  number: string;
  closed: boolean;
  pending: boolean;
  send: (message: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}) {
  const [message, setMessage] = useState("");
  const { shown, check, reset } = useFieldErrors(
    { message: message.trim() ? undefined : "Write your answer first" },
    { message: id },
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check()) return;
    send(message.trim(), {
      onSuccess: () => {
        setMessage("");
        reset();
        toast({ title: "Answer Sent", description: `It's on ticket ${number}; we'll answer by e-mail.` });
      },
      onError: failureToast("Answer Not Sent", {
        fallback: "Your answer could not be sent. Please try again.",
        statusPrefix: "Sending failed.",
      }),
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`Answer ticket ${number}`} className="grid gap-4">
      <TextareaField
        id={id}
        label="Your answer"
        error={shown.message}
        rows={5}
        maxLength={MAX_TICKET_MESSAGE}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        hint={closed ? "This ticket is closed. Answering opens it again." : undefined}
      />
      <PendingButton
        type="submit"
        className="w-full sm:w-auto sm:justify-self-start"
        pending={pending}
        pendingText="Sending..."
        icon={<Send aria-hidden />}
      >
        Send Answer
      </PendingButton>
    </form>
  );
}
