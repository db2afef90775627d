/**
 * What /api/health reports: whether the site can do its job right now. Degraded when e-mails have
 * been given up on, when the oldest unsent e-mail has waited more than 10 minutes (the provider is
 * down or the sender is stuck: buyers are waiting for their keys), or when the database can't be
 * written (disk full, read-only mount). The write is tried at most once every 30 s: the answer is
 * asked for by anyone, as often as they like, and must not cost a write each time.
 *
 * On PostgreSQL the server is first asked `select 1` (one round trip per call): when it can't be reached
 * that is the one reason, and the e-mail and backup parts, which it would hold, are null.
 */
import { count, eq, min } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { engineOf, postgresPoolOf } from "../../db";
import { appSettings, emails } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import type { HealthReport } from "@shared/api/health";
import { VERSION } from "../../version";
import { backupStatus } from "../backups/state";
import { POSTGRES_BACKUP_WARNING } from "../backups/postgres";

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

/** How long the reachability check waits: a load balancer's own check gives up after a few seconds. */
export const REACH_TIMEOUT_MS = 3_000;

/** On PostgreSQL, why the server can't be reached (host and port, never the password), or null; null on SQLite. */
export async function databaseUnreachable(deps: Pick<AppDeps, "db">): Promise<string | null> {
  const pool = postgresPoolOf(deps.db);
  if (!pool) return null;
  let timer: Timer | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`PostgreSQL at ${pool.target.where} did not answer within ${REACH_TIMEOUT_MS / 1000} s`),
      REACH_TIMEOUT_MS,
    );
  });
  const answer = pool.client.unsafe("select 1").then(
    () => null,
    (error: Error) =>
      `PostgreSQL at ${pool.target.where}: ${(error.message || String(error)).replaceAll(pool.target.url, "…")}`,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthReport(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  startedAt: number,
  databaseProblem: () => Promise<string | null>,
): Promise<HealthReport> {
  const uptimeSeconds = Math.round((deps.clock.now() - startedAt) / 1000);
  const database = { engine: engineOf(deps.db) };
  const reachProblem = await databaseUnreachable(deps);
  if (reachProblem) {
    const reasons = [`the database can't be reached: ${reachProblem}`];
    return {
      ok: false,
      status: "degraded",
      reasons,
      version: VERSION,
      uptimeSeconds,
      database,
      email: null,
      backup: null,
    };
  }
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
  // Shown, never a reason for "degraded": a load balancer must not take a working site out for a late backup.
  const backup = await backupStatus(
    deps.db,
    deps.config.backups.url !== null,
    deps.config.backups.everyMs,
    deps.clock.now(),
  );
  // PostgreSQL's backups are pg_dump's and the host's, which the site can't see: it says so rather than ask for BACKUP_URL.
  if (database.engine === "postgres") backup.warning = POSTGRES_BACKUP_WARNING;
  return {
    ok: reasons.length === 0,
    status: reasons.length === 0 ? "ok" : "degraded",
    reasons,
    version: VERSION,
    uptimeSeconds,
    database,
    email,
    backup,
  };
}
