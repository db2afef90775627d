/** Links and dates e-mails carry, written once. */
import { GUIDE_PATH } from "@shared/routes";

/** Sign-up with the key and the address filled in. */
export function signupUrl(appUrl: string, key: string, email?: string): string {
  const query = new URLSearchParams({ key });
  if (email) query.set("email", email);
  return `${appUrl}/signup?${query}`;
}

/** The setup guide (GUIDE_PATH): from the product key to a first import. */
export const guideUrl = (appUrl: string) => `${appUrl}${GUIDE_PATH}`;

/** The dashboard's Subscription tab, where Renew / Extend is. */
export const renewUrl = (appUrl: string) => `${appUrl}/dashboard?tab=subscription`;

/** The dashboard's Plugin tab, where the seats are listed and given keys. */
export const seatsUrl = (appUrl: string) => `${appUrl}/dashboard?tab=plugin`;

/** A day as e-mails write it: "December 1, 2026" (UTC). */
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
