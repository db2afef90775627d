/** The sender's answer to a support ticket: on the ticket's own page (by its link) and on the dashboard. */
import { failureToast } from "../lib/failure-toast";
import { toast } from "../lib/use-toast";
import { MessageForm } from "./message-form";

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
  return (
    <MessageForm
      id={id}
      formLabel={`Answer ticket ${number}`}
      label="Your answer"
      hint={closed ? "This ticket is closed. Answering opens it again." : undefined}
      rows={5}
      emptyError="Write your answer first"
      submitLabel="Send Answer"
      pendingText="Sending..."
      pending={pending}
      onSend={(message, sent) =>
        send(message, {
          onSuccess: () => {
            sent();
            toast({ title: "Answer Sent", description: `It's on ticket ${number}; we'll answer by e-mail.` });
          },
          onError: failureToast("Answer Not Sent", {
            fallback: "Your answer could not be sent. Please try again.",
            statusPrefix: "Sending failed.",
          }),
        })
      }
    />
  );
}
