import { KeyRound } from "lucide-react";
import { MIN_PASSWORD_LENGTH } from "@shared/product";
import { failureToast } from "../../../lib/failure-toast";
import { useChangePassword } from "../../../lib/queries/account";
import { toast } from "../../../lib/use-toast";
import { NewPasswordField } from "../../../components/new-password-field";
import { AccountDialog, CurrentPasswordField, useAccountDialogForm } from "./account-dialog-form";
import { useT } from "../../../lib/language";

/** Settings → Change password: the current one, the new one twice. Other devices are signed out. */
export function ChangePasswordDialog() {
  const form = useAccountDialogForm({ current: "", next: "", confirm: "" });
  const change = useChangePassword();
  const t = useT();

  function submit() {
    const { current, next, confirm } = form.values;
    const found = {
      current: current ? undefined : t("dashboard.account.passwordRequired"),
      next: next.length >= MIN_PASSWORD_LENGTH ? undefined : t("auth.passwordTooShort", { min: MIN_PASSWORD_LENGTH }),
      confirm: confirm === next ? undefined : t("auth.passwordsDiffer"),
    };
    if (!form.check(found)) return;
    // mutateAsync: the fresh token re-renders the signed-in screens, which may drop mutate's own callbacks.
    change.mutateAsync({ currentPassword: current, newPassword: next }).then(
      () => {
        form.setOpen(false);
        toast({ title: t("dashboard.password.changed"), description: t("dashboard.password.changedText") });
      },
      form.refused(
        "current",
        failureToast(t("dashboard.password.notChanged"), {
          fallback: t("dashboard.password.failed"),
          statusPrefix: t("dashboard.account.changeFailed"),
        }),
      ),
    );
  }

  return (
    <AccountDialog
      form={form}
      openerIcon={<KeyRound aria-hidden />}
      opener={t("dashboard.password.title")}
      title={t("dashboard.password.title")}
      description={<p>{t("dashboard.password.description")}</p>}
      submitLabel={t("dashboard.password.submit")}
      pendingText={t("dashboard.saving")}
      pending={change.isPending}
      onSubmit={submit}
    >
      <CurrentPasswordField id="current-password" {...form.field("current")} />
      <NewPasswordField id="new-password" label={t("reset.new")} {...form.field("next")} />
      <NewPasswordField id="confirm-new-password" label={t("reset.confirm")} {...form.field("confirm")} />
    </AccountDialog>
  );
}
