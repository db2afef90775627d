/**
 * The database as a file an operator handles: checking it exists and can be opened, backing it up,
 * restoring a backup, and telling whether a server has it open. Problems are one sentence
 * with the path and the likely cause, never a stack trace.
 */
import { Database } from "bun:sqlite";
import { accessSync, closeSync, constants, copyFileSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

export class DatabaseFileError extends Error {}

/** The likely cause of a file-system error, in words. */
function cause(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied: the user running Layerlift can't read or write there";
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
    throw new DatabaseFileError(`No database at ${resolve(path)}. Pass --db PATH or set DATABASE_PATH to the server's database (\`layerlift migrate\` creates a new one).`);
  }
}

/** Checks that the database's folder can be created and written, and the file read and written, before SQLite tries. */
export function checkDatabaseAccess(path: string): void {
  if (path === ":memory:") return;
  const folder = dirname(resolve(path));
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new DatabaseFileError(`Can't create the database folder ${folder}: ${cause(error)}.`);
  }
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
    if (existsSync(path)) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new DatabaseFileError(`Can't use the database ${resolve(path)}: ${cause(error)}.`);
  }
}

/** Wraps SQLite's own open failures (SQLITE_CANTOPEN and the like) in one sentence. */
export function openFailure(path: string, error: unknown): DatabaseFileError {
  const message = (error as Error).message ?? String(error);
  return new DatabaseFileError(`Can't open the database ${resolve(path)} (${message}). Check that the folder exists and that the user running Layerlift may read and write it.`);
}

/** Table names and row counts of a database file, opened read-only. */
export function tableRowCounts(path: string): Array<{ table: string; rows: number }> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name").all();
    return tables.map(({ name }) => ({ table: name, rows: db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${name}"`).get()!.n }));
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` of a file, and whether it is a Layerlift database (its migrations table and users). */
export function checkDatabaseFile(path: string): void {
  let db: Database;
  try {
    db = new Database(path, { readonly: true });
  } catch (error) {
    throw new DatabaseFileError(`Can't open ${resolve(path)} as a database: ${(error as Error).message}.`);
  }
  try {
    let verdict: string;
    try {
      verdict = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()?.integrity_check ?? "no answer";
    } catch (error) {
      throw new DatabaseFileError(`${resolve(path)} is not a readable SQLite database: ${(error as Error).message}.`);
    }
    if (verdict !== "ok") throw new DatabaseFileError(`${resolve(path)} fails SQLite's integrity check: ${verdict}.`);
    const names = new Set(db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name));
    if (!names.has("__drizzle_migrations") || !names.has("users")) throw new DatabaseFileError(`${resolve(path)} is a SQLite database, but not a Layerlift one.`);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the live database (VACUUM INTO) at `target`: never over an existing file,
 * readable by its owner only (it holds password hashes and keys), and checked after it is written.
 */
export function backupDatabase(client: Database, target: string): { bytes: number; tables: Array<{ table: string; rows: number }> } {
  if (existsSync(target)) throw new DatabaseFileError(`${resolve(target)} already exists; a backup never overwrites a file. Choose a new name.`);
  try {
    mkdirSync(dirname(resolve(target)), { recursive: true });
    closeSync(openSync(target, "wx", 0o600)); // an empty file only we may read: VACUUM INTO fills it
  } catch (error) {
    throw new DatabaseFileError(`Can't write the backup ${resolve(target)}: ${cause(error)}.`);
  }
  try {
    client.run("VACUUM INTO ?", [target]);
    checkDatabaseFile(target);
  } catch (error) {
    rmSync(target, { force: true });
    if (error instanceof DatabaseFileError) throw error;
    throw new DatabaseFileError(`The backup to ${resolve(target)} failed: ${(error as Error).message}.`);
  }
  return { bytes: statSync(target).size, tables: tableRowCounts(target) };
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
  if (databaseInUse(path)) throw new DatabaseFileError(`Another process (a running Layerlift server?) has ${resolve(path)} open. Stop it first, then ${doing}.`);
}

/**
 * Replaces the database at `databasePath` with the backup `file`, after checking it. Refuses while a
 * server uses the database. The replaced file is kept beside it, renamed, never deleted.
 */
export function restoreDatabase(file: string, databasePath: string, now: Date): { keptAs: string | null } {
  if (!existsSync(file)) throw new DatabaseFileError(`No backup at ${resolve(file)}.`);
  checkDatabaseFile(file);
  checkDatabaseAccess(databasePath);
  // Also folds the write-ahead log into the file, so the file kept aside is the whole database.
  requireDatabaseNotInUse(databasePath, "restore");
  let keptAs: string | null = null;
  if (existsSync(databasePath)) {
    keptAs = `${databasePath}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    renameSync(databasePath, keptAs);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(databasePath + suffix, { force: true });
  copyFileSync(file, databasePath);
  return { keptAs };
}
