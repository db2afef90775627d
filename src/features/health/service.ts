/**
 * What /api/health reports: whether the site can do its job right now. Degraded when e-mails have
 * been given up on, when the oldest unsent e-mail has waited more than 10 minutes (the provider is
 * down or the sender is stuck: buyers are waiting for their keys), or when the database can't be
 * written (disk full, read-only mount). The write is tried at most once every 30 s: the answer is
 * asked for by anyone, as often as they like, and must not cost a write each time.
 */
import { count, eq, min } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { appSettings, emails } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import type { HealthReport } from "@shared/api/health";
import { backupStatus } from "../backups/state";

export const EMAIL_BACKLOG_LIMIT_MS = 10 * MINUTE;

async function emailState(deps: Pick<AppDeps, "db" | "clock">) {
  const [failed] = await deps.db.select({ n: count() }).from(emails).where(eq(emails.status, "failed"));
  const [pending] = await deps.db
    .select({ n: count(), oldest: min(emails.createdAt) })
    .from(emails)
    .where(eq(emails.status, "pending"));
  const oldestPendingMinutes =
    pending.oldest === null ? null : Math.floor((deps.clock.now() - pending.oldest) / MINUTE);
  return { pending: pending.n, failed: failed.n, oldestPendingMinutes };
}

export const WRITE_PROBE_INTERVAL_MS = 30_000;

/** A real write (one small row), so a full disk or a read-only file shows. */
async function tryWrite(deps: Pick<AppDeps, "db" | "clock">): Promise<string | null> {
  try {
    await deps.db
      .insert(appSettings)
      .values({ key: "health_checked_at", value: String(deps.clock.now()) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: String(deps.clock.now()) } });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Whether the database can be written: the problem, or null. Probed at most once per interval; the result is reused between. */
export function writeProbe(deps: Pick<AppDeps, "db" | "clock">): () => Promise<string | null> {
  let checkedAt = -Infinity;
  let problem: Promise<string | null> = Promise.resolve(null);
  return () => {
    const now = deps.clock.now();
    if (now - checkedAt >= WRITE_PROBE_INTERVAL_MS || now < checkedAt) {
      // Set before the write finishes: checks arriving meanwhile share this write rather than start their own.
      checkedAt = now;
      problem = tryWrite(deps);
    }
    return problem;
  };
}

export async function healthReport(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  startedAt: number,
  databaseProblem: () => Promise<string | null>,
): Promise<HealthReport> {
  const email = await emailState(deps);
  const reasons: string[] = [];
  if (email.failed > 0)
    reasons.push(
      `${email.failed} e-mail${email.failed === 1 ? " has" : "s have"} failed for good; retry them from the admin E-mails tab`,
    );
  if (email.oldestPendingMinutes !== null && email.oldestPendingMinutes * MINUTE >= EMAIL_BACKLOG_LIMIT_MS) {
    reasons.push(
      `the oldest of ${email.pending} unsent e-mail${email.pending === 1 ? "" : "s"} has waited ${email.oldestPendingMinutes} minutes`,
    );
  }
  const writeProblem = await databaseProblem();
  if (writeProblem) reasons.push(`the database can't be written: ${writeProblem}`);
  return {
    ok: reasons.length === 0,
    status: reasons.length === 0 ? "ok" : "degraded",
    reasons,
    uptimeSeconds: Math.round((deps.clock.now() - startedAt) / 1000),
    email,
    // Shown, never a reason for "degraded": a load balancer must not take a working site out for a late backup.
    backup: await backupStatus(
      deps.db,
      deps.config.backups.url !== null,
      deps.config.backups.everyMs,
      deps.clock.now(),
    ),
  };
}
