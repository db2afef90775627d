/**
 * seed-scale's rows into PostgreSQL, over the site's pool (a Bun `SQL`): one transaction, a batch of rows per
 * table at a time, each batch one `INSERT … SELECT FROM unnest(<one array per column>)` (a handful of
 * parameters however many rows, where a multi-row VALUES needs one per value and a plan node per row), the
 * next batch made while the server writes the last one.
 *
 * As pg_restore does, what checks or indexes the rows is set aside while they go in and made again after, in
 * one pass each: the seeded tables' plain indexes (the user search's trigram index among them), their unique
 * constraints and their foreign keys (each checked again when it is added back). Primary keys stay. The
 * triggers that keep the books and the key counts are disabled and their summaries rebuilt from the rows in one
 * statement each: at 100k sales, keeping them row by row made the load seven times slower (docs/performance.md).
 * Everything comes back from the definitions PostgreSQL held, so the schema ends as the migrations made it. Then
 * the identity counters move past the seeded ids, and the tables are vacuumed and analysed as autovacuum soon
 * would.
 */
import type { SQL } from "bun";
import { rebuildBooksStatements } from "../daily-ledger/service";
import {
  SEED_COLUMNS,
  SEED_JSON_COLUMNS,
  SEED_TABLES,
  SEED_TABLES_WITH_IDS,
  type SeedRow,
  type SeedTable,
} from "./columns";

/** The triggers whose summaries the load rebuilds instead of keeping them row by row. */
const SUMMARY_TRIGGERS = /^(books_sale_|product_key_counts_)/;
/** Rows per INSERT: large enough that round trips are rare, small enough that memory stays flat. */
const ROWS_PER_BATCH = 10_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function writePostgresSeed(client: SQL, rows: Iterable<SeedRow>) {
  await client.begin(async (tx) => {
    // Only for this transaction: a statement over a million rows may take longer than the pool's timeout allows,
    // nothing here needs to wait for the disk, and the index builds sort in memory.
    await tx.unsafe("SET LOCAL statement_timeout = 0");
    await tx.unsafe("SET LOCAL synchronous_commit = off");
    await tx.unsafe("SET LOCAL maintenance_work_mem = '256MB'");
    const aside = await setAside(tx);
    const types = await columnTypes(tx);
    await insertAll(tx, rows, types);
    await aside.restore();
    for (const statement of rebuildBooksStatements()) await tx.unsafe(statement);
    await aside.enableTriggers();
    for (const table of SEED_TABLES_WITH_IDS)
      await tx.unsafe(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${quote(table)} HAVING max(id) IS NOT NULL`,
      );
  });
  // Outside the transaction (VACUUM can't run in one): visibility maps for index-only scans, and the planner's statistics.
  const connection = await client.reserve();
  try {
    await connection.unsafe("SET statement_timeout = 0");
    await connection.unsafe(`VACUUM (ANALYZE) ${SEED_TABLES.map(quote).join(", ")}`);
  } finally {
    await connection.unsafe("RESET statement_timeout").catch(() => {});
    connection.release();
  }
}

/**
 * Drops the seeded tables' plain indexes, unique constraints (those no foreign key relies on) and foreign keys,
 * and disables the summary triggers; `restore` makes the indexes and constraints again, `enableTriggers`
 * turns the triggers back on (after the summaries are rebuilt).
 */
async function setAside(tx: SQL) {
  const seeded = "t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace";
  const indexes = (await tx.unsafe(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     WHERE ${seeded} AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [SEED_TABLES],
  )) as { name: string; definition: string }[];
  // Unique constraints before foreign keys when added back; a unique constraint a foreign key names stays.
  const constraints = (await tx.unsafe(
    `SELECT k.conname AS name, t.relname AS "table", pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
     WHERE ${seeded} AND (k.contype = 'f' OR (k.contype = 'u'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = k.conindid)))
     ORDER BY k.contype DESC, k.conname`,
    [SEED_TABLES],
  )) as { name: string; table: string; definition: string }[];
  const triggers = (
    (await tx.unsafe(
      `SELECT g.tgname AS name, t.relname AS "table" FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
       WHERE NOT g.tgisinternal AND ${seeded}`,
      [SEED_TABLES],
    )) as { name: string; table: string }[]
  ).filter((t) => SUMMARY_TRIGGERS.test(t.name));

  for (const k of [...constraints].reverse())
    await tx.unsafe(`ALTER TABLE ${quote(k.table)} DROP CONSTRAINT ${quote(k.name)}`);
  for (const index of indexes) await tx.unsafe(`DROP INDEX ${quote(index.name)}`);
  for (const t of triggers) await tx.unsafe(`ALTER TABLE ${quote(t.table)} DISABLE TRIGGER ${quote(t.name)}`);
  return {
    async restore() {
      for (const index of indexes) await tx.unsafe(index.definition);
      for (const k of constraints)
        await tx.unsafe(`ALTER TABLE ${quote(k.table)} ADD CONSTRAINT ${quote(k.name)} ${k.definition}`);
    },
    async enableTriggers() {
      for (const t of triggers) await tx.unsafe(`ALTER TABLE ${quote(t.table)} ENABLE TRIGGER ${quote(t.name)}`);
    },
  };
}

/** Each seeded column's type as PostgreSQL names it (`integer`, `bigint`, `jsonb`…), for the arrays' casts. */
async function columnTypes(tx: SQL) {
  const found = (await tx.unsafe(
    `SELECT t.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid
     WHERE t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped`,
    [SEED_TABLES],
  )) as { table: string; column: string; type: string }[];
  return new Map(found.map((c) => [`${c.table}.${c.column}`, c.type]));
}

/**
 * Buffers rows per table, column by column, and writes them a batch at a time. When one table's batch is
 * full, every table's buffer is written, parents first, so the foreign keys hold at every step (they are
 * checked when added back; writing in this order keeps that check a formality).
 */
async function insertAll(tx: SQL, rows: Iterable<SeedRow>, types: Map<string, string>) {
  const statements = Object.fromEntries(
    SEED_TABLES.map((table) => {
      const columns = SEED_COLUMNS[table];
      const json = new Set<string>(SEED_JSON_COLUMNS[table] ?? []);
      // JSON goes as text and becomes jsonb on the server.
      const casts = columns.map((c, at) => {
        const type = types.get(`${table}.${c}`);
        if (!type) throw new Error(`seed-scale: no column ${table}.${c} in this database`);
        return json.has(c) ? `$${at + 1}::text[]::${type}[]` : `$${at + 1}::${type}[]`;
      });
      return [
        table,
        {
          text: `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) SELECT * FROM unnest(${casts.join(", ")})`,
          json: columns.map((c) => json.has(c)),
        },
      ];
    }),
  ) as Record<SeedTable, { text: string; json: boolean[] }>;
  const emptyColumns = (table: SeedTable) => SEED_COLUMNS[table].map(() => [] as unknown[]);
  const buffers = Object.fromEntries(SEED_TABLES.map((t) => [t, emptyColumns(t)])) as Record<SeedTable, unknown[][]>;

  let writing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    // One batch in flight: the next is made while the server writes this one.
    await writing;
    const batch = SEED_TABLES.filter((t) => buffers[t][0]!.length).map((t) => {
      const columns = buffers[t];
      buffers[t] = emptyColumns(t);
      return [t, columns] as const;
    });
    writing = (async () => {
      for (const [table, columns] of batch)
        await tx.unsafe(
          statements[table].text,
          columns.map((values) => tx.array(values)),
        );
    })();
    // Not unhandled meanwhile: the next flush, or the last await, throws it and the transaction rolls back.
    writing.catch(() => {});
  };
  for (const [table, values] of rows) {
    const columns = buffers[table];
    const json = statements[table].json;
    for (let c = 0; c < values.length; c++) columns[c]!.push(json[c] ? JSON.stringify(values[c]) : values[c]);
    if (columns[0]!.length >= ROWS_PER_BATCH) await flush();
  }
  await flush();
  await writing;
}
