import { RotateCw } from "lucide-react";
import type { WebhookDeliveryView, WebhookEndpointView } from "@shared/api/webhooks";
import { Badge } from "../../components/ui/badge";
import { useReplayDelivery, useWebhookDeliveries } from "../../lib/queries/webhooks";
import { dateColumn, type Column } from "./data-table";
import { List, usePaging } from "./list-tab";
import { RowActionButton } from "./row-actions";

const PAGE_SIZE = 20;

function statusBadge(delivery: WebhookDeliveryView) {
  if (delivery.status === "delivered") return <Badge variant="success">Delivered</Badge>;
  if (delivery.status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="outline">{delivery.attempts ? "Retrying" : "Waiting"}</Badge>;
}

function lastAnswer(delivery: WebhookDeliveryView) {
  if (delivery.attempts === 0) return <span className="text-muted-foreground">Not sent yet</span>;
  const said = delivery.lastResponseBody?.trim();
  return (
    <div className="grid gap-0.5">
      <span>{delivery.lastResponseStatus ?? delivery.lastError ?? "No answer"}</span>
      {said && (
        <span className="line-clamp-2 font-mono text-xs text-muted-foreground" title={said}>
          {said}
        </span>
      )}
    </div>
  );
}

function ReplayButton({ delivery }: { delivery: WebhookDeliveryView }) {
  const replay = useReplayDelivery();
  return (
    <RowActionButton
      label={`Replay ${delivery.eventType} ${delivery.webhookId}`}
      run={() => replay.mutateAsync(delivery.id)}
      pending={replay.isPending}
      done={{ title: "Delivery queued again", description: `${delivery.eventType}, with the same webhook-id.` }}
      failed="Replay failed"
    >
      <RotateCw aria-hidden /> Replay
    </RowActionButton>
  );
}

const COLUMNS: Column<WebhookDeliveryView>[] = [
  { name: "Event", cell: (d) => <code className="font-mono text-sm">{d.eventType}</code> },
  { name: "webhook-id", cell: (d) => <code className="break-all font-mono text-xs">{d.webhookId}</code> },
  { name: "Status", cell: statusBadge },
  { name: "Attempts", cell: (d) => String(d.attempts) },
  { name: "Last answer", cell: lastAnswer },
  dateColumn("Next attempt", (d) => d.nextAttemptAt),
  dateColumn("Queued", (d) => d.createdAt),
  // A pending delivery is still going out: replaying it would send it twice.
  { name: "Actions", cell: (d) => (d.status === "pending" ? null : <ReplayButton delivery={d} />) },
];

export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const paging = usePaging(PAGE_SIZE);
  const deliveries = useWebhookDeliveries(endpoint.id, paging.page);
  const headingId = `webhook-deliveries-${endpoint.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          Deliveries to {endpoint.url}
        </h3>
        <p className="text-sm text-muted-foreground">
          Newest first. A failed answer is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h.
        </p>
      </div>
      <List
        query={deliveries}
        rows={deliveries.data}
        paging={paging}
        label={`Deliveries to ${endpoint.url}`}
        columns={COLUMNS}
        rowKey={(d) => d.id}
        tableFrom="xl"
        empty="Nothing sent yet. Send a test event to see one here."
      />
    </section>
  );
}
