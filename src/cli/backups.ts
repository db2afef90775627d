/**
 * Off-site backups from the command line: `backup --to s3://…`, `restore --from s3://…`, `backups list`
 * and `backups verify`. The storage's keys come from S3_* and the passphrase from BACKUP_PASSPHRASE,
 * as for the server. The heavy parts load when one of these runs. They back up the SQLite file: on
 * PostgreSQL each says what to use instead and exits 1.
 */
import type { Config } from "../config";
import { parseBackupUrl, type BackupLocation } from "../config/backups";
import { backupTime } from "../features/backups/retention";
import { postgresBackupRefusal } from "../features/backups/postgres";
import { flagOption, tableLine, UsageError, type Command } from "./command";

/** On PostgreSQL, the sentence saying what backs it up instead (exit 1, nothing touched); null on SQLite. */
export function refusedOnPostgres(config: Config, command: Parameters<typeof postgresBackupRefusal>[1]): 1 | null {
  if (!config.databaseUrl) return null;
  console.error(postgresBackupRefusal(config.databaseUrl, command));
  return 1;
}

/** Problems with the storage or a stored backup: one sentence, exit 1. */
async function oneSentence(run: () => Promise<number>): Promise<number> {
  const { StorageError } = await import("../features/backups/storage");
  const { OffsiteBackupError } = await import("../features/backups/offsite");
  try {
    return await run();
  } catch (error) {
    if (error instanceof StorageError || error instanceof OffsiteBackupError) {
      console.error(error.message.endsWith(".") ? error.message : `${error.message}.`);
      return 1;
    }
    throw error;
  }
}

/** The storage at `url` (or BACKUP_URL when none is given), with the keys from S3_*. */
async function storageAt(config: Config, url: string | undefined, option: string) {
  let location: BackupLocation | null = config.backups.url;
  if (url !== undefined) {
    const parsed = parseBackupUrl(url);
    if (typeof parsed === "string") throw new UsageError(`${option} ${parsed}`);
    location = parsed;
  }
  if (!location) throw new UsageError(`${option} needs s3://BUCKET/PREFIX, or BACKUP_URL set`);
  if (!config.backups.s3)
    throw new UsageError(
      "Set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION) to reach the storage",
    );
  const { openStorage } = await import("../features/backups/storage");
  return openStorage(config.backups.s3, location);
}

export const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const formatTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;

function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${Math.round(hours / 24)} days`;
}

/** `backup --to s3://BUCKET/PREFIX`. */
export function backupToStorageCommand(config: Config, url: string): Promise<number> {
  return oneSentence(async () => {
    const storage = await storageAt(config, url, "--to");
    const { backupToStorage } = await import("../features/backups/offsite");
    const made = await backupToStorage({
      databasePath: config.databasePath,
      storage,
      passphrase: config.backups.passphrase?.reveal() ?? null,
      now: Date.now(),
    });
    console.log(
      `Backed up ${config.databasePath} to ${made.url}: ${formatBytes(made.databaseBytes)}, ${formatBytes(made.storedBytes)} stored${made.encrypted ? ", encrypted" : ""}, integrity check ok.`,
    );
    for (const { table, rows } of made.tables) console.log(tableLine(table, rows));
    return 0;
  });
}

/** Splits `s3://BUCKET/PREFIX/latest` (or …/NAME) into the location and which backup; a bare `latest` or NAME uses BACKUP_URL. */
function restoreSource(from: string): { url: string | undefined; which: string } {
  if (!from.startsWith("s3://")) return { url: undefined, which: from };
  const cut = from.lastIndexOf("/");
  const which = from.slice(cut + 1);
  if (cut < "s3://".length || (which !== "latest" && backupTime(which) === null))
    throw new UsageError(`--from must end in /latest or a backup's name (layerlift-….backup); got "${from}"`);
  return { url: from.slice(0, cut), which };
}

/** `restore --from s3://BUCKET/PREFIX/latest` or a backup's name. */
export function restoreFromStorageCommand(config: Config, from: string): Promise<number> {
  return oneSentence(async () => {
    const { url, which } = restoreSource(from);
    const storage = await storageAt(config, url, "--from");
    const { restoreFromStorage } = await import("../features/backups/offsite");
    const { tableRowCounts } = await import("../features/backups/service");
    const restored = await restoreFromStorage({
      storage,
      which,
      databasePath: config.databasePath,
      passphrase: config.backups.passphrase?.reveal() ?? null,
      now: Date.now(),
    });
    console.log(
      `Restored ${config.databasePath} from ${storage.url}${restored.name} (taken ${formatTime(restored.takenAt)}).${restored.keptAs ? ` The database it replaced is kept as ${restored.keptAs}.` : " There was no database there before."}`,
    );
    for (const { table, rows } of tableRowCounts(config.databasePath)) console.log(tableLine(table, rows));
    return 0;
  });
}

export const backupsCommand: Command = {
  usage: `  layerlift backups list [--check] [s3://…]           the stored backups: time, size, whether each is
                                                      complete (--check: download each, check its checksum)
  layerlift backups verify [s3://…]                   the restore drill: restore the newest backup into a
                                                      working file, check it, report its age and row counts`,
  options: { check: { type: "boolean" } },
  database: "any",
  run({ config, words: [sub, url], values }) {
    if (sub !== "list" && sub !== "verify") throw new UsageError("backups takes list or verify");
    const refused = refusedOnPostgres(config, "backups");
    if (refused) return refused;
    return oneSentence(async () => {
      const storage = await storageAt(config, url, `backups ${sub}`);
      const now = Date.now();
      if (sub === "list") {
        const { listBackups } = await import("../features/backups/offsite");
        const backups = await listBackups(storage, { checksums: flagOption(values, "check") });
        console.log(`${backups.length} ${backups.length === 1 ? "backup" : "backups"} in ${storage.url}:`);
        for (const b of backups)
          console.log(
            `  ${formatTime(b.takenAt)}  ${formatBytes(b.size).padStart(10)}  ${b.encrypted === null ? "?        " : b.encrypted ? "encrypted" : "plain    "}  ${b.check.padEnd(12)}  ${b.name}${b.problem ? `  (${b.problem})` : ""}`,
          );
        return backups.some((b) => b.check !== "complete" && b.check !== "checksum ok") ? 1 : 0;
      }
      const { drillNewestBackup } = await import("../features/backups/drill");
      const report = await drillNewestBackup({
        storage,
        passphrase: config.backups.passphrase?.reveal() ?? null,
        databasePath: config.databasePath,
        now,
      });
      console.log(
        `The newest backup, ${storage.url}${report.name}, restores: taken ${formatTime(report.takenAt)} (${formatAge(report.ageMs)} ago); integrity check ok, migrations applied, the books match the sales (${report.bookRows} day-and-plan rows).`,
      );
      for (const { table, rows } of report.tables) console.log(tableLine(table, rows));
      return 0;
    });
  },
};
