/**
 * One markup for every admin list: a table from the md breakpoint up (xl for a list with many
 * columns), and below it each row becomes a card whose cells carry their column name, so nothing
 * scrolls sideways on a phone.
 */
import type { Key, ReactNode } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/utils";
import { formatDateTime } from "./format";

/** A column: its header (on phones, the label beside each value; "" for a column of buttons) and its cell. */
export interface Column<T> {
  name: string;
  className?: string;
  cell: (row: T) => ReactNode;
}

/** A column of moments, in the admin's locale, that never breaks across lines on a wide screen. */
export function dateColumn<T>(name: string, moment: (row: T) => string | null | undefined): Column<T> {
  return { name, className: "md:whitespace-nowrap", cell: (row) => formatDateTime(moment(row)) };
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The width from which rows are a table; below it they are cards. */
  tableFrom?: "md" | "xl";
}

/** The classes of each part, written out whole per breakpoint so Tailwind finds them. */
const LAYOUTS = {
  md: {
    table: "md:rounded-lg md:border md:border-border",
    head: "hidden md:table-header-group",
    body: "flex flex-col gap-3 md:table-row-group",
    row: "flex flex-col gap-2 rounded-lg border border-border bg-card p-4 md:table-row md:rounded-none md:border-0 md:bg-transparent md:p-0 md:[&:last-child>td]:border-b-0 md:hover:bg-muted/50",
    cell: "flex min-w-0 items-start justify-between gap-3 md:table-cell md:border-b md:border-border md:px-4 md:py-3 md:align-middle",
    label: "shrink-0 text-xs font-medium text-muted-foreground md:hidden",
    value: "min-w-0 text-right break-words md:text-left",
  },
  xl: {
    table: "xl:rounded-lg xl:border xl:border-border",
    head: "hidden xl:table-header-group",
    // Two cards side by side once there is room, so a laptop's width is not spent on one narrow card.
    body: "grid gap-3 lg:grid-cols-2 xl:table-row-group",
    row: "flex flex-col gap-2 rounded-lg border border-border bg-card p-4 xl:table-row xl:rounded-none xl:border-0 xl:bg-transparent xl:p-0 xl:[&:last-child>td]:border-b-0 xl:hover:bg-muted/50",
    cell: "flex min-w-0 items-start justify-between gap-3 xl:table-cell xl:border-b xl:border-border xl:px-3 xl:py-3 xl:align-middle",
    label: "shrink-0 text-xs font-medium text-muted-foreground xl:hidden",
    value: "min-w-0 text-right break-words xl:text-left",
  },
};

export function DataTable<T>({ label, columns, rows, rowKey, tableFrom = "md" }: DataTableProps<T>) {
  const layout = LAYOUTS[tableFrom];
  return (
    <table aria-label={label} className={cn("w-full border-separate border-spacing-0 text-sm", layout.table)}>
      <thead className={layout.head}>
        <tr>
          {columns.map((column, index) => (
            <th
              key={index}
              scope="col"
              className="border-b border-border px-4 py-3 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase"
            >
              {column.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={layout.body}>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={layout.row}>
            {columns.map((column, index) => (
              // A cell; in a card its column's name is shown beside the value.
              <td key={index} className={cn(layout.cell, column.className)}>
                {column.name && <span className={layout.label}>{column.name}</span>}
                <div className={layout.value}>{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" className="flex flex-col gap-3" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 px-4 py-8 text-center text-sm"
    >
      <p className="text-destructive-text">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Previous / next over a list fetched a page at a time; `offset` counts the rows on the pages before. */
export function Pager({
  offset,
  limit,
  shown,
  onPrevious,
  onNext,
}: {
  offset: number;
  limit: number;
  shown: number;
  onPrevious: () => void;
  onNext: () => void;
}) {
  if (offset === 0 && shown < limit) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-muted-foreground">
      <span>{shown === 0 ? "No more entries" : `Showing ${offset + 1}–${offset + shown}`}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={onPrevious}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={shown < limit} onClick={onNext}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
