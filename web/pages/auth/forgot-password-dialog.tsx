import { useEffect, useState, type FormEvent } from "react";
import { MailCheck, Send } from "lucide-react";
import { EmailField } from "../../components/email-field";
import { Button } from "../../components/ui/button";
import { PendingButton } from "../../components/ui/pending-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { toastFailure } from "../../components/failure-toast";
import { useForgotPassword } from "../../lib/queries/password-reset";

export interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the login form's e-mail field holds, to save retyping. */
  initialEmail?: string;
}

/** The login screen's Forgot password: asks for the e-mail and sends a reset link. */
export function ForgotPasswordDialog({ open, onOpenChange, initialEmail = "" }: ForgotPasswordDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const forgot = useForgotPassword();

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
    forgot.mutate(email.trim(), {
      onSuccess: ({ message }) => setSentMessage(message),
      onError: (failure) => toastFailure("Request Failed", failure, { fallback: "Could not send the reset link", statusPrefix: "Request failed." }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>Enter the e-mail of your account and we'll send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        {sentMessage ? (
          <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            <p>{sentMessage}</p>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit} className="grid gap-4" id="forgot-password-form">
            <EmailField id="forgot-email" label="Email" error={error} value={email} onChange={(event) => setEmail(event.target.value)} />
          </form>
        )}
        <DialogFooter>
          {sentMessage ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <PendingButton type="submit" form="forgot-password-form" pending={forgot.isPending} pendingText="Sending..." icon={<Send aria-hidden />}>
              Send Reset Link
            </PendingButton>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
