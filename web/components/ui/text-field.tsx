/**
 * A labelled form control with its hint and its error, wired the one way every form needs: the label
 * points at the control, the control is described by the hint or the error on show, and marked invalid
 * while it is in error. The error replaces the hint and is announced as it appears.
 */
import type { ComponentProps, ReactNode } from "react";
import { Input } from "./input";
import { Label } from "./label";
import { Select } from "./select";
import { Textarea } from "./textarea";

export interface FieldProps {
  /** The control's id; the hint and error ids are made from it. */
  id: string;
  label: ReactNode;
  /** Help under the control: a format, a limit, a link. */
  hint?: ReactNode;
  /** What is wrong with the value, in the error colour under the control. */
  error?: ReactNode;
  /** Beside the label, e.g. a "Forgot password?" button. */
  aside?: ReactNode;
}

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

/** The layout and wiring; `children` renders the control with the attributes it is given. */
export function Field({
  id,
  label,
  hint,
  error,
  aside,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showHint = Boolean(hint) && !error;
  const control: FieldControlProps = {
    id,
    "aria-describedby": error ? errorId : showHint ? hintId : undefined,
    "aria-invalid": error ? true : undefined,
  };
  return (
    <div className="grid gap-2">
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children(control)}
      {showHint && (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      )}
      <div id={errorId} aria-live="polite" className="empty:hidden">
        {error ? <p className="text-sm text-destructive-text">{error}</p> : null}
      </div>
    </div>
  );
}

/** Separates the field's own props from the ones meant for the control. */
function splitField<P extends FieldProps>({ id, label, hint, error, aside, ...control }: P) {
  return [{ id, label, hint, error, aside }, control] as const;
}

type ControlProps<C extends "input" | "textarea" | "select"> = FieldProps & Omit<ComponentProps<C>, keyof FieldProps>;

export function TextField(props: ControlProps<"input">) {
  const [field, input] = splitField(props);
  return <Field {...field}>{(control) => <Input {...input} {...control} />}</Field>;
}

export function TextareaField(props: ControlProps<"textarea">) {
  const [field, textarea] = splitField(props);
  return <Field {...field}>{(control) => <Textarea {...textarea} {...control} />}</Field>;
}

/** A native select; its options are the children. */
export function SelectField(props: ControlProps<"select">) {
  const [field, select] = splitField(props);
  return <Field {...field}>{(control) => <Select {...select} {...control} />}</Field>;
}
