/**
 * Backups of the database and restoring one: `layerlift backup FILE` and `layerlift restore FILE` call
 * these. A backup is a consistent copy taken while the server runs; a restore replaces the database
 * only with a copy that passed SQLite's integrity check and reached the current schema.
 */
import { Database } from "bun:sqlite";
import {
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname, resolve } from "node:path";
import { openDatabase, withWriter, type Db } from "../../db";
import { checkDatabaseAccess, DatabaseFileError, fileProblem, requireDatabaseNotInUse } from "../../db/file-checks";
import { RUN_STATE_KEYS } from "./state";

/** Table names and row counts of a database file, opened read-only. */
export function tableRowCounts(path: string): Array<{ table: string; rows: number }> {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
      .all();
    return tables.map(({ name }) => ({
      table: name,
      rows: db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${name}"`).get()!.n,
    }));
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
      verdict =
        db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()?.integrity_check ?? "no answer";
    } catch (error) {
      throw new DatabaseFileError(`${resolve(path)} is not a readable SQLite database: ${(error as Error).message}.`);
    }
    if (verdict !== "ok") throw new DatabaseFileError(`${resolve(path)} fails SQLite's integrity check: ${verdict}.`);
    const names = new Set(
      db
        .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    );
    if (!names.has("__drizzle_migrations") || !names.has("users"))
      throw new DatabaseFileError(`${resolve(path)} is a SQLite database, but not a Layerlift one.`);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the live database (VACUUM INTO) at `target`: never over an existing file,
 * readable by its owner only (it holds password hashes and keys), and checked after it is written.
 */
export async function backupDatabase(
  databasePath: string,
  target: string,
): Promise<{ bytes: number; tables: Array<{ table: string; rows: number }> }> {
  const db = openDatabase(databasePath);
  try {
    if (existsSync(target))
      throw new DatabaseFileError(
        `${resolve(target)} already exists; a backup never overwrites a file. Choose a new name.`,
      );
    try {
      mkdirSync(dirname(resolve(target)), { recursive: true });
      closeSync(openSync(target, "wx", 0o600)); // an empty file only we may read: VACUUM INTO fills it
    } catch (error) {
      throw new DatabaseFileError(`Can't write the backup ${resolve(target)}: ${fileProblem(error)}.`);
    }
    try {
      await withWriter(db, (writer) => writer.run("VACUUM INTO ?", [target]));
      checkDatabaseFile(target);
    } catch (error) {
      rmSync(target, { force: true });
      if (error instanceof DatabaseFileError) throw error;
      throw new DatabaseFileError(`The backup to ${resolve(target)} failed: ${(error as Error).message}.`);
    }
  } finally {
    db.$client.close();
  }
  return { bytes: statSync(target).size, tables: tableRowCounts(target) };
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
  const tables = db
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all();
  return new Map(
    tables.map(({ name }) => [
      name,
      db
        .query<{ name: string }, []>(`PRAGMA table_info("${name}")`)
        .all()
        .map((c) => c.name),
    ]),
  );
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

/**
 * Opens a copy of a backup as the server opens a database (which applies the pending migrations) and
 * checks that it then has every table and column of the current schema. `label` names the backup in
 * the sentences, `consequence` ends them (", so nothing was restored").
 */
export function migrateCopy(path: string, label: string, consequence = ""): Db {
  let migrated: Db;
  try {
    migrated = openDatabase(path);
  } catch (error) {
    throw new DatabaseFileError(
      `${label} can't be brought up to the current schema (${firstLine(error)})${consequence}.`,
    );
  }
  const reference = openDatabase(":memory:");
  try {
    // Plain reads of files nothing else writes: the raw connections will do.
    const missing = missingFromSchema(migrated.$client.reader, reference.$client.reader);
    if (missing) {
      migrated.$client.close();
      throw new DatabaseFileError(
        `${label} does not match the current schema after its migrations (${missing})${consequence}.`,
      );
    }
  } finally {
    reference.$client.close();
  }
  return migrated;
}

/** The stored backup a restore came from: its name, when it was taken and its stored size. */
export interface RestoredBackup {
  name: string;
  takenAt: number;
  size: number;
}

/**
 * Drops the backed-up server's run state from a restored copy, and records the backup it came from as
 * the newest good one: that run finished after the copy was taken, so the copy can't know of it. The
 * schedule then goes on from it, and health names the backup the site was restored from.
 */
function forgetRunState(copy: Database, from: RestoredBackup | null) {
  const keys = RUN_STATE_KEYS.map(() => "?").join(", ");
  copy.run(`DELETE FROM app_settings WHERE key IN (${keys})`, [...RUN_STATE_KEYS]);
  if (!from) return;
  copy.run(
    `INSERT INTO backup_runs (kind, started_at, finished_at, ok, object_name, bytes)
     SELECT 'backup', ?1, ?1, 1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM backup_runs WHERE kind = 'backup' AND object_name = ?2)`,
    [from.takenAt, from.name, from.size],
  );
}

export const removeWithJournal = (path: string) => {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(path + suffix, { force: true });
};

/**
 * Replaces the database at `databasePath` with the backup `file`. Nothing is moved until a copy of
 * the backup, beside the database, has passed SQLite's integrity check and been migrated to the
 * current schema (opened as the server opens it, which migrates it); then that copy is renamed over the
 * database in one step. Refuses the live database itself and a database a server has open. On any
 * failure the database is as it was; the file it replaced is kept beside it (`keptAs`).
 */
export function restoreDatabase(
  file: string,
  databasePath: string,
  now: Date,
  from: RestoredBackup | null = null,
): { keptAs: string | null } {
  if (!existsSync(file)) throw new DatabaseFileError(`No backup at ${resolve(file)}.`);
  if (existsSync(databasePath) && sameFile(file, databasePath)) {
    throw new DatabaseFileError(
      `${resolve(file)} is the database itself (the same file as ${resolve(databasePath)}); restore from a backup made with \`layerlift backup\`.`,
    );
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
      throw new DatabaseFileError(`Can't copy ${resolve(file)} beside the database: ${fileProblem(error)}.`);
    }
    checkDatabaseFile(candidate);
    migrateCopy(candidate, resolve(file), ", so nothing was restored").$client.close();
    // One self-contained file to move: no write-ahead log beside it. On a connection of its own: leaving
    // WAL needs the file to itself, and the handle's reader would hold it.
    const single = new Database(candidate);
    try {
      forgetRunState(single, from);
      single.run("PRAGMA journal_mode = DELETE");
    } finally {
      single.close();
    }
    let keptAs: string | null = null;
    if (existsSync(databasePath)) {
      keptAs = `${databasePath}.before-restore-${stamp}`;
      try {
        // A second name for the live file: the database stays where it is until the rename below replaces it.
        try {
          linkSync(databasePath, keptAs);
        } catch {
          copyFileSync(databasePath, keptAs);
        }
      } catch (error) {
        rmSync(keptAs, { force: true });
        throw new DatabaseFileError(`Can't keep the current database as ${resolve(keptAs)}: ${fileProblem(error)}.`);
      }
    }
    try {
      renameSync(candidate, databasePath);
    } catch (error) {
      if (keptAs) rmSync(keptAs, { force: true });
      throw new DatabaseFileError(
        `Can't put the restored database in place at ${resolve(databasePath)}: ${fileProblem(error)}.`,
      );
    }
    // The live file was not in use and was taken out of WAL mode, so no journal of it is left; none may meet the new file.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(databasePath + suffix, { force: true });
    return { keptAs };
  } finally {
    removeWithJournal(candidate);
  }
}
