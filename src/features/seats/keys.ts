/**
 * The owner's changes to a seat: give it a key (or a new one), name it, free it. Seat 1's key and linked account are
 * the owner's own (users.figma_key), as they always were; seats 2… keep theirs on their row. A seat holds one key, so
 * however many of these run at once, there are never more keys than seats.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { seats, users, type Seat, type User } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import { newPluginKey } from "../../lib/random";
import { keyPreview } from "@shared/seats";
import type { SeatKeyResponse, SeatsResponse, SeatView } from "@shared/api/seats";
import { findUserById } from "../users/service";
import { writeAudit } from "../audit/service";
import { assertResetAllowed } from "./link-reset";
import { seatsOf } from "./service";
import { endedSeatsOf } from "./restore";

type Deps = Pick<AppDeps, "db" | "clock">;
type FreeDeps = Pick<AppDeps, "db" | "clock" | "config">;

const NO_SUCH_SEAT = "No seat of yours has this id.";
const ONLY_SEAT =
  "This is your licence's only seat: its key is yours. Generate a new key instead if the old one got out.";

/** A seat as the owner sees it; seat 1 shows the owner's own key and link. */
function seatView(seat: Seat, owner: User): SeatView {
  const own = seat.position === 1;
  const key = own ? owner.pluginKey : seat.pluginKey;
  return {
    id: seat.id,
    label: seat.label,
    keyPreview: key === null ? null : keyPreview(key),
    robloxUserId: own ? owner.linkedRobloxAccountId : seat.linkedRobloxAccountId,
    lastValidatedAt: toIso(own ? owner.pluginValidatedAt : seat.lastValidatedAt),
  };
}

async function ownerOf(db: DbOrTx, userId: number): Promise<User> {
  const owner = await findUserById(db, userId);
  if (!owner) throw notFound("This account no longer exists.");
  return owner;
}

/** GET /api/seats. Every account has seat 1 (its own key); its row is made the first time the list is read. */
export async function listSeats(deps: Deps, userId: number): Promise<SeatsResponse> {
  let rows = await seatsOf(deps.db, userId);
  if (rows.length === 0) {
    await deps.db
      .insert(seats)
      .values({ userId, position: 1, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: [seats.userId, seats.position] });
    rows = await seatsOf(deps.db, userId);
  }
  const owner = await ownerOf(deps.db, userId);
  const list = rows.map((seat) => seatView(seat, owner));
  const used = list.filter((seat) => seat.keyPreview !== null).length;
  return { seats: list, ended: await endedSeatsOf(deps.db, userId), total: list.length, used };
}

/** The owner's seat `seatId` that exists; 404 for another account's, an ended or an unknown one. */
async function ownSeat(db: DbOrTx, userId: number, seatId: number): Promise<Seat> {
  const [seat] = await db
    .select()
    .from(seats)
    .where(and(eq(seats.id, seatId), eq(seats.userId, userId), isNull(seats.endedAt)))
    .limit(1);
  if (!seat) throw notFound(NO_SUCH_SEAT);
  return seat;
}

/** POST /api/seats/:id/key: a new key for the seat; one it held stops working at once. The key is answered once. */
export async function giveSeatKey(deps: Deps, userId: number, seatId: number): Promise<SeatKeyResponse> {
  const seat = await ownSeat(deps.db, userId, seatId);
  const key = newPluginKey();
  if (seat.position === 1) {
    await deps.db.update(users).set({ pluginKey: key }).where(eq(users.id, userId));
  } else {
    // Only while the seat still exists: a seat ended meanwhile gets no key.
    const given = await deps.db
      .update(seats)
      .set({ pluginKey: key })
      .where(and(eq(seats.id, seat.id), isNull(seats.endedAt)))
      .returning();
    if (!given.length) throw notFound(NO_SUCH_SEAT);
  }
  const [now] = await deps.db.select().from(seats).where(eq(seats.id, seat.id)).limit(1);
  return { key, seat: seatView(now!, await ownerOf(deps.db, userId)) };
}

/** PATCH /api/seats/:id: the seat's label (trimmed; empty removes it). */
export async function labelSeat(deps: Deps, userId: number, seatId: number, label: string): Promise<SeatView> {
  const seat = await ownSeat(deps.db, userId, seatId);
  const [labelled] = await deps.db
    .update(seats)
    .set({ label: label.trim() || null })
    .where(eq(seats.id, seat.id))
    .returning();
  return seatView(labelled!, await ownerOf(deps.db, userId));
}

/**
 * DELETE /api/seats/:id/key: the seat is free again, for someone else. Its key stops working and its Roblox account is
 * unlinked. The only seat of a one-seat licence can't be freed: it is the owner's own key. Seat 1 unlinks the owner's
 * own account, so it is held to the owner's reset cooldown, as Reset Linked Account is.
 */
export async function freeSeat(deps: FreeDeps, userId: number, seatId: number): Promise<SeatView> {
  const seat = await ownSeat(deps.db, userId, seatId);
  if ((await seatsOf(deps.db, userId)).length <= 1) throw new AppError(409, "ONLY_SEAT", ONLY_SEAT);
  const unlinked = { linkedRobloxAccountId: null, linkedAt: null };
  if (seat.position === 1) await freeOwnKey(deps, userId);
  else
    await deps.db
      .update(seats)
      .set({ pluginKey: null, lastValidatedAt: null, ...unlinked })
      .where(eq(seats.id, seat.id));
  const [now] = await deps.db.select().from(seats).where(eq(seats.id, seat.id)).limit(1);
  return seatView(now!, await ownerOf(deps.db, userId));
}

/**
 * Seat 1 freed: the owner's key goes. A linked account is unlinked only outside the cooldown (429 COOLDOWN_ACTIVE
 * otherwise, and nothing changes), starting a new one and audited as link.reset, exactly as the owner's reset.
 */
async function freeOwnKey(deps: FreeDeps, userId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Read for update: of two frees at once, the second sees the cooldown the first started.
    const [owner] = await forUpdate(tx.select().from(users).where(eq(users.id, userId)).limit(1));
    if (!owner) throw notFound("This account no longer exists.");
    if (owner.linkedRobloxAccountId === null) {
      await tx.update(users).set({ pluginKey: null }).where(eq(users.id, userId));
      return;
    }
    assertResetAllowed(deps.config.linkResetCooldownHours, owner.lastLinkResetAt, now);
    await tx
      .update(users)
      .set({ pluginKey: null, linkedRobloxAccountId: null, linkedAt: null, lastLinkResetAt: now })
      .where(eq(users.id, userId));
    await writeAudit(tx, {
      actorUserId: userId,
      action: "link.reset",
      subject: `user:${userId}`,
      detail: { previousRobloxAccountId: owner.linkedRobloxAccountId, byAdmin: false },
      at: now,
    });
  });
}
