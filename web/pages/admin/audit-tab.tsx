import { AUDIT_ACTION_LABELS } from "@shared/audit-actions";
import type { AuditEntryView } from "@shared/api-types";
import { useAuditLog } from "../../lib/queries/admin";
import { dateColumn, type Column } from "./data-table";
import { ListTab, usePaging } from "./list-tab";

const PAGE_SIZE = 50;

/** The detail column: JSON objects as "name: value" pairs, anything else as written. */
function describeDetail(detail: string | null): string {
  if (!detail) return "";
  try {
    const parsed: unknown = JSON.parse(detail);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return Object.entries(parsed)
        .filter(([, value]) => !Array.isArray(value))
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join(", ");
    }
  } catch {
    // Not JSON: shown as it is.
  }
  return detail;
}

const COLUMNS: Column<AuditEntryView>[] = [
  dateColumn("When", (entry) => entry.createdAt),
  { name: "Who", cell: (entry) => entry.actorEmail ?? <span className="text-muted-foreground">System</span> },
  { name: "Action", cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { name: "Subject", cell: (entry) => <code className="font-mono text-xs">{entry.subject ?? "—"}</code> },
  {
    name: "Detail",
    className: "md:max-w-sm",
    cell: (entry) => <span className="text-xs text-muted-foreground">{describeDetail(entry.detail)}</span>,
  },
];

export function AuditTab() {
  const paging = usePaging(PAGE_SIZE);
  const entries = useAuditLog(paging.page);
  return (
    <ListTab
      id="audit"
      title="Audit Log"
      description="Every admin action and every change to a linked account, newest first."
      query={entries}
      rows={entries.data}
      rowKey={(entry) => entry._id}
      paging={paging}
      label="Audit log"
      columns={COLUMNS}
      empty="Nothing recorded yet."
    />
  );
}
