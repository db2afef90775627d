/**
 * Seats (docs/accounts.md#seats): a purchase licenses 1–100 people. The seat count is fixed into the checkout, kept on
 * the sale and carried by the purchase's one product key; redeeming that key gives the account its seats, one row of
 * `seats` each (src/db/tables/seats.ts). Seat 1 is the owner's own plugin key.
 */
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { forUpdate, type DbOrTx } from "../../db";
import { productKeys, sales, seats, users, type Seat } from "../../db/schema";
import { MAX_SEATS, MIN_SEATS } from "@shared/seats";
import { toIso } from "../../lib/clock";

/** What `count` seats of a plan cost before any promotion: the plan's price times the seats. */
export function priceForSeats(planPriceCents: number, count: number): number {
  if (!Number.isInteger(count) || count < MIN_SEATS || count > MAX_SEATS) throw new RangeError(`seats ${count}`);
  return planPriceCents * count;
}

/** How many seats the account has: its rows that exist, and always seat 1 (its own key). */
export async function seatCount(db: DbOrTx, userId: number): Promise<number> {
  return Math.max(1, (await seatsOf(db, userId)).length);
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

/** What paidSeats leaves out: a key or an added-seats sale whose refund is being recorded. */
export interface PaidExcept {
  keyId?: number;
  saleId?: number;
}

/**
 * The seats the account pays for, and always seat 1: what its redeemed keys give, plus the seats it added since.
 * A renewal paid from the dashboard sets the count to its own, so it and the keys redeemed since count; before any
 * renewal, every key does. Of those, the most any of them gives whose sale is not refunded counts (keys made by hand
 * have no sale), less the seats a partial refund gave back. On top come the added-seats sales not refunded, those made after that renewal only: a renewal
 * replaces the seats added before it with its own count.
 */
export async function paidSeats(db: DbOrTx, userId: number, except: PaidExcept = {}): Promise<number> {
  const keys = await db
    .select({
      id: productKeys.id,
      seats: productKeys.seats,
      refundedSeats: sales.refundedSeats,
      usedAt: productKeys.usedAt,
      saleId: productKeys.saleId,
      renewalUserId: sales.renewalUserId,
    })
    .from(productKeys)
    .leftJoin(sales, eq(sales.id, productKeys.saleId))
    .where(
      and(
        eq(productKeys.usedByUserId, userId),
        except.keyId === undefined ? undefined : ne(productKeys.id, except.keyId),
        or(isNull(sales.id), ne(sales.status, "refunded")),
      ),
    );
  // In the order they were redeemed (two in the same millisecond: the newer key last).
  const order = (key: (typeof keys)[number]) => [key.usedAt ?? 0, key.id] as const;
  const later = (a: (typeof keys)[number], b: (typeof keys)[number]) =>
    order(a)[0] !== order(b)[0] ? order(a)[0] > order(b)[0] : order(a)[1] >= order(b)[1];
  const renewal = keys
    .filter((key) => key.renewalUserId === userId)
    .reduce<(typeof keys)[number] | null>((last, key) => (last === null || later(key, last) ? key : last), null);
  const counted = renewal === null ? keys : keys.filter((key) => later(key, renewal));
  const added = await addedSeatsSince(db, userId, renewal?.saleId ?? null, except.saleId);
  // A partial refund of seats leaves a key the rest of them.
  return Math.max(1, ...counted.map((key) => key.seats - (key.refundedSeats ?? 0))) + added;
}

/**
 * The seats the account's added-seats sales pay for: those not refunded, fulfilled after the sale `afterSaleId` (a
 * renewal's; sales are numbered in the order they were fulfilled), all of them when it is null.
 */
async function addedSeatsSince(
  db: DbOrTx,
  userId: number,
  afterSaleId: number | null,
  exceptSaleId: number | undefined,
): Promise<number> {
  const rows = await db
    .select({ seats: sales.seats, refundedSeats: sales.refundedSeats })
    .from(sales)
    .where(
      and(
        eq(sales.renewalUserId, userId),
        eq(sales.kind, "added-seats"),
        ne(sales.status, "refunded"),
        afterSaleId === null ? undefined : gt(sales.id, afterSaleId),
        exceptSaleId === undefined ? undefined : ne(sales.id, exceptSaleId),
      ),
    );
  return rows.reduce((sum, row) => sum + row.seats - row.refundedSeats, 0);
}

/**
 * The account's goodwill, read under its row's lock: a refund and an admin's change of the count at once are made
 * one after the other, each reading what the other left (the admin's change locks the same row).
 */
async function goodwillOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await forUpdate(
    db.select({ goodwill: users.goodwillSeats }).from(users).where(eq(users.id, userId)).limit(1),
  );
  return row?.goodwill ?? 0;
}

/** What a refund did to the account's seats: how many it has now, and whether that changed. */
export interface RefundedSeats {
  count: number;
  ended: number;
  changed: boolean;
}

/**
 * A purchase or renewal behind a redeemed key, or an added-seats sale, was refunded in full: the account's seats
 * follow what is still paid for. It keeps what its other keys and added seats still pay for plus the seats an admin
 * gave (or less, when an admin took some back): the newest seats beyond that end, and a renewal that had lowered the
 * count gives back, when refunded, the seats paid for before it (free, as any seat given again). Never more than
 * what is still paid plus the goodwill. With nothing else of several seats and no goodwill, every seat but the
 * owner's own ends (and a key's refund ends the owner's access as it always did; an added-seats sale's never does).
 * The account's row is locked first, so a refund and a payment for added seats at once are made one after the
 * other, each counting what the other left.
 */
export async function refundSeats(
  db: DbOrTx,
  userId: number,
  refunded: PaidExcept,
  now: number,
): Promise<RefundedSeats> {
  const goodwill = await goodwillOf(db, userId);
  const keep = Math.max(1, (await paidSeats(db, userId, refunded)) + goodwill);
  const before = await seatCount(db, userId);
  if (keep > before) await grantSeats(db, userId, keep, now);
  const ended = await endSeatsAfter(db, userId, keep, now);
  return { count: keep, ended, changed: keep !== before };
}

/**
 * The account was paid for more seats (a key redeemed, from the dashboard or at sign-up; seats added mid-term, their
 * sale already written in this transaction): it has what it pays for now plus an admin's goodwill, the new seats free
 * to hand out. Never takes a seat away. Locks the account's row first, like a refund, so the count read is the one
 * left by any refund or payment before it. Answers the count.
 */
export async function grantPaidSeats(db: DbOrTx, userId: number, now: number): Promise<number> {
  const goodwill = await goodwillOf(db, userId);
  const count = Math.max(1, (await paidSeats(db, userId)) + goodwill);
  await grantSeats(db, userId, count, now);
  return count;
}

/**
 * A renewal paid from the dashboard: the account's seats become the renewal's, plus an admin's goodwill as a refund
 * counts it. More → the new seats exist (free); fewer → the newest end (never seat 1), their keys answering
 * SEAT_ENDED. Runs once per renewal, in its sale's transaction. Answers how many ended.
 */
export async function renewSeats(db: DbOrTx, userId: number, paid: number, now: number): Promise<number> {
  const keep = Math.max(1, paid + (await goodwillOf(db, userId)));
  await grantSeats(db, userId, keep, now);
  return endSeatsAfter(db, userId, keep, now);
}

/** The account's seats as its data export lists them: every row, ended ones too. Seat 1's key is the account's own. */
export async function seatsForExport(db: DbOrTx, userId: number) {
  const rows = await db.select().from(seats).where(eq(seats.userId, userId)).orderBy(asc(seats.position));
  return rows.map((seat) => ({
    seat: seat.position,
    label: seat.label,
    pluginKey: seat.position === 1 ? "(the account's own pluginKey)" : seat.pluginKey,
    linkedRobloxAccountId: seat.linkedRobloxAccountId,
    linkedAt: toIso(seat.linkedAt),
    lastValidatedAt: toIso(seat.lastValidatedAt),
    endedAt: toIso(seat.endedAt),
    createdAt: toIso(seat.createdAt),
  }));
}

/**
 * An admin gives the account `count` seats as goodwill (or takes some back): the seats up to `count` exist, the
 * newest beyond it end. What differs from what the keys pay for is kept as the account's goodwill, which a refund
 * leaves alone. Answers how many ended.
 */
export async function setSeatCount(db: DbOrTx, userId: number, count: number, now: number): Promise<number> {
  await grantSeats(db, userId, count, now);
  const ended = await endSeatsAfter(db, userId, count, now);
  const goodwillSeats = count - (await paidSeats(db, userId));
  await db.update(users).set({ goodwillSeats }).where(eq(users.id, userId));
  return ended;
}
