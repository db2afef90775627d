import { useState } from "react";
import { Mail } from "lucide-react";
import { EmailField } from "../../../components/email-field";
import { SentNotice } from "../../../components/sent-notice";
import { failureToast } from "../../../lib/failure-toast";
import { useChangeEmail } from "../../../lib/queries/account";
import { AccountDialog, CurrentPasswordField, useAccountDialogForm } from "./account-dialog-form";

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Settings → Change email: a link goes to the new address; nothing changes until it is opened. */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountDialogForm({ email: "", password: "" }, () => setSent(null));
  const change = useChangeEmail();

  function submit() {
    const { email, password } = form.values;
    const found = {
      email: looksLikeEmail(email.trim()) ? undefined : "Please enter a valid email address",
      password: password ? undefined : "Please enter your current password",
    };
    if (!form.check(found)) return;
    const otherwise = failureToast("Email Not Changed", {
      fallback: "Could not change your email",
      statusPrefix: "Change failed.",
    });
    change.mutate(
      { newEmail: email.trim(), password },
      {
        onSuccess: ({ message }) => setSent(message),
        onError: form.refused("password", (error) => {
          const code = (error as { code?: string }).code;
          if (code === "EMAIL_TAKEN" || code === "SAME_EMAIL") form.setErrors({ email: (error as Error).message });
          else otherwise(error);
        }),
      },
    );
  }

  return (
    <AccountDialog
      form={form}
      openerIcon={<Mail aria-hidden />}
      opener="Change email"
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
        <SentNotice message={sent} />
      ) : (
        <>
          <EmailField id="new-email" label="New email" {...form.field("email")} />
          <CurrentPasswordField id="email-change-password" {...form.field("password")} />
        </>
      )}
    </AccountDialog>
  );
}
