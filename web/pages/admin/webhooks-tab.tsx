/**
 * Webhooks: the endpoints that hear about sales, refunds, disputes and the rest, each with its events and
 * state; send a test, turn off or on, give it a new secret, delete it, and see its deliveries.
 */
import { failureToast } from "../../lib/failure-toast";
import { useState } from "react";
import { KeyRound, Send } from "lucide-react";
import type { WebhookEndpointView } from "@shared/api/webhooks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormDialog } from "../../components/form-dialog";
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhookEndpoints,
} from "../../lib/queries/webhooks";
import type { Column } from "./data-table";
import { formatDateTime } from "./format";
import { DeleteRowButton, RowActionButton } from "./row-actions";
import { ListTab } from "./list-tab";
import { SecretOnce, WebhookDialog } from "./webhook-dialog";
import { WebhookDeliveries } from "./webhook-deliveries";

function state(endpoint: WebhookEndpointView) {
  if (!endpoint.enabled)
    return (
      <div className="grid justify-items-end gap-1 md:justify-items-start">
        <Badge variant="secondary">Off</Badge>
        {endpoint.disabledReason && <span className="text-xs text-muted-foreground">{endpoint.disabledReason}</span>}
      </div>
    );
  if (endpoint.failingSince)
    return (
      <div className="grid justify-items-end gap-1 md:justify-items-start">
        <Badge variant="destructive">Failing</Badge>
        <span className="text-xs text-muted-foreground">since {formatDateTime(endpoint.failingSince)}</span>
      </div>
    );
  return <Badge variant="success">On</Badge>;
}

function TestButton({ endpoint }: { endpoint: WebhookEndpointView }) {
  const send = useSendWebhookTest();
  if (!endpoint.enabled) return null;
  return (
    <RowActionButton
      label={`Send a test event to ${endpoint.url}`}
      run={() => send.mutateAsync(endpoint.id)}
      pending={send.isPending}
      done={{ title: "Test event queued", description: "It goes out within a second or two." }}
      failed="Test failed"
    >
      <Send aria-hidden /> Test
    </RowActionButton>
  );
}

function ToggleButton({ endpoint }: { endpoint: WebhookEndpointView }) {
  const update = useUpdateWebhook();
  const enabled = !endpoint.enabled;
  return (
    <RowActionButton
      label={`${endpoint.enabled ? "Turn off" : "Turn on"} ${endpoint.url}`}
      run={() => update.mutateAsync({ id: endpoint.id, enabled })}
      pending={update.isPending}
      done={{
        title: enabled ? "Endpoint turned on" : "Endpoint turned off",
        description: enabled ? "Waiting deliveries go out now." : "It gets no new events until turned on.",
      }}
      failed="Failed"
    >
      {endpoint.enabled ? "Turn off" : "Turn on"}
    </RowActionButton>
  );
}

function RotateButton({ endpoint }: { endpoint: WebhookEndpointView }) {
  const rotate = useRotateWebhookSecret();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`New secret for ${endpoint.url}`}>
          <KeyRound aria-hidden />
        </Button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) setSecret(null);
        setOpen(next);
      }}
      title={secret ? "New signing secret" : "Give this endpoint a new secret?"}
      description={
        secret
          ? "For 24 hours every delivery is signed with both secrets: switch your receiver to the new one within that day."
          : `${endpoint.url} gets a new signing secret. The old one keeps signing for 24 hours, so nothing fails verification while you switch.`
      }
      submitLabel="Make a new secret"
      pendingText="Making..."
      pending={rotate.isPending}
      done={secret !== null}
      onSubmit={() =>
        rotate.mutate(endpoint.id, {
          onSuccess: (rotated) => setSecret(rotated.secret),
          onError: failureToast("Failed"),
        })
      }
    >
      {secret ? <SecretOnce secret={secret} note="The new signing secret:" /> : null}
    </FormDialog>
  );
}

function DeleteButton({ endpoint }: { endpoint: WebhookEndpointView }) {
  const remove = useDeleteWebhook();
  return (
    <DeleteRowButton
      name={endpoint.url}
      title="Delete this endpoint?"
      description={`${endpoint.url} gets no more events, and its ${endpoint.pending} waiting deliveries are dropped.`}
      remove={() => remove.mutateAsync(endpoint.id)}
      pending={remove.isPending}
      deleted="Endpoint deleted"
      failed="Failed to delete"
    />
  );
}

export function WebhooksTab() {
  const endpoints = useWebhookEndpoints();
  const [shownId, setShownId] = useState<number | null>(null);
  const shown = endpoints.data?.find((endpoint) => endpoint.id === shownId) ?? endpoints.data?.[0];
  const columns: Column<WebhookEndpointView>[] = [
    {
      name: "Endpoint",
      cell: (e) => (
        <div className="grid gap-0.5">
          <span className="break-all font-mono text-sm">{e.url}</span>
          {e.description && <span className="text-sm text-muted-foreground">{e.description}</span>}
        </div>
      ),
    },
    { name: "Events", cell: (e) => <span className="font-mono text-xs">{e.events.join(", ")}</span> },
    { name: "State", cell: state },
    { name: "Waiting", cell: (e) => String(e.pending) },
    {
      name: "Actions",
      cell: (e) => (
        <div className="-my-1 flex flex-wrap items-center justify-end gap-1 md:justify-start">
          <Button
            variant={shown?.id === e.id ? "secondary" : "outline"}
            size="sm"
            aria-pressed={shown?.id === e.id}
            onClick={() => setShownId(e.id)}
          >
            Deliveries
          </Button>
          <TestButton endpoint={e} />
          <ToggleButton endpoint={e} />
          <RotateButton endpoint={e} />
          <DeleteButton endpoint={e} />
        </div>
      ),
    },
  ];
  return (
    <div className="grid gap-10">
      <ListTab
        id="webhooks"
        title="Webhooks"
        description="Your other systems hear about every sale, refund, dispute, subscription and ticket: each event is POSTed to the endpoints that asked for it, signed, and retried until delivered."
        actions={<WebhookDialog />}
        query={endpoints}
        rows={endpoints.data ?? undefined}
        label="Webhook endpoints"
        columns={columns}
        rowKey={(e) => e.id}
        tableFrom="xl"
        empty="No endpoints yet. Add one to send events to a Discord bot, your accounting or your task list."
      />
      {shown && <WebhookDeliveries key={shown.id} endpoint={shown} />}
    </div>
  );
}
