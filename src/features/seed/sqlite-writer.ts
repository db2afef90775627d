/**
 * seed-scale's rows into SQLite, on the raw writer connection: one transaction of prepared statements, with
 * the seeded tables' indexes and the triggers that keep the books, the key counts and the user search off
 * while the rows go in. The indexes are built afterwards in one sort each and the three summaries rebuilt in
 * one statement each (bulk-load.ts), so `layerlift books check` matches.
 */
import type { Database } from "bun:sqlite";
import { rebuildBooks } from "../daily-ledger/service";
import { withoutIndexesAndTriggers } from "./bulk-load";
import { SEED_COLUMNS, SEED_JSON_COLUMNS, SEED_TABLES, type SeedRow, type SeedTable } from "./columns";

const SUMMARY_TRIGGERS = /^(books_sale_|product_key_counts_|users_email_search_)/;

/** Writes `rows` into the file behind `client`: the writer, under the gate (`withWriter`). */
export function writeSqliteSeed(client: Database, rows: Iterable<SeedRow>): void {
  const pragma = (name: string) => Object.values(client.query(`PRAGMA ${name}`).get() as Record<string, unknown>)[0];
  const kept = {
    cache_size: pragma("cache_size"),
    synchronous: pragma("synchronous"),
    temp_store: pragma("temp_store"),
  };
  // The index builds at the end sort a million rows each: a large page cache and sorts in memory keep them off the disk.
  client.run("PRAGMA cache_size = -262144");
  client.run("PRAGMA synchronous = OFF");
  client.run("PRAGMA temp_store = MEMORY");
  // The rollback journal in memory instead of the WAL: the new pages are written once, straight to the file, instead
  // of to the WAL and then again into the file. A failure still rolls back; a crash halfway can leave the file
  // unusable, which costs only this seed (it runs on an empty database). While another connection has the file
  // open (the server's reader, once it has read) SQLite refuses to leave WAL: the mode stays WAL, only slower.
  const journal = (mode: string) => {
    try {
      return (client.prepare(`PRAGMA journal_mode = ${mode}`).all() as { journal_mode: string }[])[0]?.journal_mode;
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") return undefined;
      throw error;
    }
  };
  const keptJournal = String(pragma("journal_mode"));
  journal("MEMORY");
  try {
    client
      .transaction(() =>
        withoutIndexesAndTriggers(
          client,
          {
            tables: SEED_TABLES,
            triggers: SUMMARY_TRIGGERS,
            rebuild: () => {
              rebuildBooks(client);
              client.run("INSERT INTO users_email_search(users_email_search) VALUES ('rebuild')");
            },
          },
          () => insertAll(client, rows),
        ),
      )
      .immediate();
  } finally {
    for (const [name, value] of Object.entries(kept)) client.run(`PRAGMA ${name} = ${Number(value)}`);
    journal(keptJournal);
  }
}

function insertAll(client: Database, rows: Iterable<SeedRow>) {
  const insert = Object.fromEntries(
    SEED_TABLES.map((table) => {
      const columns = SEED_COLUMNS[table];
      const statement = client.prepare(
        `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      // JSON is text on SQLite.
      const json = (SEED_JSON_COLUMNS[table] ?? []).map((c) => columns.indexOf(c as never));
      return [
        table,
        json.length
          ? (values: unknown[]) => {
              for (const at of json) values[at] = JSON.stringify(values[at]);
              statement.run(...(values as never[]));
            }
          : (values: unknown[]) => statement.run(...(values as never[])),
      ];
    }),
  ) as Record<SeedTable, (values: unknown[]) => void>;
  for (const [table, values] of rows) insert[table](values);
}
