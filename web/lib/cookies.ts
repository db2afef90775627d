const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

/** Keeps a small choice (the language, a dismissed offer) for a year, for the server to read with the next page. */
export function keepCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the site serves; one value, encoded here
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR_IN_SECONDS}; samesite=lax`;
}
