/** The Users view: find an account by e-mail, see its subscription and linked account, reset the link. */
import { and, eq, like, sql, type SQL } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { engineOf, type DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { seats, subscriptions, users, type User } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { AdminUserView } from "@shared/api/admin";
import { adminUserView } from "./view";
import { findUserById, getSubscription } from "../users/service";
import { resetLinkedAccount } from "../plugin/service";
import { seatCount } from "../seats/service";

/** `%` and `_` typed by the operator match themselves, not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Below this, the trigram index can't look a piece up (it indexes runs of 3 characters). */
const INDEXED_MIN = 3;
/** Fewer matches than this are fetched by id from the index; more are common enough to meet walking newest first. */
const RARE_MATCHES = 2000;

/**
 * The accounts whose address holds `q` (lowercased), as a filter. A rare piece (one account among 200,000)
 * is looked up in the trigram index (users_email_search, kept by triggers); a common one ("example") is
 * met within the first rows of the newest-first walk, which the index would only slow down. The LIKE
 * stays either way: it is the rule (case-insensitive, `%` and `_` literal), the index only narrows.
 * On PostgreSQL the trigram index (pg_trgm's, on users.email) serves the LIKE itself, and the planner
 * weighs rare against common pieces from its statistics. Addresses are stored lowercased, so LIKE's
 * case rule is the same on both.
 */
async function emailContains(db: DbOrTx, q: string): Promise<{ where: SQL; fewRows: boolean }> {
  const contains = like(users.email, sql`${`%${escapeLike(q)}%`} escape '\\'`);
  if (q.length < INDEXED_MIN || engineOf(db) === "postgres") return { where: contains, fewRows: false };
  // One FTS5 phrase: the piece as written, matched as a substring by the trigram tokenizer.
  const phrase = `"${q.replace(/"/g, '""')}"`;
  const named = sql`select rowid from users_email_search where users_email_search match ${phrase}`;
  // A raw statement's rows come back as arrays of values.
  const [[matches]] = await db.values<[number]>(sql`select count(*) from (${named} limit ${RARE_MATCHES + 1})`);
  if (Number(matches) > RARE_MATCHES) return { where: contains, fewRows: false };
  return { where: and(sql`${users.id} in (${named})`, contains)!, fewRows: true };
}

export async function searchUsers(db: DbOrTx, now: number, input: { q?: string } & Page): Promise<AdminUserView[]> {
  const q = input.q?.trim().toLowerCase();
  const rows = db
    .select({
      user: users,
      subscription: subscriptions,
      // The page's seat counts in the same statement, each along seats_user_position.
      seats: sql<number>`(select count(*) from ${seats} where ${seats.userId} = ${users.id} and ${seats.endedAt} is null)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .$dynamic();
  const matching = q ? await emailContains(db, q) : undefined;
  const found = await newestFirst(rows, users, input, 50, matching?.where, matching?.fewRows);
  return found.map((row) => adminUserView(row.user, row.subscription, now, Number(row.seats)));
}

/** An admin unlinks a user's game account without the owner's cooldown; the reset is audited there. */
export async function adminResetLink(deps: AppDeps, actor: User, userId: number): Promise<AdminUserView> {
  await resetLinkedAccount(deps, userId, { actorUserId: actor.id, ignoreCooldown: true });
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound("This account no longer exists.");
  const subscription = (await getSubscription(deps.db, userId)) ?? null;
  return adminUserView(user, subscription, deps.clock.now(), await seatCount(deps.db, userId));
}
