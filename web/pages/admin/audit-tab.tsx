import { AUDIT_ACTION_LABELS } from "@shared/audit-actions";
import type { AuditEntryView } from "@shared/api-types";
import { useAuditLog } from "../../lib/queries/admin";
import { describeAuditDetail } from "./audit-detail";
import { dateColumn, type Column } from "./data-table";
import { EmailAddress } from "./email-address";
import { ListTab, usePaging } from "./list-tab";

const PAGE_SIZE = 50;

/** Who acted, and what kind of actor that was: the Audit tab never shows a buyer's own action as the system's. */
function Actor({ entry }: { entry: AuditEntryView }) {
  if (entry.actorRole === "system") return <span className="text-muted-foreground">System</span>;
  if (entry.actorRole === "deleted") return <span className="text-muted-foreground">A deleted account</span>;
  const role =
    entry.actorRole === "admin" ? "Admin" : entry.actorUserId === null ? "Buyer, without an account" : "Buyer";
  return (
    <span className="inline-flex flex-col items-end md:items-start">
      {entry.actorEmail && <EmailAddress email={entry.actorEmail} />}
      <span className="text-xs text-muted-foreground">{role}</span>
    </span>
  );
}

const COLUMNS: Column<AuditEntryView>[] = [
  dateColumn("When", (entry) => entry.createdAt),
  { name: "Who", cell: (entry) => <Actor entry={entry} /> },
  { name: "Action", cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
  { name: "Subject", cell: (entry) => <code className="font-mono text-xs">{entry.subject ?? "—"}</code> },
  {
    name: "Detail",
    className: "md:max-w-sm",
    cell: (entry) => (
      <span className="text-xs text-muted-foreground">{describeAuditDetail(entry.action, entry.detail)}</span>
    ),
  },
];

export function AuditTab() {
  const paging = usePaging(PAGE_SIZE);
  const entries = useAuditLog(paging.page);
  return (
    <ListTab
      id="audit"
      title="Audit Log"
      description="Every admin action, buyers' own changes to their accounts and purchases, and the payment provider's events, newest first."
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
