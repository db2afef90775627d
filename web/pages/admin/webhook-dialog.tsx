/** New webhook endpoint: its URL, a note and the events it wants; once made, its secret is shown this once. */
import { useState } from "react";
import { Check, Copy, Plus } from "lucide-react";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@shared/webhooks";
import { WEBHOOK_DESCRIPTION_MAX } from "@shared/api/webhooks";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { TextField } from "../../components/ui/text-field";
import { useCopy } from "../../lib/clipboard";
import { useCreateWebhook } from "../../lib/queries/webhooks";

/** Every event but the test, which is sent on demand to one endpoint. */
const SUBSCRIBABLE = WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test");

/** A secret shown once, with a copy button and the warning that it will not be shown again. */
export function SecretOnce({ secret, note }: { secret: string; note: string }) {
  const { copied, copy } = useCopy({ failed: { title: "Copy failed", description: "Select the secret and copy it." } });
  return (
    <div className="grid gap-2">
      <p className="text-sm">{note}</p>
      <div className="flex items-center gap-2 rounded-md border border-border bg-muted p-2">
        <code className="min-w-0 flex-1 break-all font-mono text-sm" data-testid="webhook-secret">
          {secret}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => copy(secret)}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">It is not shown again. Keep it where your receiver reads it.</p>
    </div>
  );
}

function problemsOf(url: string, events: WebhookEventType[]) {
  const found: { url?: string; events?: string } = {};
  if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = "A full address starting with https://.";
  if (events.length === 0) found.events = "Choose at least one event.";
  return found;
}

/** The events an endpoint asks for, each with what it means. */
function EventChoices(props: {
  events: WebhookEventType[];
  setEvents: (change: (current: WebhookEventType[]) => WebhookEventType[]) => void;
  error: string | undefined;
}) {
  const { events, setEvents, error } = props;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "webhook-events-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">Events</legend>
      {SUBSCRIBABLE.map((type) => (
        <div key={type} className="flex items-start gap-2">
          <Checkbox
            id={`webhook-event-${type}`}
            className="mt-0.5"
            checked={events.includes(type)}
            onCheckedChange={(checked) =>
              setEvents((current) => (checked ? [...current, type] : current.filter((t) => t !== type)))
            }
          />
          <Label htmlFor={`webhook-event-${type}`} className="grid gap-0.5 font-normal">
            <code className="font-mono text-sm font-semibold">{type}</code>
            <span className="text-sm text-muted-foreground">{WEBHOOK_EVENT_LABELS[type]}</span>
          </Label>
        </div>
      ))}
      {error && (
        <p id="webhook-events-error" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The new endpoint's fields, emptied each time the dialog opens, and the request that makes it. */
function useNewEndpoint() {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(["sale.completed"]);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateWebhook();

  function reset() {
    setUrl("");
    setDescription("");
    setEvents(["sale.completed"]);
    setSubmitted(false);
    setError(null);
    setSecret(null);
  }

  function submit() {
    setSubmitted(true);
    if (Object.keys(problemsOf(url, events)).length) return;
    setError(null);
    create.mutate(
      { url: url.trim(), events, description: description.trim() || undefined },
      {
        onSuccess: (created) => setSecret(created.secret),
        onError: (failure) => setError(failure.message),
      },
    );
  }

  const values = { url, setUrl, description, setDescription, events, setEvents };
  return { ...values, problems: submitted ? problemsOf(url, events) : {}, error, secret, reset, submit, create };
}

export function WebhookDialog() {
  const [open, setOpen] = useState(false);
  const endpoint = useNewEndpoint();
  const { secret, problems } = endpoint;
  return (
    <FormDialog
      trigger={
        <Button>
          <Plus aria-hidden /> Add endpoint
        </Button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) endpoint.reset();
        setOpen(next);
      }}
      title={secret ? "Endpoint added" : "Add a webhook endpoint"}
      description={
        secret
          ? "Events go out to it from now on, signed with this secret."
          : "The site POSTs each event you choose to this address, signed the Standard Webhooks way."
      }
      submitLabel="Add endpoint"
      pendingText="Adding..."
      pending={endpoint.create.isPending}
      done={secret !== null}
      className="max-w-lg"
      onSubmit={endpoint.submit}
    >
      {secret ? (
        <SecretOnce secret={secret} note="The signing secret:" />
      ) : (
        <>
          <TextField
            id="webhook-url"
            label="URL"
            type="url"
            inputMode="url"
            placeholder="https://hooks.example.com/layerlift"
            value={endpoint.url}
            error={problems.url ?? endpoint.error ?? undefined}
            hint="In production: https, on a public address."
            onChange={(e) => endpoint.setUrl(e.target.value)}
          />
          <TextField
            id="webhook-description"
            label="Description (optional)"
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            value={endpoint.description}
            hint="What it is for, e.g. Discord roles."
            onChange={(e) => endpoint.setDescription(e.target.value)}
          />
          <EventChoices events={endpoint.events} setEvents={endpoint.setEvents} error={problems.events} />
        </>
      )}
    </FormDialog>
  );
}
