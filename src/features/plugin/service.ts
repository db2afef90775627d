/**
 * The plugin key and the game-platform account linked to it (docs/architecture.md#plugin-key-and-validation). The account is linked by the first valid validation call (validate.ts) and reset by the
 * owner (with a cooldown) or by an admin (without).
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate } from "../../db";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import { newPluginKey } from "../../lib/random";
import type { LinkedAccountResponse } from "@shared/api/plugin";
import { writeAudit } from "../audit/service";
import { findUserById } from "../users/service";
import { assertResetAllowed } from "../seats/link-reset";

/** A new random plugin key replaces the old one, which stops working at once. */
export async function generatePluginKey(deps: AppDeps, userId: number): Promise<{ figmaKey: string }> {
  const pluginKey = newPluginKey();
  const changed = await deps.db
    .update(users)
    .set({ pluginKey })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!changed.length) throw notFound("This account no longer exists.");
  // figmaKey: the answer's name for the plugin key, kept so no plugin or page breaks.
  return { figmaKey: pluginKey };
}

export async function getLinkedAccount(deps: AppDeps, userId: number): Promise<LinkedAccountResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound("This account no longer exists.");
  return {
    linkedRobloxAccountId: user.linkedRobloxAccountId,
    linkedAt: toIso(user.linkedAt),
    resetCooldownHours: deps.config.linkResetCooldownHours,
  };
}

/**
 * Unlinks the account. The owner is held to the cooldown (429 COOLDOWN_ACTIVE with remainingMs) and
 * starts a new one; an admin passes `ignoreCooldown: true` and leaves the owner's cooldown untouched.
 */
export async function resetLinkedAccount(
  deps: AppDeps,
  userId: number,
  options: { actorUserId: number; ignoreCooldown: boolean },
): Promise<{ linkedRobloxAccountId: null }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Read for update: of two resets by the owner at once, the second sees the cooldown the first started.
    const [user] = await forUpdate(tx.select().from(users).where(eq(users.id, userId)).limit(1));
    if (!user) throw notFound("This account no longer exists.");
    if (!options.ignoreCooldown) assertResetAllowed(deps.config.linkResetCooldownHours, user.lastLinkResetAt, now);
    await tx
      .update(users)
      .set({
        linkedRobloxAccountId: null,
        linkedAt: null,
        ...(options.ignoreCooldown ? {} : { lastLinkResetAt: now }),
      })
      .where(eq(users.id, userId));
    await writeAudit(tx, {
      actorUserId: options.actorUserId,
      action: "link.reset",
      subject: `user:${userId}`,
      detail: { previousRobloxAccountId: user.linkedRobloxAccountId, byAdmin: options.ignoreCooldown },
      at: now,
    });
    return { linkedRobloxAccountId: null };
  });
}
