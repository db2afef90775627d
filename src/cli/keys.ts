/** `layerlift keys generate|list`: product keys, made by the same function as the admin panel's. */
import { systemClock } from "../lib/clock";
import { flagOption, planOption, textOption, UsageError, type Command } from "./command";

export const keysCommand: Command = {
  usage: `  layerlift keys generate --plan PLAN --count N       make N product keys, print one per line
  layerlift keys list [--plan PLAN] [--unused]        list product keys`,
  options: { plan: { type: "string" }, count: { type: "string" }, unused: { type: "boolean" } },
  database: "existing",
  async run({ config, words: [sub], values }) {
    const { openConfiguredDatabase } = await import("../db");
    const { generateProductKeys, listProductKeys } = await import("../features/product-keys/service");
    const db = await openConfiguredDatabase(config);
    if (sub === "generate") {
      const count = Number(textOption(values, "count") ?? 1);
      const keys = await generateProductKeys(db, systemClock.now(), {
        plan: planOption(textOption(values, "plan"), true),
        count,
        source: "cli",
      });
      for (const key of keys) console.log(key.key);
      return 0;
    }
    if (sub === "list") {
      const keys = await listProductKeys(db, {
        plan: planOption(textOption(values, "plan"), false),
        unused: flagOption(values, "unused"),
      });
      for (const k of keys)
        console.log(`${k.key}\t${k.plan}\t${k.isUsed ? "used" : "available"}\t${new Date(k.createdAt).toISOString()}`);
      return 0;
    }
    throw new UsageError("keys takes generate or list");
  },
};
