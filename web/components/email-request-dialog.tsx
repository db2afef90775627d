import { useEffect, useState, type ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { EmailField } from "./email-field";
import { FormDialog } from "./form-dialog";
import { SentNotice } from "./sent-notice";
import { failureToast } from "../lib/failure-toast";
import { ApiError } from "../lib/api";
import { useT } from "../lib/language";

export interface EmailRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The field's value when the dialog opens, to save retyping. */
  initialEmail?: string;
  /** The call: answers a sentence that is the same for every address. */
  request: UseMutationResult<{ message: string }, Error, string>;
  title: string;
  description: ReactNode;
  /** The field's id and label. */
  fieldId: string;
  fieldLabel: string;
  submitLabel: string;
  /** The failure toast's sentence when the server gave none (and its title, "Request Failed" unless given). */
  failureFallback: string;
  failureTitle?: string;
  /**
   * The page's own words for the server's answer, which is the same for every address (a translated page
   * says it in its language); without it the server's sentence is shown.
   */
  sentText?: string;
}

/**
 * A dialog that takes an e-mail address, asks the server to e-mail something to it (a reset link,
 * lost keys) and then shows the server's sentence, which never says whether the address is known.
 */
export function EmailRequestDialog(props: EmailRequestDialogProps) {
  const t = useT();
  const {
    initialEmail = "",
    request,
    fieldId,
    fieldLabel,
    failureTitle = t("dialog.requestFailed"),
    failureFallback,
  } = props;
  const { open, onOpenChange, title, description, submitLabel } = props;
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError(null);
      setSentMessage(null);
    }
  }, [open, initialEmail]);

  function handleSubmit() {
    if (!email.trim()) {
      setError(t("auth.emailRequired"));
      return;
    }
    setError(null);
    request.mutate(email.trim(), {
      onSuccess: ({ message }) => setSentMessage(props.sentText ?? message),
      onError: (failure) => {
        // Not an address: said at the field, where it can be fixed.
        if (failure instanceof ApiError && failure.status === 422 && failure.serverText)
          return setError(failure.serverText);
        failureToast(failureTitle, { fallback: failureFallback, statusPrefix: t("dialog.requestFailedStatus") })(
          failure,
        );
      },
    });
  }

  return (
    <FormDialog
      {...{ open, onOpenChange, title, description, submitLabel }}
      pendingText={t("dialog.sending")}
      pending={request.isPending}
      icon={<Send aria-hidden />}
      done={sentMessage !== null}
      onSubmit={handleSubmit}
    >
      {sentMessage ? (
        <SentNotice message={sentMessage} />
      ) : (
        <EmailField
          id={fieldId}
          label={fieldLabel}
          error={error}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      )}
    </FormDialog>
  );
}
