import { useEffect, useState, type FormEvent } from "react";
import { Loader2, MailCheck, Send } from "lucide-react";
import { FormField, fieldMessageId } from "../../components/form-field";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { failureText } from "../../lib/error-text";
import { useForgotPassword } from "../../lib/queries/password-reset";
import { toast } from "../../lib/use-toast";

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
      onError: (failure) =>
        toast({ variant: "destructive", title: "Request Failed", description: failureText(failure, { fallback: "Could not send the reset link", statusPrefix: "Request failed." }) }),
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
            <FormField id="forgot-email" label="Email" error={error}>
              <Input
                id="forgot-email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={fieldMessageId("forgot-email")}
              />
            </FormField>
          </form>
        )}
        <DialogFooter>
          {sentMessage ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <Button type="submit" form="forgot-password-form" disabled={forgot.isPending}>
              {forgot.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              {forgot.isPending ? "Sending..." : "Send Reset Link"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
