import { useId, type FormEvent, type ReactNode } from "react";
import { Button } from "./ui/button";
import { PendingButton } from "./ui/pending-button";
import { DialogActions, DialogFooter, DialogFrame } from "./ui/dialog";
import { cn } from "../lib/utils";
import { useT } from "../lib/language";

export interface FormDialogProps {
  /** What opens it; left out when the caller opens it through `open`. */
  trigger?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** The fields; or, once done, what happened (then the footer only closes). */
  children: ReactNode;
  submitLabel: string;
  pendingText: string;
  pending: boolean;
  /** Shown instead of the form once the request succeeded. */
  done?: boolean;
  destructive?: boolean;
  icon?: ReactNode;
  /** Its width, for a form wider than the usual one column. */
  className?: string;
  onSubmit: () => void;
}

/**
 * A dialog holding one small form: a title, fields, Cancel and one action that says when it is running.
 * A destructive one is an alert dialog that a click outside does not close.
 */
export function FormDialog(props: FormDialogProps) {
  const { children, submitLabel, pendingText, pending, done, destructive, icon, className, onSubmit, ...frame } = props;
  const formId = useId();
  const t = useT();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <DialogFrame {...frame} alert={destructive} className={cn("max-w-md", className)}>
      {done ? (
        children
      ) : (
        <form id={formId} noValidate onSubmit={handleSubmit} className="grid gap-4">
          {children}
        </form>
      )}
      {done ? (
        <DialogFooter>
          <Button onClick={() => frame.onOpenChange(false)}>{t("dialog.done")}</Button>
        </DialogFooter>
      ) : (
        <DialogActions>
          <PendingButton
            type="submit"
            form={formId}
            pending={pending}
            pendingText={pendingText}
            icon={icon}
            variant={destructive ? "destructive" : "default"}
          >
            {submitLabel}
          </PendingButton>
        </DialogActions>
      )}
    </DialogFrame>
  );
}

/** Whether the server refused the password given: its sentence then goes under the password field, anything else is a toast. */
export const isWrongPassword = (error: unknown) => (error as { code?: string } | null)?.code === "WRONG_PASSWORD";
