import { useState } from "react";
import { Mail, MailCheck } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { EmailField } from "../../../components/email-field";
import { failureToast } from "../../../lib/failure-toast";
import { useChangeEmail } from "../../../lib/queries/account";
import { FormDialog, isWrongPassword } from "../../../components/form-dialog";

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Settings → Change email: a link goes to the new address; nothing changes until it is opened. */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const change = useChangeEmail();

  function openChange(value: boolean) {
    setOpen(value);
    if (value) {
      setEmail("");
      setPassword("");
      setErrors({});
      setSent(null);
    }
  }

  function submit() {
    const found = {
      email: looksLikeEmail(email.trim()) ? undefined : "Please enter a valid email address",
      password: password ? undefined : "Please enter your current password",
    };
    setErrors(found);
    if (found.email || found.password) return;
    change.mutate(
      { newEmail: email.trim(), password },
      {
        onSuccess: ({ message }) => setSent(message),
        onError: (error) => {
          if (isWrongPassword(error)) setErrors({ password: error.message });
          else if (
            (error as { code?: string }).code === "EMAIL_TAKEN" ||
            (error as { code?: string }).code === "SAME_EMAIL"
          )
            setErrors({ email: error.message });
          else
            failureToast("Email Not Changed", {
              fallback: "Could not change your email",
              statusPrefix: "Change failed.",
            })(error);
        },
      },
    );
  }

  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <Mail aria-hidden /> Change email
        </Button>
      }
      open={open}
      onOpenChange={openChange}
      title="Change email"
      description={
        <p>
          {/* biome-ignore lint/suspicious/noSuspiciousSemicolonInJsx: the semicolon is part of the sentence */}
          We send a confirmation link to the new address. Until you open it, you keep signing in with {currentEmail};
          afterwards we tell {currentEmail} that the address changed. Your purchases, invoices and support messages stay
          with your account.
        </p>
      }
      submitLabel="Send Confirmation Link"
      pendingText="Sending..."
      pending={change.isPending}
      onSubmit={submit}
      done={sent !== null}
    >
      {sent !== null ? (
        <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success/10 p-4 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <p>{sent}</p>
        </div>
      ) : (
        <>
          <EmailField
            id="new-email"
            label="New email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
          />
          <TextField
            id="email-change-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
        </>
      )}
    </FormDialog>
  );
}
