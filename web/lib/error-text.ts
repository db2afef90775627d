import { ApiError } from "./api";

/**
 * What a failure toast says: the server's own sentence when it gave one; for an answer
 * without text, `unauthorizedText` on a 401, else "{statusPrefix} Status: {code}";
 * for anything else the error's message, else `fallback`.
 */
export function failureText(
  error: unknown,
  { fallback, statusPrefix, unauthorizedText }: { fallback: string; statusPrefix: string; unauthorizedText?: string },
): string {
  if (error instanceof ApiError) {
    if (error.serverText) return error.serverText;
    if (error.status === 0) return error.message;
    if (error.status === 401 && unauthorizedText) return unauthorizedText;
    return `${statusPrefix} Status: ${error.status}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
