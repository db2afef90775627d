/**
 * `layerlift migrate`, `backup FILE` and `restore FILE` (or to and from S3-compatible storage): the database
 * file itself. On PostgreSQL migrate works there; backup and restore print what to use instead and exit 1.
 * Like every command, each imports what it runs inside `run` (src/cli/command.ts).
 */
import { backupToStorageCommand, formatBytes, refusedOnPostgres, restoreFromStorageCommand } from "./backups";
import { tableLine, textOption, UsageError, type Command } from "./command";

export const migrateCommand: Command = {
  usage: "  layerlift migrate                                   apply database migrations and exit",
  database: "any",
  async run({ config }) {
    const { closeDatabase, databaseLabel, openConfiguredDatabase } = await import("../db");
    await closeDatabase(await openConfiguredDatabase(config));
    console.log(`Database ${databaseLabel(config)} is up to date.`);
    return 0;
  },
};

export const backupCommand: Command = {
  usage: `  layerlift backup FILE                               consistent copy of the database (never overwrites)
  layerlift backup --to s3://BUCKET/PREFIX            the same copy, compressed (and encrypted with
                                                      BACKUP_PASSPHRASE) to S3-compatible storage`,
  options: { to: { type: "string" } },
  database: "existing",
  async run({ config, words: [file], values }) {
    const refused = refusedOnPostgres(config, "backup");
    if (refused) return refused;
    const to = textOption(values, "to");
    if (to !== undefined) {
      if (file) throw new UsageError("backup takes a FILE or --to s3://BUCKET/PREFIX, not both");
      return backupToStorageCommand(config, to);
    }
    if (!file) throw new UsageError("backup needs a destination FILE (or --to s3://BUCKET/PREFIX)");
    const { backupDatabase } = await import("../features/backups/service");
    const { bytes, tables } = await backupDatabase(config.databasePath, file);
    console.log(
      `Backed up ${config.databasePath} to ${file}: ${formatBytes(bytes)}, integrity check ok, readable by its owner only.`,
    );
    for (const { table, rows } of tables) console.log(tableLine(table, rows));
    return 0;
  },
};

export const restoreCommand: Command = {
  usage: `  layerlift restore FILE                              replace the database with a backup (server stopped)
  layerlift restore --from s3://BUCKET/PREFIX/latest  the same from storage: the newest backup, or one by
                                                      name (downloaded and checked first)`,
  options: { from: { type: "string" } },
  database: "any",
  async run({ config, words: [file], values }) {
    const refused = refusedOnPostgres(config, "restore");
    if (refused) return refused;
    const from = textOption(values, "from");
    if (from !== undefined) {
      if (file) throw new UsageError("restore takes a FILE or --from s3://…, not both");
      return restoreFromStorageCommand(config, from);
    }
    if (!file) throw new UsageError("restore needs the backup FILE (or --from s3://BUCKET/PREFIX/latest)");
    const { restoreDatabase, tableRowCounts } = await import("../features/backups/service");
    const { keptAs } = await restoreDatabase(file, config.databasePath, new Date());
    console.log(
      `Restored ${config.databasePath} from ${file}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : " There was no database there before."}`,
    );
    for (const { table, rows } of await tableRowCounts(config.databasePath)) console.log(tableLine(table, rows));
    return 0;
  },
};
