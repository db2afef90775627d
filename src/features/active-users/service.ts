/**
 * Active users (docs/architecture.md#active-users): distinct users seen by an authenticated call or a plugin
 * validation in the last 5 minutes. Admins are not users of the plugin, so they are not counted.
 */
import { and, count, eq, gte } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import type { ActiveUsersResponse } from "@shared/api/stats";

const ACTIVE_WINDOW_MS = 5 * MINUTE;

export async function activeUsers(db: DbOrTx, now: number): Promise<ActiveUsersResponse> {
  const [row] = await db
    .select({ count: count() })
    .from(users)
    .where(and(gte(users.lastSeenAt, now - ACTIVE_WINDOW_MS), eq(users.isAdmin, false)));
  return { count: row?.count ?? 0 };
}
