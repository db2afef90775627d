/**
 * The database as a file an operator handles: checking it exists and can be used, wrapping SQLite's
 * open failures, telling whether a server has it open, and refusing a start after a restore lost it.
 * Problems are one sentence with the path and the likely cause, never a stack trace.
 */
import { Database } from "bun:sqlite";
import { accessSync, constants, existsSync, mkdirSync, readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

export class DatabaseFileError extends Error {}

/** The likely cause of a file-system error, in words. */
export function fileProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "EACCES" || code === "EPERM")
    return "permission denied: the user running Layerlift can't read or write there";
  if (code === "EROFS") return "the file system is mounted read-only";
  if (code === "ENOENT") return "a folder on the way does not exist";
  if (code === "ENOTDIR" || code === "EEXIST") return "a part of the path is a file, not a folder";
  if (code === "ENOSPC") return "the disk is full";
  return (error as Error).message ?? String(error);
}

/** Refuses a database path that does not exist, naming where it looked. */
export function requireExistingDatabase(path: string): void {
  if (path === ":memory:") return;
  if (!existsSync(path)) {
    throw new DatabaseFileError(
      `No database at ${resolve(path)}. Pass --db PATH or set DATABASE_PATH to the server's database (\`layerlift migrate\` creates a new one).`,
    );
  }
}

/** Checks that the database's folder can be created and written, and the file read and written, before SQLite tries. */
export function checkDatabaseAccess(path: string): void {
  if (path === ":memory:") return;
  const folder = dirname(resolve(path));
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new DatabaseFileError(`Can't create the database folder ${folder}: ${fileProblem(error)}.`);
  }
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
    if (existsSync(path)) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new DatabaseFileError(`Can't use the database ${resolve(path)}: ${fileProblem(error)}.`);
  }
}

/** Wraps SQLite's own open failures (SQLITE_CANTOPEN and the like) in one sentence. */
export function openFailure(path: string, error: unknown): DatabaseFileError {
  const message = (error as Error).message ?? String(error);
  return new DatabaseFileError(
    `Can't open the database ${resolve(path)} (${message}). Check that the folder exists and that the user running Layerlift may read and write it.`,
  );
}

/**
 * True while another process (a running server) has the database open. SQLite lets a connection
 * take a database out of WAL mode only when no other connection has it open, and its file locks
 * hold across containers that share the volume, unlike a process id.
 */
export function databaseInUse(path: string): boolean {
  if (path === ":memory:" || !existsSync(path)) return false;
  let probe: Database;
  try {
    probe = new Database(path);
  } catch (error) {
    throw openFailure(path, error);
  }
  try {
    probe.run("PRAGMA busy_timeout = 0");
    probe.run("PRAGMA journal_mode = DELETE");
    return false;
  } catch (error) {
    if (/locked|busy/i.test((error as Error).message)) return true;
    throw openFailure(path, error);
  } finally {
    probe.close();
  }
}

/** Refuses to go on while another process has the database open. */
export function requireDatabaseNotInUse(path: string, doing: string): void {
  if (databaseInUse(path))
    throw new DatabaseFileError(
      `Another process (a running Layerlift server?) has ${resolve(path)} open. Stop it first, then ${doing}.`,
    );
}

/**
 * A production start with no database, but one kept aside by a restore beside it: a restore (or a
 * hand) left the site without its data. Starting would serve an empty site, so it is refused with
 * the file to put back. A new site (nothing beside it) starts as always.
 */
export function refuseMissingAfterRestore(databasePath: string): void {
  if (databasePath === ":memory:" || existsSync(databasePath)) return;
  const folder = dirname(resolve(databasePath));
  const prefix = `${basename(databasePath)}.before-restore-`;
  let kept: string[];
  try {
    kept = readdirSync(folder)
      .filter((name) => name.startsWith(prefix))
      .sort();
  } catch {
    return;
  }
  const newest = kept.at(-1);
  if (!newest) return;
  const path = join(folder, newest);
  throw new DatabaseFileError(
    `No database at ${resolve(databasePath)}, but ${path} was kept beside it by a restore; put it back (mv "${path}" "${resolve(databasePath)}") or restore a backup before starting.`,
  );
}
