/** The admin's goodwill: an account's seat count set by hand, audited. */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate } from "../../db";
import { users, type User } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { writeAudit } from "../audit/service";
import { seatCount, setSeatCount } from "./service";

export async function adminSetSeats(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: User,
  userId: number,
  count: number,
): Promise<{ seats: number; ended: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The account's row locked: two changes of its count at once are made one after the other.
    const [account] = await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1));
    if (!account) throw notFound("This account no longer exists.");
    const before = await seatCount(tx, userId);
    const ended = await setSeatCount(tx, userId, count, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "seats.set",
      subject: `user:${userId}`,
      detail: { from: before, to: count },
      at: now,
    });
    return { seats: await seatCount(tx, userId), ended };
  });
}
