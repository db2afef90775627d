import { failureText } from "./error-text";
import { toast } from "./use-toast";

/**
 * What a failure toast says under its title:
 * - nothing given: the error's own message (the server's sentence, or the call layer's);
 * - a sentence: that sentence, whatever the error was;
 * - a wording: failureText's choice (the server's sentence, else a status line, else `fallback`).
 */
export type FailureWording = string | Parameters<typeof failureText>[1];

function describe(error: unknown, wording: FailureWording | undefined): string {
  if (typeof wording === "string") return wording;
  if (wording) return failureText(error, wording);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The red toast of a request that failed, as the handler to give it: a mutation's `onError`, a promise's
 * rejection handler, or a `catch` (`failureToast("Download Failed", wording)(error)`). The handler returns the
 * text it showed, for a form that also shows it beside a field.
 */
export function failureToast(title: string, wording?: FailureWording): (error: unknown) => string {
  return (error) => {
    const description = describe(error, wording);
    toast({ variant: "destructive", title, description });
    return description;
  };
}
