import { useState } from "react";
import { KeyRound } from "lucide-react";
import { MIN_PASSWORD_LENGTH } from "@shared/product";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { failureToast } from "../../../lib/failure-toast";
import { useChangePassword } from "../../../lib/queries/account";
import { toast } from "../../../lib/use-toast";
import { NewPasswordField } from "../../../components/new-password-field";
import { FormDialog, isWrongPassword } from "../../../components/form-dialog";

/** Settings → Change password: the current one, the new one twice. Other devices are signed out. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const change = useChangePassword();

  function openChange(value: boolean) {
    setOpen(value);
    if (value) {
      setCurrent("");
      setNext("");
      setConfirm("");
      setErrors({});
    }
  }

  function submit() {
    const found = {
      current: current ? undefined : "Please enter your current password",
      next:
        next.length >= MIN_PASSWORD_LENGTH ? undefined : `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      confirm: confirm === next ? undefined : "Passwords don't match",
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    // mutateAsync: the fresh token re-renders the signed-in screens, which may drop mutate's own callbacks.
    change.mutateAsync({ currentPassword: current, newPassword: next }).then(
      ({ message }) => {
        setOpen(false);
        toast({ title: "Password Changed", description: message });
      },
      (error) => {
        if (isWrongPassword(error)) setErrors({ current: (error as Error).message });
        else
          failureToast("Password Not Changed", {
            fallback: "Could not change your password",
            statusPrefix: "Change failed.",
          })(error);
      },
    );
  }

  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <KeyRound aria-hidden /> Change password
        </Button>
      }
      open={open}
      onOpenChange={openChange}
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
      <TextField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={errors.current}
      />
      <NewPasswordField
        id="new-password"
        label="New password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={errors.next}
      />
      <NewPasswordField
        id="confirm-new-password"
        label="Confirm new password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm}
      />
    </FormDialog>
  );
}
