/**
 * The restore drill (`layerlift backups verify`, and the server once a day): the answer to "would our
 * backup actually work?". It restores the newest complete backup into a working file — downloaded and
 * checked as a restore does —, runs SQLite's integrity check, the migrations and the books check on
 * it, and reports its age and row counts. The working file is removed afterwards; the live database
 * is never touched.
 */
import { rmSync } from "node:fs";
import { checkBooks } from "../daily-ledger/service";
import { downloadBackup, findBackup, OffsiteBackupError } from "./offsite";
import { workFilePath } from "./work-file";
import { checkDatabaseFile, migrateCopy, removeWithJournal, tableRowCounts } from "./service";
import type { BackupStorage } from "./storage";
import { DatabaseFileError } from "../../db/file-checks";

export interface DrillReport {
  name: string;
  takenAt: number;
  /** How old the backup was when the drill ran. */
  ageMs: number;
  tables: Array<{ table: string; rows: number }>;
  /** Day-and-plan rows of the books that matched the sales. */
  bookRows: number;
}

export async function drillNewestBackup(input: {
  storage: BackupStorage;
  passphrase: string | null;
  databasePath: string;
  now: number;
  /** Where to restore it (default: beside the database). */
  workFile?: string;
}): Promise<DrillReport> {
  const backup = await findBackup(input.storage, "latest");
  const url = `${input.storage.url}${backup.name}`;
  const restored = input.workFile ?? workFilePath(input.databasePath, "drill", input.now);
  try {
    await downloadBackup(input.storage, backup, input.passphrase, restored);
    try {
      checkDatabaseFile(restored);
    } catch (error) {
      if (error instanceof DatabaseFileError) throw new OffsiteBackupError(error.message.replaceAll(restored, url));
      throw error;
    }
    let db: ReturnType<typeof migrateCopy>;
    try {
      db = migrateCopy(restored, url);
    } catch (error) {
      if (error instanceof DatabaseFileError) throw new OffsiteBackupError(error.message);
      throw error;
    }
    let bookRows: number;
    try {
      const books = await checkBooks(db);
      if (!books.matched)
        throw new OffsiteBackupError(
          `${url} restores, but its books differ from its sales in ${books.differences.length} ${books.differences.length === 1 ? "place" : "places"} (run \`layerlift books check\` on the live database).`,
        );
      bookRows = books.rows;
    } finally {
      db.$client.close();
    }
    return {
      name: backup.name,
      takenAt: backup.takenAt,
      ageMs: input.now - backup.takenAt,
      tables: tableRowCounts(restored),
      bookRows,
    };
  } finally {
    removeWithJournal(restored);
    rmSync(restored, { force: true });
  }
}
