/**
 * A plan's badge against its prices: a badge that names a discount ("30% OFF!") must match the price and
 * the "was" price it stands beside, or a change of either leaves it promising what the card doesn't show.
 */

/** The first "N%" in a badge, if it names one. */
const PERCENT = /(\d{1,3})(\s*%)/;

/** The discount the prices give, in whole percent. */
export const discountPercent = (price: number, was: number) => Math.round(((was - price) / was) * 100);

export type BadgeMismatch =
  /** The badge names a discount but there is no "was" price to show it against. */
  | { kind: "no-was-price"; claimed: number }
  /** The badge names another discount than the prices give; `fixed` is the badge with the right one. */
  | { kind: "wrong-percent"; claimed: number; actual: number; fixed: string };

/** What is wrong with a badge beside these prices; null when it names no discount or the right one. */
export function badgeMismatch(badge: string, price: number, was: number | null): BadgeMismatch | null {
  const match = PERCENT.exec(badge);
  if (!match || Number.isNaN(price)) return null;
  const claimed = Number(match[1]);
  if (was === null || Number.isNaN(was) || was <= price) return { kind: "no-was-price", claimed };
  const actual = discountPercent(price, was);
  if (actual === claimed) return null;
  return { kind: "wrong-percent", claimed, actual, fixed: badge.replace(PERCENT, `${actual}$2`) };
}
