/** `layerlift copy-database --to postgres://…`: a stopped site's SQLite file copied into an empty PostgreSQL database. */
import { DatabaseUnreachableError, parsePostgresTarget } from "../config/postgres";
import { tableLine, textOption, UsageError, type Command } from "./command";

export const copyDatabaseCommand: Command = {
  usage: `  layerlift copy-database --to postgres://…           copy the stopped site's SQLite database (--db) into
                                                      an empty PostgreSQL database, then check the copy`,
  options: { to: { type: "string" } },
  // It reads its own --db and --to, not the site's configuration.
  database: "none",
  async run({ values, env }) {
    const to = textOption(values, "to");
    if (!to) throw new UsageError("copy-database needs --to postgres://user:password@host:5432/database");
    const problems: string[] = [];
    const target = parsePostgresTarget(to, (name) => (name === "DATABASE_URL" ? undefined : env[name]), problems);
    if (!target || problems.length) throw new UsageError(problems.join("; ").replace(/DATABASE_URL/g, "--to"));
    const sourcePath = textOption(values, "db") ?? env.DATABASE_PATH ?? "./data/layerlift.db";
    console.log(`Copying ${sourcePath} to PostgreSQL at ${target.where}:`);
    // Loaded here: every start of the program reads this file, and only this command needs the copier.
    const { CopyFailedError, CopyRefusedError, copyToPostgres } = await import("./copy-to-postgres");
    try {
      const report = await copyToPostgres({
        sourcePath,
        target,
        onTable: (table, rows) => console.log(tableLine(table, rows)),
      });
      console.log(
        `Copied ${report.totalRows} rows in ${report.tables.length} tables in ${(report.milliseconds / 1000).toFixed(1)} s. ` +
          `The row counts match table by table, and the books match the sales (${report.booksRows} day-and-plan rows).`,
      );
      console.log(`Start the site with DATABASE_URL set to this database.`);
      return 0;
    } catch (error) {
      if (error instanceof CopyRefusedError || error instanceof CopyFailedError) {
        console.error(error.message);
        return 1;
      }
      // The address came from --to, not from the site's DATABASE_URL.
      if (error instanceof DatabaseUnreachableError) {
        console.error(error.message.replace("Check DATABASE_URL", "Check --to"));
        return 1;
      }
      throw error;
    }
  },
};
