/**
 * How every list that can grow is read: newest first (the higher id first among equal times), one page
 * at a time. `before` (the id of the last row shown) is keyset paging: the next page starts right after
 * that row through the created_at index, so the last page of a million rows costs what the first does.
 * `offset` still works, but walks every row it skips.
 */
import { and, desc, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";

export interface Page {
  limit?: number;
  offset?: number;
  /** The id of the last row already shown: the page holds the rows after it. */
  before?: number;
}

type Listed = SQLiteTable & { createdAt: SQLiteColumn; id: SQLiteColumn };

/** Rows that come after row `before` in newest-first order (none when that row doesn't exist). */
function after(table: Listed, before: number, createdAt: SQL | SQLiteColumn): SQL {
  const name = sql.identifier(getTableConfig(table).name);
  return sql`(${createdAt}, ${table.id}) < (select "created_at", "id" from ${name} where "id" = ${before})`;
}

/**
 * `query` (made `.$dynamic()`, without a `.where`: its filter is passed as `where`, since a second
 * `.where` would replace the first) ordered newest first and cut to `page`.
 */
export function newestFirst<Query extends SQLiteSelect>(
  query: Query,
  table: Listed,
  page: Page,
  defaultLimit: number,
  where?: SQL,
  /**
   * `where` already names a few rows by id (a search through another index): sort just those rather
   * than walk the created_at index past every other row. The unary + keeps SQLite off that index.
   */
  fewRows = false,
) {
  const createdAt = fewRows ? sql`+${table.createdAt}` : table.createdAt;
  const condition = page.before === undefined ? where : and(where, after(table, page.before, createdAt));
  return query
    .where(condition)
    .orderBy(desc(createdAt), desc(table.id))
    .limit(page.limit ?? defaultLimit)
    .offset(page.offset ?? 0);
}
