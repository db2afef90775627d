import { KeyRound } from "lucide-react";
import { MIN_PASSWORD_LENGTH } from "@shared/product";
import { failureToast } from "../../../lib/failure-toast";
import { useChangePassword } from "../../../lib/queries/account";
import { toast } from "../../../lib/use-toast";
import { NewPasswordField } from "../../../components/new-password-field";
import { AccountDialog, CurrentPasswordField, useAccountDialogForm } from "./account-dialog-form";

/** Settings → Change password: the current one, the new one twice. Other devices are signed out. */
export function ChangePasswordDialog() {
  const form = useAccountDialogForm({ current: "", next: "", confirm: "" });
  const change = useChangePassword();

  function submit() {
    const { current, next, confirm } = form.values;
    const found = {
      current: current ? undefined : "Please enter your current password",
      next:
        next.length >= MIN_PASSWORD_LENGTH ? undefined : `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      confirm: confirm === next ? undefined : "Passwords don't match",
    };
    if (!form.check(found)) return;
    // mutateAsync: the fresh token re-renders the signed-in screens, which may drop mutate's own callbacks.
    change.mutateAsync({ currentPassword: current, newPassword: next }).then(
      ({ message }) => {
        form.setOpen(false);
        toast({ title: "Password Changed", description: message });
      },
      form.refused(
        "current",
        failureToast("Password Not Changed", {
          fallback: "Could not change your password",
          statusPrefix: "Change failed.",
        }),
      ),
    );
  }

  return (
    <AccountDialog
      form={form}
      openerIcon={<KeyRound aria-hidden />}
      opener="Change password"
      title="Change password"
      description={
        <p>
          Every other browser or device signed in to your account is signed out. This one stays signed in, and we e-mail
          you that the password changed.
        </p>
      }
      submitLabel="Change Password"
      pendingText="Saving..."
      pending={change.isPending}
      onSubmit={submit}
    >
      <CurrentPasswordField id="current-password" {...form.field("current")} />
      <NewPasswordField id="new-password" label="New password" {...form.field("next")} />
      <NewPasswordField id="confirm-new-password" label="Confirm new password" {...form.field("confirm")} />
    </AccountDialog>
  );
}
