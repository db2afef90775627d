import { Link } from "wouter";
import { Trash2 } from "lucide-react";
import { failureToast } from "../../../lib/failure-toast";
import { useDeleteAccount } from "../../../lib/queries/account";
import { AccountDialog, CurrentPasswordField, useAccountDialogForm } from "./account-dialog-form";
import { useSession } from "../../../lib/session";
import { richMessage, useT } from "../../../lib/language";

/** Settings → Delete account: says what goes and what the law makes us keep, and asks for the password. */
export function DeleteAccountDialog() {
  const form = useAccountDialogForm({ password: "" });
  const remove = useDeleteAccount();
  const confirmed = useSession((state) => state.user?.emailConfirmed ?? true);
  const t = useT();

  function submit() {
    const { password } = form.values;
    if (!form.check({ password: password ? undefined : t("dashboard.account.passwordRequired") })) return;
    remove.mutate(password, {
      onError: form.refused(
        "password",
        failureToast(t("dashboard.delete.notDeleted"), {
          fallback: t("dashboard.delete.failed"),
          statusPrefix: t("dashboard.delete.failedStatus"),
        }),
      ),
    });
  }

  return (
    <AccountDialog
      form={form}
      openerIcon={<Trash2 aria-hidden />}
      opener={t("dashboard.delete.opener")}
      destructive
      title={t("dashboard.delete.title")}
      description={
        <>
          <p>{t("dashboard.delete.what")}</p>
          <p>
            {richMessage(t("dashboard.delete.kept"), [
              (text) => <strong className="font-medium text-foreground">{text}</strong>,
              (text) => (
                <Link href="/privacy" className="text-brand underline underline-offset-4">
                  {text}
                </Link>
              ),
            ])}
          </p>
          {!confirmed && <p>{t("dashboard.delete.unconfirmed")}</p>}
        </>
      }
      submitLabel={t("dashboard.delete.submit")}
      pendingText={t("dashboard.delete.deleting")}
      pending={remove.isPending}
      onSubmit={submit}
      icon={<Trash2 aria-hidden />}
    >
      <CurrentPasswordField id="delete-password" {...form.field("password")} />
    </AccountDialog>
  );
}
