/**
 * Seats (docs/accounts.md#seats): a purchase licenses 1–100 people. The seat count is fixed into the checkout, kept on
 * the sale and carried by the purchase's one product key.
 */
import { MAX_SEATS, MIN_SEATS } from "@shared/seats";

/** What `seats` seats of a plan cost before any promotion: the plan's price times the seats. */
export function priceForSeats(planPriceCents: number, seats: number): number {
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) throw new RangeError(`seats ${seats}`);
  return planPriceCents * seats;
}
