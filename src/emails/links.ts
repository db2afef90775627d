/** Links and dates e-mails carry, written once. */

/** Sign-up with the key and the address filled in. */
export function signupUrl(appUrl: string, key: string, email?: string): string {
  const query = new URLSearchParams({ key });
  if (email) query.set("email", email);
  return `${appUrl}/signup?${query}`;
}

/** The dashboard's Subscription tab, where Renew / Extend is. */
export const renewUrl = (appUrl: string) => `${appUrl}/dashboard?tab=subscription`;

/** A day as e-mails write it: "December 1, 2026" (UTC). */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
