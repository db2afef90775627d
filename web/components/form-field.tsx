import type { ReactNode } from "react";
import { Label } from "./ui/label";

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown under the control in the error colour; also linked with aria-describedby. */
  error?: string | null;
  /** Text next to the label, e.g. a "Forgot password?" button. */
  aside?: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled control with its hint and error message. Give the control `aria-describedby={fieldMessageId(id)}`. */
export function FormField({ id, label, error, aside, hint, children }: FormFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      <div id={fieldMessageId(id)} aria-live="polite" className="empty:hidden">
        {error ? <p className="text-sm text-destructive-text">{error}</p> : hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </div>
    </div>
  );
}

export function fieldMessageId(id: string): string {
  return `${id}-message`;
}
