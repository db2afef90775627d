/**
 * `layerlift copy-database`: a stopped site's SQLite file copied into an empty PostgreSQL database.
 *
 * The SQLite file is only read (read-only connection, one snapshot). The target is checked to hold no
 * rows before anything is written to it, then migrated, then filled in one transaction: every table in
 * foreign-key order, read in pages of rowids and written a page per statement, so memory stays flat at
 * any size. The summary triggers are off meanwhile; the books are rebuilt from the copied sales, each
 * identity is moved past the highest id, and after the commit the row counts are compared table by table
 * and the books are checked on the target.
 */
import { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { RUN_STATE_KEYS } from "../features/backups/state";
import { checkBooks, rebuildBooksStatements } from "../features/daily-ledger/service";
import {
  missingColumns,
  REBUILT_TABLES,
  siteTableNames,
  sourcePages,
  tablesInCopyOrder,
  type CopiedTable,
} from "./copy-tables";
import { requireDatabaseNotInUse } from "../db/file-checks";
import { closeDatabase, openPostgresDatabase, postgresPoolOf } from "../db/index";
import { openPostgres, type PostgresTarget } from "../db/postgres/connection";
import { postgresTables } from "../db/postgres/schema";

/** The copy was refused before anything was written anywhere. */
export class CopyRefusedError extends Error {}
/** The copy stopped after the target was written to: the operator drops it and creates it again. */
export class CopyFailedError extends Error {}

/** Tables whose triggers keep the rebuilt tables (drizzle/postgres/0001_books_triggers.sql). */
const SUMMARY_TRIGGER_TABLES = ["sales", "product_keys"];

export interface CopyOptions {
  sourcePath: string;
  target: PostgresTarget;
  /** Rows read and written at a time. */
  pageSize?: number;
  /** Called as each table is done, with the rows copied (or rebuilt). */
  onTable?: (table: string, rows: number) => void;
}

export interface CopyReport {
  tables: { name: string; rows: number; rebuilt: boolean }[];
  totalRows: number;
  milliseconds: number;
  /** The day-and-plan rows the books check found matching on the target. */
  booksRows: number;
}

const quoted = (name: string) => `"${name}"`;

export async function copyToPostgres(options: CopyOptions): Promise<CopyReport> {
  const started = performance.now();
  const { sourcePath, target, pageSize = 5_000 } = options;
  const source = openSource(sourcePath);
  try {
    const tables = tablesInCopyOrder();
    requireCurrentSchema(source, sourcePath, tables);
    await requireEmptyTarget(target);
    source.run("BEGIN");
    const sourceCounts = new Map(
      tables.map((table) => [
        table.name,
        (source.query(`SELECT count(*) AS n FROM ${quoted(table.name)}`).get() as { n: number }).n,
      ]),
    );
    const db = await openPostgresDatabase(target);
    try {
      const client = postgresPoolOf(db)!.client;
      let doing = "starting";
      try {
        await client.begin(async (tx) => {
          await tx.unsafe("SET LOCAL statement_timeout = 0");
          for (const name of SUMMARY_TRIGGER_TABLES)
            await tx.unsafe(`ALTER TABLE ${quoted(name)} DISABLE TRIGGER USER`);
          // The launch prices a migration put in; the site's own prices come with its rows.
          await tx.unsafe("DELETE FROM plan_prices");
          for (const table of tables) {
            doing = `copying ${table.name}`;
            await copyTable(source, tx, table, pageSize);
            if (table.name === "app_settings") await forgetRunState(tx, sourceCounts);
            options.onTable?.(table.name, sourceCounts.get(table.name)!);
          }
          doing = "moving the identities past the highest ids";
          await moveIdentitiesPastIds(tx);
          doing = "rebuilding the books";
          for (const statement of rebuildBooksStatements()) await tx.unsafe(statement);
          for (const name of SUMMARY_TRIGGER_TABLES) await tx.unsafe(`ALTER TABLE ${quoted(name)} ENABLE TRIGGER USER`);
        });
        doing = "comparing the row counts";
        const counts = await targetCounts(client, [...tables.map((table) => table.name), ...REBUILT_TABLES]);
        const differing = tables.filter((table) => counts.get(table.name) !== sourceCounts.get(table.name));
        if (differing.length)
          throw new Error(
            `row counts differ: ${differing.map((t) => `${t.name} ${sourceCounts.get(t.name)} in SQLite, ${counts.get(t.name)} in PostgreSQL`).join("; ")}`,
          );
        for (const name of REBUILT_TABLES) options.onTable?.(name, counts.get(name)!);
        doing = "checking the books";
        const books = await checkBooks(db);
        if (!books.matched) throw new Error(`the books differ from the sales in ${books.differences.length} places`);
        const report = tables.map((table) => ({ name: table.name, rows: counts.get(table.name)!, rebuilt: false }));
        for (const name of REBUILT_TABLES) report.push({ name, rows: counts.get(name)!, rebuilt: true });
        return {
          tables: report,
          totalRows: report.reduce((sum, table) => sum + table.rows, 0),
          milliseconds: performance.now() - started,
          booksRows: books.rows,
        };
      } catch (error) {
        const reason = ((error as Error).message ?? String(error)).replace(target.url, "…");
        throw new CopyFailedError(
          `The copy to PostgreSQL at ${target.where} stopped while ${doing} (${reason}); ${resolve(sourcePath)} was not changed, and the PostgreSQL database may hold part of the copy: drop it and create it empty again before another try.`,
        );
      }
    } finally {
      await closeDatabase(db);
    }
  } finally {
    source.close();
  }
}

/** The SQLite file, read-only, once it is known to exist and no server has it open. */
function openSource(path: string): Database {
  if (path === ":memory:" || !existsSync(path))
    throw new CopyRefusedError(
      `No SQLite database at ${resolve(path)} to copy: pass --db PATH (or set DATABASE_PATH) to the stopped site's database.`,
    );
  // A copy made while a server writes would miss the sales made after it began.
  requireDatabaseNotInUse(path, "copy it");
  return new Database(path, { readonly: true });
}

/** Refuses a file from before this version's migrations: its tables would lack columns PostgreSQL has. */
function requireCurrentSchema(source: Database, path: string, tables: CopiedTable[]) {
  for (const table of tables) {
    const missing = missingColumns(source, table);
    if (missing === null || missing.length)
      throw new CopyRefusedError(
        `${resolve(path)} is from an older version of Layerlift (${missing === null ? `no ${table.name} table` : `${table.name} lacks ${missing.join(", ")}`}): run \`layerlift migrate --db ${path}\` first, then copy it.`,
      );
  }
}

/**
 * Refuses a target with a row in any of the site's tables (the launch prices a migration puts in
 * excepted), before anything is written to it; one that can't be reached is a DatabaseUnreachableError.
 */
async function requireEmptyTarget(target: PostgresTarget) {
  const { client } = await openPostgres(target, postgresTables);
  try {
    const held: string[] = [];
    for (const name of siteTableNames()) {
      const [{ present }] = await client.unsafe("SELECT to_regclass($1) IS NOT NULL AS present", [name]);
      if (!present) continue;
      // The migration's launch prices carry updated_at 0; a price set on a site carries its time.
      const where = name === "plan_prices" ? " WHERE updated_at <> 0" : "";
      const [{ found }] = await client.unsafe(`SELECT EXISTS (SELECT 1 FROM ${quoted(name)}${where}) AS found`);
      if (found) held.push(name);
    }
    if (held.length)
      throw new CopyRefusedError(
        `PostgreSQL at ${target.where} already holds data (in ${held.join(", ")}), so nothing was copied: copy-database only fills an empty database.`,
      );
  } finally {
    await client.close();
  }
}

/** One table, a page per INSERT: json_populate_recordset turns each page's JSON into the table's own types. */
async function copyTable(source: Database, tx: SQL, table: CopiedTable, pageSize: number) {
  const names = table.columns.map((column) => quoted(column.name)).join(", ");
  const insert = `INSERT INTO ${quoted(table.name)} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${quoted(table.name)}, $1::text::json)`;
  let writing: Promise<unknown> | undefined;
  try {
    for (const rows of sourcePages(source, table, pageSize)) {
      const page = JSON.stringify(rows);
      // The next page is read from SQLite while PostgreSQL writes this one.
      if (writing) await writing;
      writing = tx.unsafe(insert, [page]).execute();
      writing.catch(() => {});
    }
  } finally {
    if (writing) await writing;
  }
}

/**
 * The settings that belonged to the server that wrote the file (its backup lease, the alerts it told) stay
 * behind: the new site's instances start with none. The expected count of app_settings drops by as many.
 */
async function forgetRunState(tx: SQL, sourceCounts: Map<string, number>) {
  const dropped: unknown[] = await tx.unsafe("DELETE FROM app_settings WHERE key = ANY($1::text[]) RETURNING key", [
    [...RUN_STATE_KEYS],
  ]);
  sourceCounts.set("app_settings", sourceCounts.get("app_settings")! - dropped.length);
}

/** Every identity column's next value set past its table's highest id, so a new row takes a new id. */
async function moveIdentitiesPastIds(tx: SQL) {
  const identities: { table_name: string; column_name: string }[] = await tx.unsafe(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of identities) {
    await tx.unsafe(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quoted(column)}) FROM ${quoted(table)}), 0) + 1, false)`,
      [quoted(table), column],
    );
  }
}

async function targetCounts(client: SQL, names: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const name of names) {
    const [{ n }] = await client.unsafe(`SELECT count(*) AS n FROM ${quoted(name)}`);
    counts.set(name, Number(n));
  }
  return counts;
}
