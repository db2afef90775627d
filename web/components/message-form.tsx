/**
 * A form that sends a message: the support page's contact form, the sender's answer on a ticket's page and on the
 * dashboard, and the admin's answer to a ticket. It holds the message (up to the tickets' limit), says "write it
 * first" at the field when it is sent empty (with the errors of any fields above it), shows the send button's
 * pending state, and empties itself once the message is sent.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { Send } from "lucide-react";
import { MAX_TICKET_MESSAGE } from "@shared/support";
import { PendingButton } from "./ui/pending-button";
import { TextareaField } from "./ui/text-field";
import { useFieldErrors } from "./ui/use-field-errors";

/** Fields above the message, checked with it: their problems now, their ids (in order) and how they are drawn. */
export interface MessageFormFields {
  errors: Record<string, string | undefined>;
  ids: Record<string, string>;
  render: (shown: Record<string, string | undefined>) => ReactNode;
}

export interface MessageFormProps {
  /** The textarea's id: unique on the page. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  rows: number;
  placeholder?: string;
  required?: boolean;
  /** Said at the field when the message is empty. */
  emptyError: string;
  /** The form's name: the id of a heading that names it, or a label of its own. */
  labelledBy?: string;
  formLabel?: string;
  fields?: MessageFormFields;
  submitLabel: string;
  pendingText: string;
  pending: boolean;
  /** While true no button sends, e.g. while another of the form's buttons is sending. */
  busy?: boolean;
  /** Buttons beside the send button; `send(action)` checks the form and sends it with that action. */
  actions?: (send: (action: string) => void) => ReactNode;
  /** Sends the trimmed message; `sent()` empties the form. `action` is the one of the button that sent it. */
  onSend: (message: string, sent: () => void, action?: string) => void;
  /** The space between the form's rows (a Tailwind gap class). */
  gap?: string;
}

export function MessageForm(props: MessageFormProps) {
  const { id, fields, pending, busy, actions, onSend } = props;
  const [message, setMessage] = useState("");
  const { shown, check, reset } = useFieldErrors<string>(
    { ...fields?.errors, message: message.trim() ? undefined : props.emptyError },
    { ...fields?.ids, message: id },
  );

  function send(action?: string) {
    if (!check()) return;
    onSend(
      message.trim(),
      () => {
        setMessage("");
        reset();
      },
      action,
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  const button = (
    <PendingButton
      type="submit"
      className={actions ? undefined : "w-full sm:w-auto sm:justify-self-start"}
      pending={pending}
      pendingText={props.pendingText}
      disabled={busy}
      icon={<Send aria-hidden />}
    >
      {props.submitLabel}
    </PendingButton>
  );
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={props.labelledBy}
      aria-label={props.formLabel}
      className={`grid ${props.gap ?? "gap-4"}`}
    >
      {fields?.render(shown)}
      <TextareaField
        id={id}
        label={props.label}
        hint={props.hint}
        error={shown.message}
        rows={props.rows}
        required={props.required}
        maxLength={MAX_TICKET_MESSAGE}
        placeholder={props.placeholder}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {actions ? (
        <div className="flex flex-wrap gap-2">
          {button}
          {actions(send)}
        </div>
      ) : (
        button
      )}
    </form>
  );
}
