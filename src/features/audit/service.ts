/** The audit log: every admin mutation and every account-link change (docs/architecture.md#data). */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { auditLog, users, type AuditEntry } from "../../db/schema";
import { toIso } from "../../lib/clock";
import type { AuditAction } from "@shared/audit-actions";
import type { AuditEntryView } from "@shared/api/audit";

/**
 * `actorUserId` is whoever acted: an admin, or a buyer on their own account; null for the system (the payment
 * provider's events, schedules). A buyer acting without an account (the refund link) is named by `actorEmail`.
 */
export async function writeAudit(
  db: DbOrTx,
  entry: {
    actorUserId: number | null;
    actorEmail?: string | null;
    action: AuditAction;
    subject?: string | null;
    detail?: unknown;
    at: number;
  },
) {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    subject: entry.subject ?? null,
    detail:
      entry.detail === undefined
        ? null
        : typeof entry.detail === "string"
          ? entry.detail
          : JSON.stringify(entry.detail),
    createdAt: entry.at,
  });
}

/** Who an entry's actor is: an admin, a buyer (with an account or by the refund link), an account since deleted, or the system. */
function actorRole(entry: AuditEntry, actor: { isAdmin: boolean } | null): AuditEntryView["actorRole"] {
  if (actor) return actor.isAdmin ? "admin" : "buyer";
  if (entry.actorUserId !== null) return "deleted";
  return entry.actorEmail ? "buyer" : "system";
}

/** The audit log as the admin panel shows it: newest first, with the actor's e-mail and role. */
export async function listAuditWithActors(db: DbOrTx, page: Page = {}): Promise<AuditEntryView[]> {
  const rows = db
    .select({ entry: auditLog, actor: { email: users.email, isAdmin: users.isAdmin } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .$dynamic();
  return (await newestFirst(rows, auditLog, page, 100)).map(({ entry, actor }) => ({
    _id: entry.id,
    actorUserId: entry.actorUserId,
    actorEmail: actor?.email ?? entry.actorEmail,
    actorRole: actorRole(entry, actor),
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail,
    createdAt: toIso(entry.createdAt)!,
  }));
}
