/**
 * Scheduled backups while the server runs (BACKUP_URL): every BACKUP_EVERY a backup goes to storage,
 * the keep rule then deletes what it lets go, and once a day the restore drill follows a good backup.
 * The work runs in a worker thread (worker.ts); this side claims the run in the database, records how
 * it went and tells the admins once when something goes wrong. A failure never stops the server:
 * it is logged, recorded and tried again.
 */
import { rmSync } from "node:fs";
import type { AppDeps } from "../../deps";
import { log } from "../../lib/logger";
import { MINUTE } from "../../lib/clock";
import { workFilePath } from "./work-file";
import {
  alertAdmins,
  backupStatus,
  claimDueBackup,
  drillDue,
  nextBackupAt,
  recordRun,
  releaseLease,
  renewLease,
} from "./state";
import { workerFile } from "../../lib/worker-file";
import { startJob } from "../../lib/jobs";
import type { BackupJob, BackupJobResult } from "./worker";
import type { BackupConfig, BackupLocation } from "../../config/backups";

/** How a job is run: in a worker thread (the server), or in-process (tests that drive the schedule). */
export type JobRunner = (job: BackupJob) => { result: Promise<BackupJobResult>; stop: () => void };

export function runInWorker(job: BackupJob): ReturnType<JobRunner> {
  const worker = new Worker(workerFile("features/backups/worker.ts"));
  const result = new Promise<BackupJobResult>((resolve) => {
    worker.onmessage = (event: MessageEvent<BackupJobResult>) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, problem: `The backup worker failed: ${event.message}.` });
    worker.addEventListener("close", () => resolve({ ok: false, problem: "The backup was stopped." }));
  });
  worker.postMessage(job);
  return { result: result.finally(() => worker.terminate()), stop: () => worker.terminate() };
}

const MAX_WAIT_MS = 30_000;

export interface BackupScheduler {
  /** One round now: a backup if one is due, the drill if it is due after it, the alerts. Resolves when done. */
  round(): Promise<void>;
  /** The alerts alone (also every 30 s while a backup takes long, so a backup that hangs is told too). */
  checkAlerts(): Promise<void>;
  stop(): Promise<void>;
}

/** What each step of the schedule works with: the settings, the lease owner this server claims runs as, the runner. */
interface Schedule {
  deps: Pick<AppDeps, "db" | "clock" | "config">;
  settings: BackupConfig;
  location: BackupLocation;
  owner: string;
  runner: JobRunner;
}

export function startBackupScheduler(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  options: { runner?: JobRunner; timers?: boolean } = {},
): BackupScheduler {
  const { db, clock } = deps;
  const settings = deps.config.backups;
  const schedule: Schedule = {
    deps,
    settings,
    location: settings.url!,
    owner: crypto.randomUUID(),
    runner: options.runner ?? runInWorker,
  };
  const checkAlerts = () => alertOnProblems(schedule);
  const timers = options.timers;
  // One round at a time. The next comes when the next backup is due, and at least every 30 s (for the alerts).
  const rounds = startJob({
    name: "backup",
    clock,
    round: (stopping) => roundOnce(schedule, stopping),
    async nextInMs() {
      let due = 0;
      try {
        due = await nextBackupAt(db, settings.everyMs);
      } catch (error) {
        log.error({ err: error }, "backup schedule could not be read");
      }
      return Math.min(MAX_WAIT_MS, Math.max(1000, due - clock.now()));
    },
    // Stopping cuts a backup off at once (and removes its work file): the next start tries again.
    graceMs: 0,
    unref: true,
    timers,
  });
  // While a backup takes long, the alerts are checked every 30 s too, so a backup that hangs is told.
  const alerts = startJob({
    name: "backup alerts",
    clock,
    everyMs: MAX_WAIT_MS,
    startNow: false,
    unref: true,
    timers,
    round: async () => {
      if (rounds.busy()) await checkAlerts();
    },
  });

  return {
    round: () => rounds.runNow(),
    checkAlerts,
    async stop() {
      await Promise.all([rounds.stop(), alerts.stop()]);
      await releaseLease(db, schedule.owner);
    },
  };
}

/** A backup if one is due (claimed in the database, so one server runs it), the drill after it if due, then the alerts. */
async function roundOnce(schedule: Schedule, stopping: AbortSignal): Promise<void> {
  const { db, clock } = schedule.deps;
  const now = clock.now();
  if (await claimDueBackup(db, schedule.owner, now, schedule.settings.everyMs)) {
    try {
      const backup = await run(schedule, "backup", stopping);
      if (backup.ok && !stopping.aborted && (await drillDue(db, clock.now()))) await run(schedule, "drill", stopping);
    } finally {
      await releaseLease(db, schedule.owner);
    }
  }
  if (!stopping.aborted) await alertOnProblems(schedule);
}

/** What the worker needs for a backup or a drill: the file, the storage and its keys, the passphrase. */
function jobFor(schedule: Schedule, kind: "backup" | "drill", now: number): BackupJob {
  const { settings } = schedule;
  const { databasePath } = schedule.deps.config;
  const s3 = settings.s3!;
  const common = {
    databasePath,
    workFile: workFilePath(databasePath, kind === "backup" ? "offsite" : "drill", now),
    s3: {
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey.reveal(),
      sessionToken: s3.sessionToken?.reveal() ?? null,
      endpoint: s3.endpoint,
      region: s3.region,
    },
    location: schedule.location,
    passphrase: settings.passphrase?.reveal() ?? null,
    now,
  };
  return kind === "backup" ? { ...common, kind, keep: settings.keep } : { ...common, kind };
}

/** Runs one job, keeping the lease while it works; the server stopping cuts it off. */
async function run(schedule: Schedule, kind: "backup" | "drill", stopping: AbortSignal): Promise<BackupJobResult> {
  const { db, clock } = schedule.deps;
  const startedAt = clock.now();
  const work = jobFor(schedule, kind, startedAt);
  const handle = schedule.runner(work);
  // The server stopping ends the work at once; the next start tries again.
  const cutOff = () => handle.stop();
  stopping.addEventListener("abort", cutOff, { once: true });
  const keepLease = setInterval(() => {
    renewLease(db, schedule.owner, clock.now()).catch((error) => log.error({ err: error }, "backup lease not renewed"));
  }, MINUTE);
  try {
    const result = await handle.result;
    // A run cut short by the server stopping is neither a success nor a failure: the next start tries again.
    if (stopping.aborted) return result;
    await recordResult(schedule, kind, startedAt, result);
    return result;
  } finally {
    clearInterval(keepLease);
    stopping.removeEventListener("abort", cutOff);
    rmSync(work.workFile, { force: true });
  }
}

/** Records how a finished job went and logs it. */
async function recordResult(
  schedule: Schedule,
  kind: "backup" | "drill",
  startedAt: number,
  result: BackupJobResult,
): Promise<void> {
  const { db, clock } = schedule.deps;
  const { location } = schedule;
  const finishedAt = clock.now();
  await recordRun(db, { kind, startedAt, finishedAt, ...runOutcome(result) });
  if (!result.ok) {
    log.error({ problem: result.problem }, kind === "backup" ? "scheduled backup failed" : "restore drill failed");
  } else if (result.kind === "backup") {
    log.info(
      {
        backup: result.name,
        bytes: result.storedBytes,
        ms: finishedAt - startedAt,
        deleted: result.deleted.length,
      },
      `backup uploaded to ${location.bucket}/${location.prefix}${result.name}`,
    );
    if (result.deleteProblem) log.warn({ problem: result.deleteProblem }, "old backups could not all be deleted");
  } else {
    log.info({ backup: result.name, ms: finishedAt - startedAt }, "restore drill passed");
  }
}

/** What a run's row keeps of its result: the backup it made or checked, or why it failed. */
function runOutcome(result: BackupJobResult) {
  if (!result.ok) return { ok: false, problem: result.problem };
  if (result.kind === "backup") return { ok: true, objectName: result.name, bytes: result.storedBytes };
  return {
    ok: true,
    objectName: result.name,
    backupTakenAt: result.takenAt,
    rowCounts: Object.fromEntries(result.tables.map(({ table, rows }) => [table, rows])),
  };
}

/** The alerts: one e-mail per problem that starts; nothing while it goes on. */
async function alertOnProblems(schedule: Schedule): Promise<void> {
  const { db, clock } = schedule.deps;
  const { everyMs } = schedule.settings;
  const now = clock.now();
  const status = await backupStatus(db, true, everyMs, now);
  const problems: Parameters<typeof alertAdmins>[1] = {};
  if (status.lastFailure) problems.backup = status.lastFailure.problem;
  if (status.drill && !status.drill.ok) problems.drill = status.drill.problem ?? "The restore drill failed.";
  if (status.lastGood && now - status.lastGood.at > 2 * everyMs)
    problems.stale = status.warning ?? "The newest backup is older than twice BACKUP_EVERY.";
  await alertAdmins(db, problems, now);
}
