/** The Users view: find an account by e-mail, see its subscription and linked account, reset the link. */
import { eq, like, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { subscriptions, users, type Subscription, type User } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import type { AdminUserView } from "../../shared/api/admin";
import { subscriptionView } from "../subscriptions/view";
import { findUserById, getSubscription } from "../users/service";
import { resetLinkedAccount } from "../plugin/service";

function adminUserView(user: User, subscription: Subscription | null, now: number): AdminUserView {
  return {
    id: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    subscription: subscriptionView(subscription, now),
    linkedRobloxAccountId: user.linkedRobloxAccountId,
    linkedAt: toIso(user.linkedAt),
    hasFigmaKey: user.figmaKey !== null,
    createdAt: toIso(user.createdAt)!,
    lastSeenAt: toIso(user.lastSeenAt),
  };
}

/** `%` and `_` typed by the operator match themselves, not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function searchUsers(
  db: DbOrTx,
  now: number,
  input: { q?: string } & Page,
): AdminUserView[] {
  const q = input.q?.trim().toLowerCase();
  const rows = db.select({ user: users, subscription: subscriptions })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .$dynamic();
  const matching = q ? like(users.email, sql`${`%${escapeLike(q)}%`} escape '\\'`) : undefined;
  return newestFirst(rows, users, input, 50, matching).all().map((row) => adminUserView(row.user, row.subscription, now));
}

/** An admin unlinks a user's game account without the owner's cooldown; the reset is audited there. */
export function adminResetLink(deps: AppDeps, actor: User, userId: number): AdminUserView {
  resetLinkedAccount(deps, userId, { actorUserId: actor.id, ignoreCooldown: true });
  const user = findUserById(deps.db, userId);
  if (!user) throw notFound("This account no longer exists.");
  const subscription = getSubscription(deps.db, userId) ?? null;
  return adminUserView(user, subscription, deps.clock.now());
}
