import { useState, type ReactNode } from "react";
import { DialogActions, DialogFrame } from "./dialog";
import { Button } from "./button";

export interface ConfirmDialogProps {
  /** The element that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Styles the confirm button as a dangerous action. */
  destructive?: boolean;
  /** Disables the confirm button, e.g. while the action runs. */
  pending?: boolean;
  /** Runs the action; call `close` when it is over (e.g. as a mutation's onSettled). */
  onConfirm: (close: () => void) => void;
}

/** An alert dialog: asks before an action; a click outside does not dismiss it. */
export function ConfirmDialog({
  confirmLabel,
  cancelLabel,
  destructive = false,
  pending = false,
  onConfirm,
  ...frame
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <DialogFrame {...frame} open={open} onOpenChange={setOpen} alert hideClose className="max-w-md">
      <DialogActions cancelLabel={cancelLabel}>
        <Button
          variant={destructive ? "destructive" : "default"}
          disabled={pending}
          onClick={() => onConfirm(() => setOpen(false))}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
