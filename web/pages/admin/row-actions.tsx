/** The buttons of one row of an admin list: each names its row, runs one request, and says how it went in a toast. */
import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { failureToast } from "../../lib/failure-toast";
import { toast, type ToastOptions } from "../../lib/use-toast";

export interface RowActionButtonProps {
  /** The button's name to a screen reader: the action and the row it acts on. */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  /** The request; disabled while it runs. */
  run: () => Promise<unknown>;
  pending: boolean;
  /** The toast once it is done, and the failure toast's title. */
  done: ToastOptions;
  failed: string;
}

/** A one-click action on a row (resend, close, test): no confirmation, since it takes nothing away. */
export function RowActionButton({ label, children, run, pending, done, failed }: RowActionButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={pending}
      aria-label={label}
      onClick={() => run().then(() => toast(done), failureToast(failed))}
    >
      {children}
    </Button>
  );
}

export interface DeleteRowButtonProps {
  /** The row as the operator knows it: the button is "Delete <name>" to a screen reader. */
  name: string;
  title: string;
  /** What deleting it does. */
  description: ReactNode;
  /** The request; its promise settles when the row is gone or was refused. */
  remove: () => Promise<unknown>;
  pending: boolean;
  /** The toast's title once it is deleted, and the failure toast's. */
  deleted: string;
  failed: string;
}

/** Delete, for one row: a bin button naming the row, then a confirmation. */
export function DeleteRowButton({ name, title, description, remove, pending, deleted, failed }: DeleteRowButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} className="hover:text-destructive-text">
          <Trash2 aria-hidden />
        </Button>
      }
      title={title}
      description={description}
      confirmLabel="Delete"
      destructive
      pending={pending}
      // The promise, not a mutation's callbacks: the deleted row (and this button) can be gone before they would run.
      onConfirm={(close) =>
        remove()
          .then(() => toast({ title: deleted }), failureToast(failed))
          .finally(close)
      }
    />
  );
}
