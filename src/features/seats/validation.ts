/**
 * A seat's key at POST /api/plugin/validate (docs/plugin-api.md): found by one indexed read of its own (kept in memory
 * like the owner's key, src/db/prepared.ts), only when the key is no account's own, so a one-seat licence validates
 * exactly as before. The seat links one Roblox account on its first valid call, as a single key does.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { rowReader } from "../../db/prepared";
import { seats, users, type Seat, type User } from "../../db/schema";
import { markedLately, markOnceAMinute } from "../../lib/minute-marks";

const seatByKey = rowReader(seats, "plugin_key");

export async function findSeatByKey(db: DbOrTx, key: string): Promise<Seat | undefined> {
  return await seatByKey(db, key);
}

/** The names of the minute's marks (src/lib/minute-marks.ts): a seat's last validation, and seat 1's (the owner's key). */
const seatMark = (seat: Pick<Seat, "id">) => `seat validated ${seat.id}`;
const ownKeyMark = (owner: Pick<User, "id">) => `key validated ${owner.id}`;

/** The seat holding `key` when it can be had without waiting (src/db/prepared.ts), else NOT_AT_HAND. */
export const seatByKeyAtHand = (db: DbOrTx, key: string) => seatByKey.atHand(db, key);

/** Whether the seat's last validation was written within the minute, so `touchSeatValidated` writes nothing. */
export const seatValidatedLately = (db: DbOrTx, seat: Pick<Seat, "id" | "lastValidatedAt">, now: number) =>
  markedLately(db, seatMark(seat), seat.lastValidatedAt, now);

/**
 * Links `robloxUserId` to the seat when it has none yet (one conditional update: of two first calls at once, one
 * links). Answers "linked" when this call linked it, "same" when it was linked to `robloxUserId` already, and
 * "mismatch" when another account holds it (ACCOUNT_MISMATCH).
 */
export async function linkSeat(
  db: DbOrTx,
  seat: Seat,
  robloxUserId: string,
  now: number,
): Promise<"linked" | "same" | "mismatch"> {
  if (seat.linkedRobloxAccountId === robloxUserId) return "same";
  if (seat.linkedRobloxAccountId !== null) return "mismatch";
  const [claimed] = await db
    .update(seats)
    .set({ linkedRobloxAccountId: robloxUserId, linkedAt: now })
    .where(and(eq(seats.id, seat.id), isNull(seats.linkedRobloxAccountId)))
    .returning({ id: seats.id });
  if (claimed) return "linked";
  const [current] = await db.select().from(seats).where(eq(seats.id, seat.id)).limit(1);
  return current?.linkedRobloxAccountId === robloxUserId ? "same" : "mismatch";
}

/** When a seat's key last validated, as its owner's seat list shows it: written at most once a minute. */
export async function touchSeatValidated(db: DbOrTx, seat: Seat, now: number): Promise<void> {
  await markOnceAMinute(db, seatMark(seat), seat.lastValidatedAt, now, () =>
    db.update(seats).set({ lastValidatedAt: now }).where(eq(seats.id, seat.id)),
  );
}

/** Whether seat 1's last validation was written within the minute, so `touchOwnKeyValidated` writes nothing. */
export const ownKeyValidatedLately = (db: DbOrTx, owner: Pick<User, "id" | "pluginValidatedAt">, now: number) =>
  markedLately(db, ownKeyMark(owner), owner.pluginValidatedAt, now);

/** The same for seat 1, the owner's own key. */
export async function touchOwnKeyValidated(db: DbOrTx, owner: User, now: number): Promise<void> {
  await markOnceAMinute(db, ownKeyMark(owner), owner.pluginValidatedAt, now, () =>
    db.update(users).set({ pluginValidatedAt: now }).where(eq(users.id, owner.id)),
  );
}
