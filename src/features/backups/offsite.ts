/**
 * Backups that leave the machine: `backup --to s3://…`, `restore --from s3://…`, `backups list` and
 * retention. A backup is the same checked copy as `backup FILE` (VACUUM INTO and SQLite's integrity
 * check), compressed, optionally encrypted and uploaded as a stream (format.ts); a restore downloads
 * and checks one into a file beside the database, then restores it exactly as `restore FILE` does.
 */
import { createReadStream, createWriteStream, rmSync } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { checkDatabaseAccess, DatabaseFileError, requireDatabaseNotInUse } from "../../db/file-checks";
import type { KeepRule } from "../../config/backups";
import { BackupFormatError, decodeBackup, encodeBackup, parseHeader, TRAILER_BYTES, trailerIsWhole } from "./format";
import { backupName, backupsToKeep, backupTime } from "./retention";
import { backupDatabase, restoreDatabase } from "./service";
import { StorageError, type BackupStorage } from "./storage";
import { workFilePath } from "./work-file";

/** A backup in storage that can't be used or made, in one sentence. */
export class OffsiteBackupError extends Error {}

export interface StoredBackup {
  name: string;
  takenAt: number;
  size: number;
}

/** The backups under the storage's prefix (names of the backup shape only), oldest first. */
export async function storedBackups(storage: BackupStorage): Promise<StoredBackup[]> {
  const backups: StoredBackup[] = [];
  for (const object of await storage.list("layerlift-")) {
    const takenAt = backupTime(object.name);
    if (takenAt !== null) backups.push({ name: object.name, takenAt, size: object.size });
  }
  return backups.sort((a, b) => a.takenAt - b.takenAt || (a.name < b.name ? -1 : 1));
}

export interface OffsiteBackup {
  name: string;
  url: string;
  takenAt: number;
  storedBytes: number;
  databaseBytes: number;
  encrypted: boolean;
  tables: Array<{ table: string; rows: number }>;
}

/** Counts the bytes that pass through. */
async function* counted(source: AsyncIterable<Uint8Array>, count: { bytes: number }) {
  for await (const chunk of source) {
    count.bytes += chunk.byteLength;
    yield chunk;
  }
}

/**
 * Copies the live database (VACUUM INTO, integrity check) to a working file, and uploads it compressed,
 * encrypted when a passphrase is given, under a new name carrying `now`. The working file is removed
 * whatever happens; the object exists only once the whole upload succeeded.
 */
export async function backupToStorage(input: {
  databasePath: string;
  storage: BackupStorage;
  passphrase: string | null;
  now: number;
  /** Where to copy the database on its way (default: beside it). */
  workFile?: string;
}): Promise<OffsiteBackup> {
  const { storage, now } = input;
  const name = backupName(now);
  if (await storage.exists(name))
    throw new OffsiteBackupError(`${storage.url}${name} already exists; a backup never overwrites one.`);
  const copy = input.workFile ?? workFilePath(input.databasePath, "offsite", now);
  try {
    const { bytes, tables } = await backupDatabase(input.databasePath, copy);
    const gzip = createGzip();
    const file = createReadStream(copy);
    file.on("error", (error) => gzip.destroy(error));
    file.pipe(gzip);
    const { stream } = await encodeBackup(gzip, {
      takenAt: now,
      databaseBytes: bytes,
      passphrase: input.passphrase,
    });
    const stored = { bytes: 0 };
    await storage.upload(name, counted(stream, stored));
    return {
      name,
      url: `${storage.url}${name}`,
      takenAt: now,
      storedBytes: stored.bytes,
      databaseBytes: bytes,
      encrypted: input.passphrase !== null,
      tables,
    };
  } finally {
    rmSync(copy, { force: true });
  }
}

export type BackupCheck = "complete" | "incomplete" | "not a backup" | "checksum ok" | "damaged";

export interface ListedBackup extends StoredBackup {
  encrypted: boolean | null;
  check: BackupCheck;
  problem: string | null;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * What a backup looks like from its first and last bytes: a whole header and a whole trailer make it
 * complete (an upload that was cut off has neither its trailer nor the length it records).
 */
async function inspect(storage: BackupStorage, backup: StoredBackup): Promise<ListedBackup> {
  if (backup.size < 12 + TRAILER_BYTES)
    return { ...backup, encrypted: null, check: "incomplete", problem: "it is too short to be a whole backup" };
  try {
    const head = await storage.read(backup.name, 0, Math.min(backup.size - TRAILER_BYTES, 4096));
    const { header } = parseHeader(head);
    const tail = await storage.read(backup.name, backup.size - TRAILER_BYTES, backup.size);
    const whole = trailerIsWhole(tail, backup.size);
    return {
      ...backup,
      encrypted: header.encryption !== null,
      check: whole ? "complete" : "incomplete",
      problem: whole ? null : "it does not end in a whole trailer: the upload was cut off or the object was truncated",
    };
  } catch (error) {
    if (!(error instanceof BackupFormatError)) throw error;
    return {
      ...backup,
      encrypted: null,
      check: error.kind === "not-a-backup" ? "not a backup" : error.kind === "incomplete" ? "incomplete" : "damaged",
      problem: error.message,
    };
  }
}

/** Reads a whole backup and checks its checksum (no passphrase needed); the problem, or null when it is good. */
async function verifyChecksum(storage: BackupStorage, name: string): Promise<BackupFormatError | null> {
  try {
    for await (const _ of decodeBackup(storage.download(name), null, { checksumOnly: true }));
    return null;
  } catch (error) {
    if (error instanceof BackupFormatError) return error;
    throw error;
  }
}

/**
 * The stored backups, oldest first, each with what its ends say (complete or not, encrypted or not).
 * With `checksums`, each complete one is downloaded and its checksum checked ("checksum ok" or "damaged").
 */
export async function listBackups(
  storage: BackupStorage,
  options: { checksums?: boolean } = {},
): Promise<ListedBackup[]> {
  const listed = await mapLimited(await storedBackups(storage), 4, (backup) => inspect(storage, backup));
  if (!options.checksums) return listed;
  return mapLimited(listed, 2, async (backup) => {
    if (backup.check !== "complete") return backup;
    const problem = await verifyChecksum(storage, backup.name);
    return problem
      ? { ...backup, check: "damaged" as const, problem: problem.message }
      : { ...backup, check: "checksum ok" as const };
  });
}

/** `latest` (the newest backup that is complete) or a backup's name, as found in storage. */
export async function findBackup(storage: BackupStorage, which: string): Promise<StoredBackup> {
  const backups = await storedBackups(storage);
  if (which === "latest") {
    for (const backup of backups.toReversed()) if ((await inspect(storage, backup)).check === "complete") return backup;
    throw new OffsiteBackupError(
      backups.length
        ? `None of the ${backups.length} backups in ${storage.url} is complete, so there is nothing to restore.`
        : `There are no backups in ${storage.url}.`,
    );
  }
  const name = which.startsWith(storage.location.prefix) ? which.slice(storage.location.prefix.length) : which;
  const found = backups.find((backup) => backup.name === name);
  if (!found)
    throw new OffsiteBackupError(
      `There is no backup named ${name} in ${storage.url}; \`layerlift backups list\` shows the ones there are.`,
    );
  return found;
}

/**
 * Downloads `backup` into `target` (a new file readable by its owner only) as the database file it
 * holds, checking it on the way: anything short of a whole, undamaged backup (and the right passphrase)
 * is an OffsiteBackupError, and `target` is removed.
 */
export async function downloadBackup(
  storage: BackupStorage,
  backup: StoredBackup,
  passphrase: string | null,
  target: string,
): Promise<void> {
  const url = `${storage.url}${backup.name}`;
  try {
    await pipeline(
      Readable.from(decodeBackup(storage.download(backup.name), passphrase)),
      createGunzip(),
      createWriteStream(target, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    rmSync(target, { force: true });
    if (error instanceof BackupFormatError) throw new OffsiteBackupError(`${url} can't be used: ${error.message}.`);
    if (error instanceof StorageError) throw error;
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("Z_") || /incorrect header|unexpected end|invalid/i.test((error as Error).message))
      throw new OffsiteBackupError(`${url} can't be used: its compressed data is damaged.`);
    throw new OffsiteBackupError(`Downloading ${url} failed: ${(error as Error).message}.`);
  }
}

/**
 * `restore --from s3://…/latest` (or a backup's name): refuses at once while a server has the database
 * open, downloads and checks the backup beside the database, then restores it exactly as `restore FILE`
 * does (integrity, migrations, the replaced database kept aside). Nothing changes on any failure.
 */
export async function restoreFromStorage(input: {
  storage: BackupStorage;
  which: string;
  databasePath: string;
  passphrase: string | null;
  now: number;
}): Promise<{ name: string; takenAt: number; keptAs: string | null }> {
  checkDatabaseAccess(input.databasePath);
  requireDatabaseNotInUse(input.databasePath, "restore");
  const backup = await findBackup(input.storage, input.which);
  const downloaded = workFilePath(input.databasePath, "download", input.now);
  try {
    await downloadBackup(input.storage, backup, input.passphrase, downloaded);
    try {
      const { keptAs } = restoreDatabase(downloaded, input.databasePath, new Date(input.now), backup);
      return { name: backup.name, takenAt: backup.takenAt, keptAs };
    } catch (error) {
      // Name the backup, not the working file it was downloaded to.
      if (error instanceof DatabaseFileError)
        throw new DatabaseFileError(error.message.replaceAll(downloaded, `${input.storage.url}${backup.name}`));
      throw error;
    }
  } finally {
    rmSync(downloaded, { force: true });
  }
}

/**
 * Deletes the backups the keep rule lets go at `now`, and nothing else (only names of the backup
 * shape are considered; the newest is always kept). Answers what it deleted and what is left.
 */
export async function applyRetention(
  storage: BackupStorage,
  rule: KeepRule,
  now: number,
): Promise<{ deleted: string[]; kept: number }> {
  const backups = await storedBackups(storage);
  const keep = backupsToKeep(backups, rule, now);
  const deleted: string[] = [];
  for (const backup of backups) {
    if (keep.has(backup)) continue;
    await storage.remove(backup.name);
    deleted.push(backup.name);
  }
  return { deleted, kept: keep.size };
}
