/** `layerlift seed-scale`: an empty database filled with made-up history, for measuring at scale. */
import { tableLine, textOption, UsageError, type Command } from "./command";

export const seedScaleCommand: Command = {
  usage: `  layerlift seed-scale --users N --sales M            fill an empty database with N accounts and M sales
                                                      of made-up history (development and test only)`,
  options: { users: { type: "string" }, sales: { type: "string" } },
  database: "any",
  async run({ config, values }) {
    const users = textOption(values, "users");
    if (users === undefined) throw new UsageError("seed-scale needs --users N (and --sales M)");
    const { closeDatabase, databaseLabel, openConfiguredDatabase } = await import("../db");
    const { SeedRefusedError, seedScale } = await import("../features/seed/scale");
    const db = await openConfiguredDatabase(config);
    try {
      const result = await seedScale(db, {
        users: Number(users),
        sales: Number(textOption(values, "sales") ?? 0),
        env: config.env,
      });
      console.log(
        `Seeded ${databaseLabel(config)} in ${(result.ms / 1000).toFixed(1)} s. Sign in as ${result.adminEmail} / ${result.password} (every account has this password).`,
      );
      for (const [table, rows] of Object.entries(result.rows)) console.log(tableLine(table, rows));
      return 0;
    } catch (error) {
      if (error instanceof SeedRefusedError) {
        console.error(error.message);
        return 1;
      }
      throw error;
    } finally {
      await closeDatabase(db);
    }
  },
};
