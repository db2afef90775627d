/**
 * What the database remembers of the scheduled backups: the finished runs (backup_runs), the lease of
 * the server running one now, and the alerts already sent (app_settings rows). Keeping it there rather
 * than in memory makes "is a backup due?" one answer for every server on the database, and survives a
 * restart: the claim is a transaction that takes the lease only when the lease is free and a backup is due.
 */
import { and, desc, eq } from "drizzle-orm";
import { forUpdate, type Db, type DbOrTx } from "../../db";
import { appSettings, backupRuns, users, type BackupRun } from "../../db/schema";
import { DAY, HOUR, MINUTE } from "../../lib/clock";
import { queueEmail } from "../email/outbox";

/** How long a lease holds without being renewed; a server that died lets go of it after this. */
export const LEASE_MS = 5 * MINUTE;
/** After a failed backup, the next try comes after this (or BACKUP_EVERY, when shorter). */
export const RETRY_MS = 15 * MINUTE;
/** The drill runs after a scheduled backup once a day; a failed drill is tried again after an hour. */
export const DRILL_EVERY_MS = DAY;
export const DRILL_RETRY_MS = HOUR;

const LEASE_KEY = "backup_lease";
const ALERTS_KEY = "backup_alerts";
/**
 * The settings that belong to the server that wrote them, not to the data: the lease of its backup run
 * and the alerts it has told. A backup taken during a run carries both, so a restore (and copy-database)
 * drops them: the new server would otherwise wait out a dead server's lease and stay silent on problems.
 */
export const RUN_STATE_KEYS = [LEASE_KEY, ALERTS_KEY] as const;

/** A setting read inside the transaction that may change it (locked on PostgreSQL). */
async function readSetting(tx: DbOrTx, key: string): Promise<{ key: string; value: string } | undefined> {
  const [row] = await forUpdate(tx.select().from(appSettings).where(eq(appSettings.key, key)).limit(1));
  return row;
}
const writeSetting = (db: DbOrTx, key: string, value: string) =>
  db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });

export async function lastRun(db: DbOrTx, kind: BackupRun["kind"], onlyGood = false): Promise<BackupRun | undefined> {
  const [run] = await db
    .select()
    .from(backupRuns)
    .where(onlyGood ? and(eq(backupRuns.kind, kind), eq(backupRuns.ok, true)) : eq(backupRuns.kind, kind))
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  return run;
}

/** When the next scheduled backup is due: at once when there was none, BACKUP_EVERY after the last start, sooner after a failure. */
export async function nextBackupAt(db: DbOrTx, everyMs: number): Promise<number> {
  const last = await lastRun(db, "backup");
  if (!last) return 0;
  return last.startedAt + (last.ok ? everyMs : Math.min(everyMs, RETRY_MS));
}

export async function drillDue(db: DbOrTx, now: number): Promise<boolean> {
  const last = await lastRun(db, "drill");
  return !last || now - last.startedAt >= (last.ok ? DRILL_EVERY_MS : DRILL_RETRY_MS);
}

/**
 * Takes the lease for `owner` when no other server holds a live one and a backup is due at `now`; true
 * when it did. One transaction, so two servers can't both take it.
 */
export async function claimDueBackup(db: Db, owner: string, now: number, everyMs: number): Promise<boolean> {
  return await db.transaction(async (tx) => {
    const lease = await readSetting(tx, LEASE_KEY);
    if (lease) {
      const held = JSON.parse(lease.value) as { owner: string; until: number };
      if (held.owner !== owner && held.until > now) return false;
    }
    if (now < (await nextBackupAt(tx, everyMs))) return false;
    await writeSetting(tx, LEASE_KEY, JSON.stringify({ owner, until: now + LEASE_MS }));
    return true;
  });
}

/** Keeps the lease while a run goes on (called every minute). */
export async function renewLease(db: Db, owner: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await readSetting(tx, LEASE_KEY);
    if (lease && (JSON.parse(lease.value) as { owner: string }).owner === owner)
      await writeSetting(tx, LEASE_KEY, JSON.stringify({ owner, until: now + LEASE_MS }));
  });
}

export async function releaseLease(db: Db, owner: string): Promise<void> {
  await db.transaction(async (tx) => {
    const lease = await readSetting(tx, LEASE_KEY);
    if (lease && (JSON.parse(lease.value) as { owner: string }).owner === owner)
      await tx.delete(appSettings).where(eq(appSettings.key, LEASE_KEY));
  });
}

export async function recordRun(db: DbOrTx, run: Omit<typeof backupRuns.$inferInsert, "id">): Promise<BackupRun> {
  const [recorded] = await db.insert(backupRuns).values(run).returning();
  return recorded!;
}

/** What health, /metrics and the admin overview show of the backups. */
export interface BackupStatus {
  /** BACKUP_URL is set: the server makes backups on a schedule. */
  scheduled: boolean;
  everySeconds: number;
  lastGood: { at: number; ageSeconds: number; name: string | null } | null;
  /** The newest backup run, when it failed. */
  lastFailure: { at: number; problem: string } | null;
  drill: { at: number; ok: boolean; problem: string | null; name: string | null } | null;
  /** Why the admins should look, one sentence; null when all is well. */
  warning: string | null;
}

const ago = (ms: number) => {
  const hours = Math.floor(ms / HOUR);
  return hours >= 48
    ? `${Math.floor(hours / 24)} days`
    : hours >= 1
      ? `${hours} hours`
      : `${Math.floor(ms / MINUTE)} minutes`;
};

export async function backupStatus(
  db: DbOrTx,
  scheduled: boolean,
  everyMs: number,
  now: number,
): Promise<BackupStatus> {
  const good = await lastRun(db, "backup", true);
  const newest = await lastRun(db, "backup");
  const drill = await lastRun(db, "drill");
  const lastGood = good
    ? { at: good.startedAt, ageSeconds: Math.max(0, Math.round((now - good.startedAt) / 1000)), name: good.objectName }
    : null;
  const lastFailure = newest && !newest.ok ? { at: newest.startedAt, problem: newest.problem ?? "unknown" } : null;
  let warning: string | null = null;
  if (!scheduled) warning = "Backups don't leave this server: set BACKUP_URL to send them to S3-compatible storage.";
  else if (lastFailure) warning = `The last backup failed: ${lastFailure.problem.replace(/\.$/, "")}.`;
  else if (drill && !drill.ok)
    warning = `The last restore drill failed: ${(drill.problem ?? "unknown").replace(/\.$/, "")}.`;
  else if (lastGood && now - lastGood.at > 2 * everyMs)
    warning = `The newest backup is ${ago(now - lastGood.at)} old, more than twice BACKUP_EVERY.`;
  else if (!lastGood) warning = "No backup has been made yet.";
  return {
    scheduled,
    everySeconds: Math.round(everyMs / 1000),
    lastGood,
    lastFailure,
    drill: drill ? { at: drill.startedAt, ok: drill.ok, problem: drill.problem, name: drill.objectName } : null,
    warning,
  };
}

type AlertKind = "backup" | "drill" | "stale";

/**
 * E-mails the admins once when a problem starts: a scheduled backup failed, a drill failed, or the
 * newest good backup is older than twice BACKUP_EVERY (not said again while backups are failing: that
 * e-mail has gone). A problem that goes on sends nothing more; once it is over, the next one is told
 * again. `problems` holds a sentence for each problem there is now.
 */
export async function alertAdmins(
  db: Db,
  problems: Partial<Record<AlertKind, string>>,
  now: number,
): Promise<AlertKind[]> {
  return await db.transaction(async (tx) => {
    const stored = await readSetting(tx, ALERTS_KEY);
    const open = new Set<AlertKind>(stored ? (JSON.parse(stored.value) as AlertKind[]) : []);
    const current = new Set(Object.keys(problems) as AlertKind[]);
    if (current.has("backup")) current.delete("stale");
    const started = [...current].filter((kind) => !open.has(kind));
    if (started.length) {
      const admins = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(users.id);
      for (const kind of started) {
        const headline = {
          backup: "A scheduled backup failed",
          drill: "The restore drill failed",
          stale: "Backups are late",
        }[kind];
        const lines = [
          problems[kind]!,
          kind === "drill"
            ? "The newest backup could not be restored as it is: check it with `layerlift backups verify`, and take a new one with `layerlift backup --to`."
            : "The server keeps trying. Until a backup succeeds, what changes now exists only on this server.",
        ];
        for (const admin of admins)
          await queueEmail(tx, { to: admin.email, template: "backup-alert", payload: { headline, lines } }, now);
      }
    }
    const openNow = JSON.stringify([...current].sort());
    if (openNow !== JSON.stringify([...open].sort())) await writeSetting(tx, ALERTS_KEY, openNow);
    return started;
  });
}
