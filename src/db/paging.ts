/** How every list that can grow is read: newest first (the higher id first among equal times), one page at a time. */
import { desc } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect } from "drizzle-orm/sqlite-core";

export interface Page {
  limit?: number;
  offset?: number;
}

/** `query` (made `.$dynamic()`) ordered newest first by `table`'s createdAt and id, cut to `page`. */
export function newestFirst<Query extends SQLiteSelect>(
  query: Query,
  table: { createdAt: SQLiteColumn; id: SQLiteColumn },
  page: Page,
  defaultLimit: number,
) {
  return query.orderBy(desc(table.createdAt), desc(table.id)).limit(page.limit ?? defaultLimit).offset(page.offset ?? 0);
}
