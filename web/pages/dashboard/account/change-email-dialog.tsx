import { useState } from "react";
import { Mail } from "lucide-react";
import { EmailField } from "../../../components/email-field";
import { SentNotice } from "../../../components/sent-notice";
import { failureToast } from "../../../lib/failure-toast";
import { useChangeEmail } from "../../../lib/queries/account";
import { AccountDialog, CurrentPasswordField, useAccountDialogForm } from "./account-dialog-form";
import { useT } from "../../../lib/language";

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Settings → Change email: a link goes to the new address; nothing changes until it is opened. */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useAccountDialogForm({ email: "", password: "" }, () => setSent(null));
  const change = useChangeEmail();
  const t = useT();

  function submit() {
    const { email, password } = form.values;
    const found = {
      email: looksLikeEmail(email.trim()) ? undefined : t("dashboard.account.invalidEmail"),
      password: password ? undefined : t("dashboard.account.passwordRequired"),
    };
    if (!form.check(found)) return;
    const otherwise = failureToast(t("dashboard.email.notChanged"), {
      fallback: t("dashboard.email.failed"),
      statusPrefix: t("dashboard.account.changeFailed"),
    });
    change.mutate(
      { newEmail: email.trim(), password },
      {
        onSuccess: () => setSent(t("dashboard.email.sent", { email: email.trim(), current: currentEmail })),
        onError: form.refused("password", (error) => {
          const code = (error as { code?: string }).code;
          if (code === "EMAIL_TAKEN") form.setErrors({ email: t("dashboard.email.taken") });
          else if (code === "SAME_EMAIL") form.setErrors({ email: t("dashboard.email.same") });
          else otherwise(error);
        }),
      },
    );
  }

  return (
    <AccountDialog
      form={form}
      openerIcon={<Mail aria-hidden />}
      opener={t("dashboard.email.title")}
      title={t("dashboard.email.title")}
      description={<p>{t("dashboard.email.description", { email: currentEmail })}</p>}
      submitLabel={t("dashboard.email.submit")}
      pendingText={t("dialog.sending")}
      pending={change.isPending}
      onSubmit={submit}
      done={sent !== null}
    >
      {sent !== null ? (
        <SentNotice message={sent} />
      ) : (
        <>
          <EmailField id="new-email" label={t("dashboard.email.new")} {...form.field("email")} />
          <CurrentPasswordField id="email-change-password" {...form.field("password")} />
        </>
      )}
    </AccountDialog>
  );
}
