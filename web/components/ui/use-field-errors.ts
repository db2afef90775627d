import { useState } from "react";

/**
 * A form's field errors as the user should see them: none while they first fill it in (shown on blur,
 * messages would push the form down under their tap), then from the first submit on, kept up to date
 * as they type. `check()` is for the submit handler: it shows the errors, moves the focus to the first
 * field in error, and says whether there were none.
 */
export function useFieldErrors<Name extends string>(
  errors: Partial<Record<Name, string>>,
  fieldIds: Record<Name, string>,
) {
  const [submitted, setSubmitted] = useState(false);
  const shown: Partial<Record<Name, string>> = submitted ? errors : {};

  function check(): boolean {
    setSubmitted(true);
    const first = (Object.keys(fieldIds) as Name[]).find((name) => errors[name]);
    if (first) document.getElementById(fieldIds[first])?.focus();
    return first === undefined;
  }

  /** Back to a fresh form, e.g. after it was sent and cleared. */
  const reset = () => setSubmitted(false);

  return { shown, check, reset };
}
