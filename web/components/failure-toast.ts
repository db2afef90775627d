import { failureToast, type FailureWording } from "../lib/failure-toast";

/** The red toast of a request that failed, shown at once: `failureToast(title, wording)(error)`. */
export function toastFailure(title: string, error: unknown, wording: FailureWording): string {
  return failureToast(title, wording)(error);
}
