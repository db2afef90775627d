/**
 * The owner picks which seats stay after the licence's seats went down: an ended seat comes back, with its key, its
 * label and its linked Roblox account, in place of a live seat the owner picks, which ends instead. The two rows trade
 * what they hold and keep their numbers and their ended mark, so the live seats stay the first ones, as many as the
 * licence pays for: a swap never adds a working key, also when several run at once (each locks the account's row).
 */
import { and, asc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { seats, users, type Seat } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import { keyPreview } from "@shared/seats";
import type { EndedSeatView } from "@shared/api/seats";

const NO_SUCH_SEAT = "No seat of yours has this id.";

/** The account's ended seats that still hold a key or a linked account (something to keep), in seat order. */
export async function endedSeatsOf(db: DbOrTx, userId: number): Promise<EndedSeatView[]> {
  const rows = await db
    .select()
    .from(seats)
    .where(
      and(
        eq(seats.userId, userId),
        isNotNull(seats.endedAt),
        or(isNotNull(seats.pluginKey), isNotNull(seats.linkedRobloxAccountId)),
      ),
    )
    .orderBy(asc(seats.position));
  return rows.map((seat) => ({
    id: seat.id,
    label: seat.label,
    keyPreview: seat.pluginKey === null ? null : keyPreview(seat.pluginKey),
    robloxUserId: seat.linkedRobloxAccountId,
    endedAt: toIso(seat.endedAt)!,
  }));
}

/** What a seat holds for the person it is for: it moves with the swap. */
const contentOf = (seat: Seat) => ({
  label: seat.label,
  pluginKey: seat.pluginKey,
  linkedRobloxAccountId: seat.linkedRobloxAccountId,
  linkedAt: seat.linkedAt,
  lastValidatedAt: seat.lastValidatedAt,
});

async function seatOf(db: DbOrTx, userId: number, seatId: number): Promise<Seat> {
  const [seat] = await db
    .select()
    .from(seats)
    .where(and(eq(seats.id, seatId), eq(seats.userId, userId)))
    .limit(1);
  if (!seat) throw notFound(NO_SUCH_SEAT);
  return seat;
}

/** Why the swap can't be made, or nothing: checked under the account's lock, so the seats can't change meanwhile. */
function refusal(ended: Seat, live: Seat): AppError | null {
  if (ended.endedAt === null)
    return new AppError(
      409,
      "SEAT_NOT_ENDED",
      "This seat is in use: only an ended seat can be kept instead of another.",
    );
  if (live.position === 1)
    return new AppError(409, "OWN_SEAT", "Seat 1 is your own key and always stays: pick another seat to end.");
  if (live.endedAt !== null)
    return new AppError(
      409,
      "SEAT_ALREADY_ENDED",
      "That seat has ended already: pick a seat in use to end, so you keep as many seats as your licence pays for.",
    );
  return null;
}

/**
 * POST /api/seats/:id/restore {instead}: ended seat `seatId` comes back in place of live seat `insteadId`, which
 * ends. 404 for a seat that is not the account's; 409 with a sentence for a live seat to restore, for seat 1 or an
 * ended seat to end.
 */
export async function restoreSeat(
  deps: Pick<AppDeps, "db" | "clock">,
  userId: number,
  seatId: number,
  insteadId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // The account's row locked: two swaps at once are made one after the other, each seeing what the other did.
    const [account] = await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1));
    if (!account) throw notFound("This account no longer exists.");
    const ended = await seatOf(tx, userId, seatId);
    const live = await seatOf(tx, userId, insteadId);
    const refused = refusal(ended, live);
    if (refused) throw refused;
    // The key is unique: the ended row lets go of its own before the live row takes it.
    await tx.update(seats).set({ pluginKey: null }).where(eq(seats.id, ended.id));
    const moved = await tx
      .update(seats)
      .set(contentOf(ended))
      .where(and(eq(seats.id, live.id), isNull(seats.endedAt)))
      .returning({ id: seats.id });
    if (!moved.length) throw refusal(ended, { ...live, endedAt: 0 })!;
    await tx.update(seats).set(contentOf(live)).where(eq(seats.id, ended.id));
  });
}
