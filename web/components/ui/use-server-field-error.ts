import { useState } from "react";
import { ApiError } from "../../lib/api";

/**
 * What the server answered about one field (an unknown product key, an address already registered, a
 * wrong password), shown under that field and tied to it like the form's own checks, as well as in the
 * toast, which goes after a few seconds. `codes` maps the server's error codes to the field they concern.
 * The sentence stays until that field is edited.
 */
export function useServerFieldError<Name extends string>(codes: Record<string, Name>) {
  const [error, setError] = useState<{ name: Name; message: string } | null>(null);
  return {
    errorFor: (name: Name): string | undefined => (error?.name === name ? error.message : undefined),
    /** From a failed request and the sentence its toast showed: true when a field took it. */
    show(failure: unknown, message: string): boolean {
      const name = failure instanceof ApiError && failure.code ? codes[failure.code] : undefined;
      setError(name ? { name, message } : null);
      return name !== undefined;
    },
    /** The field changed: its server sentence no longer applies. */
    edited(name: Name) {
      setError((current) => (current?.name === name ? null : current));
    },
  };
}
