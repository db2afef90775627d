import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { MailCheck, Send } from "lucide-react";
import { EmailField } from "./email-field";
import { Button } from "./ui/button";
import { PendingButton } from "./ui/pending-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";
import { toastFailure } from "./failure-toast";
import { ApiError } from "../lib/api";

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
  /** The failure toast's title and the sentence when the server gave none. */
  failureTitle: string;
  failureFallback: string;
}

/**
 * A dialog that takes an e-mail address, asks the server to e-mail something to it (a reset link,
 * lost keys) and then shows the server's sentence, which never says whether the address is known.
 */
export function EmailRequestDialog(props: EmailRequestDialogProps) {
  const { open, onOpenChange, initialEmail = "", request, title, description, fieldId, fieldLabel, submitLabel, failureTitle, failureFallback } = props;
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const formId = `${fieldId}-form`;

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError(null);
      setSentMessage(null);
    }
  }, [open, initialEmail]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setError("Email is required");
      return;
    }
    setError(null);
    request.mutate(email.trim(), {
      onSuccess: ({ message }) => setSentMessage(message),
      onError: (failure) => {
        // Not an address: said at the field, where it can be fixed.
        if (failure instanceof ApiError && failure.status === 422 && failure.serverText) return setError(failure.serverText);
        toastFailure(failureTitle, failure, { fallback: failureFallback, statusPrefix: "Request failed." });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {sentMessage ? (
          <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            <p>{sentMessage}</p>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit} className="grid gap-4" id={formId}>
            <EmailField id={fieldId} label={fieldLabel} error={error} value={email} onChange={(event) => setEmail(event.target.value)} />
          </form>
        )}
        <DialogFooter>
          {sentMessage ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <PendingButton type="submit" form={formId} pending={request.isPending} pendingText="Sending..." icon={<Send aria-hidden />}>
              {submitLabel}
            </PendingButton>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
