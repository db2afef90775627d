/** Delete, for one row of an admin list: a bin button naming the row, a confirmation, then a toast either way. */
import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { failureToast } from "../../lib/failure-toast";
import { toast } from "../../lib/use-toast";

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
