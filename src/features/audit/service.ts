/** The audit log: every admin mutation and every account-link change (DESIGN.md §3). */
import { desc } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { auditLog } from "../../db/schema";

export function writeAudit(
  db: DbOrTx,
  entry: { actorUserId: number | null; action: string; subject?: string | null; detail?: unknown; at: number },
) {
  db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subject: entry.subject ?? null,
    detail: entry.detail === undefined ? null : typeof entry.detail === "string" ? entry.detail : JSON.stringify(entry.detail),
    createdAt: entry.at,
  }).run();
}

export function listAudit(db: DbOrTx, page: { limit?: number; offset?: number } = {}) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit ?? 100).offset(page.offset ?? 0).all();
}
