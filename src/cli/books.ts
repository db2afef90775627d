/** `layerlift books check [--repair]`: the daily books rebuilt from the sales and compared with the kept ones. */
import type { BooksCheck } from "../features/daily-ledger/service";
import { flagOption, UsageError, type Command } from "./command";

export const booksCommand: Command = {
  usage: `  layerlift books check [--repair]                    rebuild the daily books from the sales and say
                                                      whether they matched (--repair keeps the rebuilt ones)`,
  options: { repair: { type: "boolean" } },
  database: "existing",
  async run({ config, words: [sub], values }) {
    if (sub !== "check") throw new UsageError("books takes check");
    const { closeDatabase, openConfiguredDatabase } = await import("../db");
    const { checkBooks } = await import("../features/daily-ledger/service");
    const db = await openConfiguredDatabase(config);
    let result: BooksCheck;
    try {
      result = await checkBooks(db, { repair: flagOption(values, "repair") });
    } finally {
      await closeDatabase(db);
    }
    if (result.matched) {
      console.log(
        `The books match the sales: ${result.rows} day-and-plan ${result.rows === 1 ? "row" : "rows"} checked.`,
      );
      return 0;
    }
    console.log(
      `The books differ from the sales in ${result.differences.length} ${result.differences.length === 1 ? "place" : "places"}:`,
    );
    for (const d of result.differences)
      console.log(`  ${d.day}\t${d.plan}\t${d.column}\tkept ${d.kept}\tfrom the sales ${d.fromSales}`);
    console.log(
      result.repaired
        ? "Repaired: the books now hold what the sales add up to."
        : "Run `layerlift books check --repair` to rebuild them from the sales.",
    );
    return 1;
  },
};
