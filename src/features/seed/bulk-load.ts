/**
 * Writing a large number of rows at once (seed-scale): SQLite builds an index in one sort far faster
 * than it inserts row after row into it, and a trigger that keeps a summary costs a statement per row.
 * So the tables' indexes and the named triggers are dropped before the load, and afterwards the
 * indexes are built again, the summaries those triggers keep are rebuilt from the rows in one statement
 * each, and the triggers come back. Each index and trigger comes back from its own SQL as
 * sqlite_master held it, so the schema ends exactly as the migrations made it.
 *
 * Run it inside a transaction: a load that fails then leaves every index and trigger where it was.
 */
import type { Database } from "bun:sqlite";

interface SchemaObject {
  type: "index" | "trigger";
  name: string;
  sql: string;
}

export interface BulkLoadPlan {
  /** The tables written: each of their indexes is built after the load instead of during it. */
  tables: readonly string[];
  /** The triggers off during the load (by name); `rebuild` must make what they keep right again. */
  triggers: RegExp;
  /** Rebuilds, from the rows, everything the dropped triggers keep. Runs after the indexes are back. */
  rebuild: () => void;
}

export function withoutIndexesAndTriggers<T>(client: Database, plan: BulkLoadPlan, load: () => T): T {
  if (!client.inTransaction)
    throw new Error("A bulk load runs inside a transaction, so a failure puts every index and trigger back.");
  const quoted = plan.tables.map((t) => `'${t.replaceAll("'", "''")}'`).join(", ");
  const objects = (
    client
      .query(
        `SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN (${quoted}) AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
      )
      .all() as SchemaObject[]
  ).filter((o) => o.type === "index" || plan.triggers.test(o.name));
  for (const o of objects)
    client.run(`DROP ${o.type === "index" ? "INDEX" : "TRIGGER"} "${o.name.replaceAll('"', '""')}"`);
  const result = load();
  for (const o of objects) if (o.type === "index") client.run(o.sql);
  plan.rebuild();
  for (const o of objects) if (o.type === "trigger") client.run(o.sql);
  return result;
}
