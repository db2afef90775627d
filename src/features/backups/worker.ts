/**
 * The scheduled backup and drill run here, in a worker thread: copying, checking, compressing and
 * encrypting a database of hundreds of MB takes seconds to minutes of synchronous SQLite and CPU work,
 * and the server's own thread keeps answering meanwhile. One job per worker; the server ends the
 * worker afterwards, which gives back its memory.
 */
import type { KeepRule } from "../../config/backups";
import { Secret } from "../../lib/secret";

declare const self: Worker;

export type BackupJob = {
  databasePath: string;
  /** The working file the job may use (the server removes it if the job is stopped). */
  workFile: string;
  s3: {
    accessKeyId: string;
    secretAccessKey: string;
    sessionToken: string | null;
    endpoint: string | null;
    region: string | null;
  };
  location: { bucket: string; prefix: string };
  passphrase: string | null;
  now: number;
} & ({ kind: "backup"; keep: KeepRule } | { kind: "drill" });

export type BackupJobResult =
  | { ok: true; kind: "backup"; name: string; storedBytes: number; deleted: string[]; deleteProblem: string | null }
  | { ok: true; kind: "drill"; name: string; takenAt: number; tables: Array<{ table: string; rows: number }> }
  | { ok: false; problem: string };

/** Runs one job; any failure becomes one sentence. */
export async function runJob(job: BackupJob): Promise<BackupJobResult> {
  const { openStorage } = await import("./storage");
  const storage = openStorage(
    {
      ...job.s3,
      secretAccessKey: new Secret(job.s3.secretAccessKey),
      sessionToken: job.s3.sessionToken ? new Secret(job.s3.sessionToken) : null,
    },
    job.location,
  );
  try {
    if (job.kind === "backup") {
      const { applyRetention, backupToStorage } = await import("./offsite");
      const made = await backupToStorage({ ...job, storage, workFile: job.workFile });
      // A failed clean-up is reported, but the backup itself is good.
      let deleted: string[] = [];
      let deleteProblem: string | null = null;
      try {
        deleted = (await applyRetention(storage, job.keep, job.now)).deleted;
      } catch (error) {
        deleteProblem = (error as Error).message;
      }
      return { ok: true, kind: "backup", name: made.name, storedBytes: made.storedBytes, deleted, deleteProblem };
    }
    const { drillNewestBackup } = await import("./drill");
    const report = await drillNewestBackup({ ...job, storage, workFile: job.workFile });
    return { ok: true, kind: "drill", name: report.name, takenAt: report.takenAt, tables: report.tables };
  } catch (error) {
    const message = ((error as Error).message ?? String(error)).trim();
    // Never a key or the passphrase, whatever a library put in its message.
    let problem = message.endsWith(".") ? message : `${message}.`;
    for (const secret of [job.s3.secretAccessKey, job.s3.sessionToken, job.passphrase])
      if (secret) problem = problem.replaceAll(secret, "[hidden]");
    return { ok: false, problem };
  }
}

// As a worker: one message in (the job), one message out (its result).
if (!Bun.isMainThread) {
  self.onmessage = async (event: MessageEvent<BackupJob>) => {
    self.postMessage(await runJob(event.data));
  };
}
