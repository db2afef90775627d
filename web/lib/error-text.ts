import { ApiError } from "./api";

/**
 * What a failure toast says: the page's own words for a refusal it knows by its code, else the server's own
 * sentence when it gave one; for an answer
 * without text, `unauthorizedText` on a 401, else "{statusPrefix} Status: {code}";
 * for anything else the error's message, else `fallback`.
 */
export function failureText(
  error: unknown,
  {
    fallback,
    statusPrefix,
    unauthorizedText,
    codes,
  }: {
    fallback: string;
    statusPrefix: string;
    unauthorizedText?: string;
    /** The page's own words for refusals it knows by their code (in the page's language). */
    codes?: Partial<Record<string, string>>;
  },
): string {
  if (error instanceof ApiError) {
    const known = error.code ? codes?.[error.code] : undefined;
    if (known) return known;
    if (error.serverText) return error.serverText;
    if (error.status === 0) return error.message;
    if (error.status === 401 && unauthorizedText) return unauthorizedText;
    return `${statusPrefix} Status: ${error.status}`;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
