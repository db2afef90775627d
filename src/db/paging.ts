/**
 * How every list that can grow is read: newest first, one page at a time. Newest is the highest id: ids
 * are handed out in the order rows are written, so id order is creation order (created_at is shown, but
 * two rows can share a millisecond and a clock can step back). `before` (the id of the last row shown) is
 * keyset paging from that id itself: the next page is the rows with a lower id, along the table's own
 * b-tree, so the last page of a million rows costs what the first does, and a page still follows when
 * the row named in `before` was deleted meanwhile. `offset` still works, but walks every row it skips.
 */
import { and, desc, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export interface Page {
  limit?: number;
  offset?: number;
  /** The id of the last row already shown: the page holds the rows after it. */
  before?: number;
}

type Listed = SQLiteTable & { id: SQLiteColumn };

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
   * than walk the whole table newest first checking each. The unary + keeps SQLite off the id order.
   */
  fewRows = false,
) {
  const id = fewRows ? sql`+${table.id}` : table.id;
  const condition = page.before === undefined ? where : and(where, lt(table.id, page.before));
  return query
    .where(condition)
    .orderBy(desc(id))
    .limit(page.limit ?? defaultLimit)
    .offset(page.offset ?? 0);
}
