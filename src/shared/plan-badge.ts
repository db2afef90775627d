/**
 * A plan's badge that states a discount ("30% OFF!") says it against the "was" price. When the price or the "was"
 * price changes, the number is worked out again, so the badge never promises a discount the prices don't show.
 */
const PERCENT_OFF = /(\d{1,3})\s*%(\s*off)/i;

/** The percentage a "was" price takes off, rounded to a whole percent. */
export const percentOff = (priceCents: number, compareAtCents: number) =>
  Math.round(((compareAtCents - priceCents) / compareAtCents) * 100);

/** Whether the badge names a percentage off. */
export const statesDiscount = (badge: string | null) => badge !== null && PERCENT_OFF.test(badge);

/**
 * The badge with its percentage made true for these prices ("30% OFF!" → "20% OFF!"); any other badge, or one
 * without a "was" price to measure against, as it is.
 */
export function matchingBadge(badge: string | null, priceCents: number, compareAtCents: number | null): string | null {
  if (badge === null || compareAtCents === null || compareAtCents <= priceCents) return badge;
  return badge.replace(PERCENT_OFF, (_whole, _n, off: string) => `${percentOff(priceCents, compareAtCents)}%${off}`);
}
