import { failureText } from "../lib/error-text";
import { toast } from "../lib/use-toast";

/** The red toast of a request that failed: `title` over what went wrong (see failureText). Returns that text. */
export function toastFailure(title: string, error: unknown, wording: Parameters<typeof failureText>[1]): string {
  const description = failureText(error, wording);
  toast({ variant: "destructive", title, description });
  return description;
}
