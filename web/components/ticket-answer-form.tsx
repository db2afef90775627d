/** The sender's answer to a support ticket: on the ticket's own page (by its link) and on the dashboard. */
import { failureToast } from "../lib/failure-toast";
import { toast } from "../lib/use-toast";
import { MessageForm } from "./message-form";
import { useT } from "../lib/language";

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
  const t = useT();
  return (
    <MessageForm
      id={id}
      formLabel={t("dashboard.answer.form", { number })}
      label={t("dashboard.answer.label")}
      hint={closed ? t("dashboard.answer.closed") : undefined}
      rows={5}
      emptyError={t("dashboard.answer.empty")}
      submitLabel={t("dashboard.answer.send")}
      pendingText={t("dialog.sending")}
      pending={pending}
      onSend={(message, sent) =>
        send(message, {
          onSuccess: () => {
            sent();
            toast({ title: t("dashboard.answer.sent"), description: t("dashboard.answer.sentText", { number }) });
          },
          onError: failureToast(t("dashboard.answer.notSent"), {
            fallback: t("dashboard.answer.failed"),
            statusPrefix: t("dashboard.sendingFailed"),
          }),
        })
      }
    />
  );
}
