/**
 * Seats: one purchase can license several people, each with a plugin key of their own. The numbers and
 * the words both the server and the SPA use for them.
 */
export const MIN_SEATS = 1;
export const MAX_SEATS = 100;

/** The sentence for a seat count out of range (the purchase dialog shows it under its field). */
export const INVALID_SEATS_MESSAGE = `Seats must be a whole number from ${MIN_SEATS} to ${MAX_SEATS}.`;

/** Whether `value` is a seat count a purchase may have. */
export function isSeatCount(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_SEATS && value <= MAX_SEATS;
}

/** "5 seats", "1 seat". */
export function seatsText(seats: number): string {
  return `${seats} ${seats === 1 ? "seat" : "seats"}`;
}

/** A plan's name as an invoice line or a receipt names it: "4 Month Pro", or "4 Month Pro × 5 seats". */
export function planWithSeats(planName: string, seats: number): string {
  return seats === 1 ? planName : `${planName} × ${seatsText(seats)}`;
}

/**
 * What a sale is for: a plan ("purchase", a renewal too) with its product key, or "added-seats", more seats for the
 * account's running subscription, with no key.
 */
export const SALE_KINDS = ["purchase", "added-seats"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** An added-seats sale as an invoice, a receipt and the admin name it: "4 Month Pro — 2 added seats". */
export function addedSeatsText(planName: string, seats: number): string {
  return `${planName} — ${seats} added ${seats === 1 ? "seat" : "seats"}`;
}

/** A seat's label is at most this long. */
export const SEAT_LABEL_MAX = 60;

/** A plugin key with its middle hidden, as the seat list shows a key it no longer answers in full. */
export function keyPreview(key: string): string {
  return `${key.slice(0, 7)}…${key.slice(-4)}`;
}
