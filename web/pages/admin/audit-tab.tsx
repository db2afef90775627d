import { useState } from "react";
import { useAuditLog } from "../../lib/queries/admin";
import { Cell, DataTable, EmptyState, ErrorState, Pager, Row, TableSkeleton } from "./data-table";
import { formatDateTime } from "./format";

const PAGE_SIZE = 50;

/** What each action means, in the operator's words; unknown actions show as written. */
const ACTION_LABELS: Record<string, string> = {
  "product-keys.generate": "Generated product keys",
  "product-key.delete": "Deleted a product key",
  "email.test": "Sent a test email",
  "email.resend": "Resent an email",
  "ticket.status": "Changed a ticket's status",
  "link.reset": "Reset a linked account",
  "link.linked": "Linked a game account",
  "review.hide": "Hid a review",
  "review.show": "Showed a review again",
  "review.delete": "Deleted a review",
  "sale.refunded": "Refunded a sale",
};

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

export function AuditTab() {
  const [offset, setOffset] = useState(0);
  const entries = useAuditLog({ limit: PAGE_SIZE, offset });
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <div>
        <h2 id="audit-heading" className="text-xl font-semibold">Audit Log</h2>
        <p className="text-sm text-muted-foreground">Every admin action and every change to a linked account, newest first.</p>
      </div>
      {entries.isError ? <ErrorState message={entries.error.message} onRetry={() => entries.refetch()} />
        : !entries.data ? <TableSkeleton />
        : entries.data.length === 0 && offset === 0 ? <EmptyState>Nothing recorded yet.</EmptyState>
        : (
          <>
            <DataTable label="Audit log" columns={["When", "Who", "Action", "Subject", "Detail"]}>
              {entries.data.map((entry) => (
                <Row key={entry._id}>
                  <Cell label="When" className="md:whitespace-nowrap">{formatDateTime(entry.createdAt)}</Cell>
                  <Cell label="Who">{entry.actorEmail ?? <span className="text-muted-foreground">System</span>}</Cell>
                  <Cell label="Action">{ACTION_LABELS[entry.action] ?? entry.action}</Cell>
                  <Cell label="Subject"><code className="font-mono text-xs">{entry.subject ?? "—"}</code></Cell>
                  <Cell label="Detail" className="md:max-w-sm">
                    <span className="text-xs text-muted-foreground">{describeDetail(entry.detail)}</span>
                  </Cell>
                </Row>
              ))}
            </DataTable>
            <Pager offset={offset} limit={PAGE_SIZE} shown={entries.data.length} onChange={setOffset} />
          </>
        )}
    </section>
  );
}
