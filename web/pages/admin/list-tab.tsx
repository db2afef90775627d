/**
 * The shell every admin list shares: a heading with its note and actions, then the list in one of
 * its states (loading, failed with a retry, empty, or a page of rows with Previous / Next).
 */
import { useState, type Key, type ReactNode } from "react";
import type { Page } from "../../lib/queries/admin";
import { DataTable, EmptyState, ErrorState, Pager, TableSkeleton, type Column } from "./data-table";

/**
 * The page a list shows, and the way to another one. Pages are asked for by the id of the last row
 * shown (`before`), so the last page of a long list comes as fast as the first; the ids of the pages
 * passed are kept for Previous.
 */
export interface Paging {
  page: Page;
  /** Rows on the pages before this one. */
  offset: number;
  next: (lastId: number) => void;
  previous: () => void;
  reset: () => void;
}

export function usePaging(limit: number): Paging {
  const [cursors, setCursors] = useState<number[]>([]);
  return {
    page: { limit, before: cursors.at(-1) },
    offset: cursors.length * limit,
    next: (lastId) => setCursors((passed) => [...passed, lastId]),
    previous: () => setCursors((passed) => passed.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

/** The parts of a react-query result a list needs. */
export interface ListQuery {
  error: Error | null;
  refetch: () => unknown;
}

export interface ListProps<T> {
  query: ListQuery;
  /** The rows of the page; undefined until the first answer. */
  rows: readonly T[] | undefined;
  /** Omit for a list that is not paged. */
  paging?: Paging;
  /** Shown when there is nothing at all to list. */
  empty: ReactNode;
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  /** The width from which rows are a table (md unless the list has many columns). */
  tableFrom?: "md" | "xl";
  /** Placeholder rows while loading. */
  loadingRows?: number;
}

export function List<T>({ query, rows, paging, empty, loadingRows, ...table }: ListProps<T>) {
  const offset = paging?.offset ?? 0;
  if (query.error) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  if (!rows) return <TableSkeleton rows={loadingRows} />;
  if (rows.length === 0 && offset === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <>
      <DataTable rows={rows} {...table} />
      {paging && (
        <Pager
          offset={offset}
          limit={paging.page.limit}
          shown={rows.length}
          onPrevious={paging.previous}
          onNext={() => paging.next(Number(table.rowKey(rows[rows.length - 1])))}
        />
      )}
    </>
  );
}

export interface TabSectionProps {
  /** Names the section and its heading's id. */
  id: string;
  title: string;
  description: ReactNode;
  /** Beside the heading: a button, a search form. */
  actions?: ReactNode;
  children: ReactNode;
}

/** An admin tab's section: its heading with a note and actions, then what it holds. */
export function TabSection({ id, title, description, actions, children }: TabSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-col items-start gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface ListTabProps<T> extends ListProps<T>, Omit<TabSectionProps, "children"> {}

/** An admin tab that is one list under a heading. */
export function ListTab<T>({ id, title, description, actions, ...list }: ListTabProps<T>) {
  return (
    <TabSection id={id} title={title} description={description} actions={actions}>
      <List {...list} />
    </TabSection>
  );
}
