/** The audit log: every admin mutation and every account-link change (docs/architecture.md#data). */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { auditLog, users } from "../../db/schema";
import { toIso } from "../../lib/clock";
import type { AuditAction } from "@shared/audit-actions";
import type { AuditEntryView } from "@shared/api/audit";

export function writeAudit(
  db: DbOrTx,
  entry: { actorUserId: number | null; action: AuditAction; subject?: string | null; detail?: unknown; at: number },
) {
  db.insert(auditLog)
    .values({
      actorUserId: entry.actorUserId,
      action: entry.action,
      subject: entry.subject ?? null,
      detail:
        entry.detail === undefined
          ? null
          : typeof entry.detail === "string"
            ? entry.detail
            : JSON.stringify(entry.detail),
      createdAt: entry.at,
    })
    .run();
}

/** The audit log as the admin panel shows it: newest first, with the actor's e-mail. */
export function listAuditWithActors(db: DbOrTx, page: Page = {}): AuditEntryView[] {
  const rows = db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .$dynamic();
  return newestFirst(rows, auditLog, page, 100)
    .all()
    .map(({ entry, actorEmail }) => ({
      _id: entry.id,
      actorUserId: entry.actorUserId,
      actorEmail: actorEmail ?? null,
      action: entry.action,
      subject: entry.subject,
      detail: entry.detail,
      createdAt: toIso(entry.createdAt)!,
    }));
}
