/**
 * The database as a file an operator handles: checking it exists and can be opened, backing it up,
 * restoring a backup, and telling whether a server has it open. Problems are one sentence
 * with the path and the likely cause, never a stack trace.
 */
import { Database } from "bun:sqlite";
import { accessSync, closeSync, constants, copyFileSync, existsSync, linkSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

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

/** The first line of what went wrong (SQLite's own words when a library wrapped them), without a trailing stop. */
function firstLine(error: unknown): string {
  const inner = (error as { cause?: unknown }).cause;
  const message = (inner instanceof Error ? inner.message : (error as Error).message) ?? String(error);
  return message.split("\n")[0].trim().replace(/\.$/, "");
}

/** Whether two paths name the same file: the same path, a symlink to it or a hard link (same device and inode). */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const [first, second] = [statSync(a), statSync(b)];
    return first.dev === second.dev && first.ino === second.ino;
  } catch {
    return false;
  }
}

/** Table → column names, of an open database. */
function tableColumns(db: Database): Map<string, string[]> {
  const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all();
  return new Map(tables.map(({ name }) => [name, db.query<{ name: string }, []>(`PRAGMA table_info("${name}")`).all().map((c) => c.name)]));
}

/** What is missing from `candidate` that a database of the current schema has, in a few words; null when nothing is. */
function missingFromSchema(candidate: Database, current: Database): string | null {
  const have = tableColumns(candidate);
  for (const [table, columns] of tableColumns(current)) {
    const found = have.get(table);
    if (!found) return `it has no ${table} table`;
    const missing = columns.find((column) => !found.includes(column));
    if (missing) return `its ${table} table has no ${missing} column`;
  }
  return null;
}

const removeWithJournal = (path: string) => { for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true }); };

/**
 * Replaces the database at `databasePath` with the backup `file`. Nothing is moved until a copy of
 * the backup, beside the database, has passed SQLite's integrity check and been migrated to the
 * current schema (`migrate` opens it, as the server would); then that copy is renamed over the
 * database in one step. Refuses the live database itself and a database a server has open. On any
 * failure the database is as it was; the file it replaced is kept beside it (`keptAs`).
 */
export function restoreDatabase(
  file: string,
  databasePath: string,
  now: Date,
  migrate: (path: string) => { $client: Database },
): { keptAs: string | null } {
  if (!existsSync(file)) throw new DatabaseFileError(`No backup at ${resolve(file)}.`);
  if (existsSync(databasePath) && sameFile(file, databasePath)) {
    throw new DatabaseFileError(`${resolve(file)} is the database itself (the same file as ${resolve(databasePath)}); restore from a backup made with \`layerlift backup\`.`);
  }
  checkDatabaseFile(file);
  checkDatabaseAccess(databasePath);
  // Also folds the write-ahead log into the file, so the file kept aside is the whole database.
  requireDatabaseNotInUse(databasePath, "restore");
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  // Beside the database, so the final rename stays on one file system and is atomic.
  const candidate = `${databasePath}.restoring-${stamp}`;
  try {
    try {
      copyFileSync(file, candidate);
    } catch (error) {
      throw new DatabaseFileError(`Can't copy ${resolve(file)} beside the database: ${cause(error)}.`);
    }
    checkDatabaseFile(candidate);
    let migrated: { $client: Database };
    try {
      migrated = migrate(candidate);
    } catch (error) {
      throw new DatabaseFileError(`${resolve(file)} can't be brought up to the current schema (${firstLine(error)}), so nothing was restored.`);
    }
    const reference = migrate(":memory:");
    try {
      const missing = missingFromSchema(migrated.$client, reference.$client);
      if (missing) throw new DatabaseFileError(`${resolve(file)} does not match the current schema after its migrations (${missing}), so nothing was restored.`);
      // One self-contained file to move: no write-ahead log beside it.
      migrated.$client.run("PRAGMA journal_mode = DELETE");
    } finally {
      migrated.$client.close();
      reference.$client.close();
    }
    let keptAs: string | null = null;
    if (existsSync(databasePath)) {
      keptAs = `${databasePath}.before-restore-${stamp}`;
      try {
        // A second name for the live file: the database stays where it is until the rename below replaces it.
        try { linkSync(databasePath, keptAs); } catch { copyFileSync(databasePath, keptAs); }
      } catch (error) {
        rmSync(keptAs, { force: true });
        throw new DatabaseFileError(`Can't keep the current database as ${resolve(keptAs)}: ${cause(error)}.`);
      }
    }
    try {
      renameSync(candidate, databasePath);
    } catch (error) {
      if (keptAs) rmSync(keptAs, { force: true });
      throw new DatabaseFileError(`Can't put the restored database in place at ${resolve(databasePath)}: ${cause(error)}.`);
    }
    // The live file was not in use and was taken out of WAL mode, so no journal of it is left; none may meet the new file.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(databasePath + suffix, { force: true });
    return { keptAs };
  } finally {
    removeWithJournal(candidate);
  }
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
    kept = readdirSync(folder).filter((name) => name.startsWith(prefix)).sort();
  } catch {
    return;
  }
  const newest = kept.at(-1);
  if (!newest) return;
  const path = join(folder, newest);
  throw new DatabaseFileError(`No database at ${resolve(databasePath)}, but ${path} was kept beside it by a restore; put it back (mv "${path}" "${resolve(databasePath)}") or restore a backup before starting.`);
}
