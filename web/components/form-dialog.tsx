import { useId, type FormEvent, type ReactNode } from "react";
import { Button } from "./ui/button";
import { PendingButton } from "./ui/pending-button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "./ui/dialog";

export interface FormDialogProps {
  trigger: ReactNode;
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
  onSubmit: () => void;
}

/** A dialog holding one small form of Settings: fields, Cancel and one action. */
export function FormDialog(props: FormDialogProps) {
  const { trigger, open, onOpenChange, title, description, children, submitLabel, pendingText, pending, done, destructive, icon, onSubmit } = props;
  const formId = useId();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-md" role={destructive ? "alertdialog" : "dialog"}
        onPointerDownOutside={destructive ? (event) => event.preventDefault() : undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild><div className="grid gap-2">{description}</div></DialogDescription>
        </DialogHeader>
        {done ? children : <form id={formId} noValidate onSubmit={handleSubmit} className="grid gap-4">{children}</form>}
        <DialogFooter>
          {done ? (
            <Button onClick={() => onOpenChange(false)}>Done</Button>
          ) : (
            <>
              <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
              <PendingButton type="submit" form={formId} pending={pending} pendingText={pendingText} icon={icon} variant={destructive ? "destructive" : "default"}>
                {submitLabel}
              </PendingButton>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The server's sentence for a wrong password goes under the password field; anything else is a toast. */
export const isWrongPassword = (error: unknown) => (error as { code?: string } | null)?.code === "WRONG_PASSWORD";
