/** `layerlift migrate`, `backup FILE` and `restore FILE`: the database file itself. */
import { openDatabase } from "../db";
import { backupDatabase, restoreDatabase, tableRowCounts } from "../features/backups/service";
import { tableLine, UsageError, type Command } from "./command";

export const migrateCommand: Command = {
  usage: "  layerlift migrate                                   apply database migrations and exit",
  database: "any",
  run({ config }) {
    openDatabase(config.databasePath).$client.close();
    console.log(`Database ${config.databasePath} is up to date.`);
    return 0;
  },
};

export const backupCommand: Command = {
  usage: "  layerlift backup FILE                               consistent copy of the database (never overwrites)",
  database: "existing",
  run({ config, words: [file] }) {
    if (!file) throw new UsageError("backup needs a destination FILE");
    const { bytes, tables } = backupDatabase(config.databasePath, file);
    console.log(
      `Backed up ${config.databasePath} to ${file}: ${formatBytes(bytes)}, integrity check ok, readable by its owner only.`,
    );
    for (const { table, rows } of tables) console.log(tableLine(table, rows));
    return 0;
  },
};

export const restoreCommand: Command = {
  usage: "  layerlift restore FILE                              replace the database with a backup (server stopped)",
  database: "any",
  run({ config, words: [file] }) {
    if (!file) throw new UsageError("restore needs the backup FILE");
    const { keptAs } = restoreDatabase(file, config.databasePath, new Date());
    console.log(
      `Restored ${config.databasePath} from ${file}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : " There was no database there before."}`,
    );
    for (const { table, rows } of tableRowCounts(config.databasePath)) console.log(tableLine(table, rows));
    return 0;
  },
};

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
