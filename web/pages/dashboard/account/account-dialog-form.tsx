/**
 * What the account's own dialogs (change e-mail, change password, delete the account) share: fields that start
 * empty each time the dialog opens, errors shown under them, and the current password, which the server may refuse.
 */
import { useState, type ChangeEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { FormDialog, isWrongPassword, type FormDialogProps } from "../../../components/form-dialog";
import { useT } from "../../../lib/language";

type Errors<F> = Partial<Record<keyof F, string>>;

/** A dialog's fields and their errors, emptied each time it opens. */
export function useAccountDialogForm<F extends Record<string, string>>(empty: F, onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Errors<F>>({});
  const t = useT();

  function openChange(value: boolean) {
    setOpen(value);
    if (!value) return;
    setValues(empty);
    setErrors({});
    onOpen?.();
  }

  /** The value, change handler and error of one field. */
  const field = (name: keyof F) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((before) => ({ ...before, [name]: value }));
    },
    error: errors[name],
  });

  /** Shows the problems found; true when there are none. */
  function check(found: Errors<F>): boolean {
    setErrors(found);
    return Object.values(found).every((problem) => !problem);
  }

  /**
   * A failed request: the server's "wrong password" goes under the password field `passwordField`, anything
   * else to `otherwise` (a failure toast).
   */
  const refused = (passwordField: keyof F, otherwise: (error: unknown) => void) => (error: unknown) => {
    if (isWrongPassword(error)) setErrors({ [passwordField]: t("dashboard.account.wrongPassword") } as Errors<F>);
    else otherwise(error);
  };

  return { open, setOpen, openChange, values, setErrors, field, check, refused };
}

/** The account's current password, asked before a change that needs it. */
export function CurrentPasswordField(props: {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <TextField
      label={t("dashboard.account.currentPassword")}
      type="password"
      autoComplete="current-password"
      {...props}
    />
  );
}

export interface AccountDialogProps extends Omit<FormDialogProps, "trigger" | "open" | "onOpenChange"> {
  /** The dialog's state, from useAccountDialogForm. */
  form: { open: boolean; openChange: (open: boolean) => void };
  /** The Settings button that opens it: its icon and words. */
  openerIcon: ReactNode;
  opener: string;
}

/** One of the account's dialogs, opened by its button in Settings (red for a destructive one). */
export function AccountDialog({ form, openerIcon, opener, ...dialog }: AccountDialogProps) {
  return (
    <FormDialog
      trigger={
        <Button variant={dialog.destructive ? "destructive" : "outline"}>
          {openerIcon} {opener}
        </Button>
      }
      open={form.open}
      onOpenChange={form.openChange}
      {...dialog}
    />
  );
}
