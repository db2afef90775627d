/**
 * Seats (docs/accounts.md#seats): a purchase licenses 1–100 people. The seat count is fixed into the checkout, kept on
 * the sale and carried by the purchase's one product key; redeeming that key gives the account its seats, one row of
 * `seats` each (src/db/tables/seats.ts). Seat 1 is the owner's own plugin key.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { seats, type Seat } from "../../db/schema";
import { MAX_SEATS, MIN_SEATS } from "@shared/seats";

/** What `count` seats of a plan cost before any promotion: the plan's price times the seats. */
export function priceForSeats(planPriceCents: number, count: number): number {
  if (!Number.isInteger(count) || count < MIN_SEATS || count > MAX_SEATS) throw new RangeError(`seats ${count}`);
  return planPriceCents * count;
}

/** The account's seats that exist, in the order they were given. */
export async function seatsOf(db: DbOrTx, userId: number): Promise<Seat[]> {
  return db
    .select()
    .from(seats)
    .where(and(eq(seats.userId, userId), isNull(seats.endedAt)))
    .orderBy(asc(seats.position));
}

/**
 * Makes sure the account has at least `count` seats: the rows 1…count exist and none of them is ended. Never takes
 * a seat away (a key of fewer seats redeemed later leaves the count as it is). Safe to run twice at once: the
 * (user, position) index lets one insert of each row win.
 */
export async function grantSeats(db: DbOrTx, userId: number, count: number, now: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({ userId, position: i + 1, createdAt: now }));
  await db
    .insert(seats)
    .values(rows)
    .onConflictDoNothing({ target: [seats.userId, seats.position] });
  // A seat given again after it ended starts free: its old key keeps answering nothing but INVALID_KEY.
  await db
    .update(seats)
    .set({ endedAt: null, pluginKey: null, linkedRobloxAccountId: null, linkedAt: null, lastValidatedAt: null })
    .where(and(eq(seats.userId, userId), lte(seats.position, count), isNotNull(seats.endedAt)));
}

/**
 * The account keeps its first `keep` seats; the ones given after them end (the newest first is the order the licence
 * gave them). An ended seat's key answers SEAT_ENDED. Answers how many ended.
 */
export async function endSeatsAfter(db: DbOrTx, userId: number, keep: number, now: number): Promise<number> {
  const ended = await db
    .update(seats)
    .set({ endedAt: now })
    .where(and(eq(seats.userId, userId), gt(seats.position, Math.max(keep, 1)), isNull(seats.endedAt)))
    .returning({ id: seats.id });
  return ended.length;
}
