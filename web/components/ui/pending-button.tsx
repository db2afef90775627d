import type { ReactNode } from "react";
import { Loader2 } from "lucide-react";
import { Button, type ButtonProps } from "./button";

export interface PendingButtonProps extends ButtonProps {
  /** While true the button is disabled and shows a spinner and `pendingText`. */
  pending: boolean;
  pendingText: string;
  /** Shown before the label when not pending. */
  icon?: ReactNode;
}

/** A button for an action that takes a moment: it says so while it runs, and can't be pressed twice. */
export function PendingButton({ pending, pendingText, icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : icon}
      {pending ? pendingText : children}
    </Button>
  );
}
