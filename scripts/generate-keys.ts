/**
 * Offline key generation from the repository: `bun scripts/generate-keys.ts --plan pro --count 10 [--db PATH]`.
 * The same function as `layerlift keys generate` and the admin panel.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../src/db";
import { generateProductKeys } from "../src/features/product-keys/service";
import { systemClock } from "../src/lib/clock";
import { isPlanId, PLAN_IDS } from "../src/shared/plans";

const { values } = parseArgs({
  options: { plan: { type: "string" }, count: { type: "string" }, db: { type: "string" } },
});
if (!isPlanId(values.plan)) {
  console.error(`--plan must be one of ${PLAN_IDS.join(", ")}`);
  process.exit(2);
}
const db = openDatabase(values.db ?? process.env.DATABASE_PATH ?? "./data/layerlift.db");
try {
  const keys = await generateProductKeys(db, systemClock.now(), {
    plan: values.plan,
    count: Number(values.count ?? 1),
    source: "cli",
  });
  for (const key of keys) console.log(key.key);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
