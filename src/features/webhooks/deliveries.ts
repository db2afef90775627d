/** An endpoint's deliveries for the admin panel, the test event and replays. */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { newestFirst, type Page } from "../../db/paging";
import { webhookDeliveries, type WebhookDelivery } from "../../db/schema";
import { toIso } from "../../lib/clock";
import { conflict, notFound } from "../../lib/errors";
import type { WebhookDeliveryView } from "@shared/api/webhooks";
import { newWebhookId, queueDelivery, webhookBody } from "./events";
import { findWebhookEndpoint } from "./endpoints";
import { writeAudit } from "../audit/service";

type DeliveryDeps = Pick<AppDeps, "db" | "clock">;

const PAGE_SIZE = 50;

export function deliveryView(row: WebhookDelivery): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType,
    webhookId: row.messageId,
    status: row.status,
    attempts: row.attempts,
    lastResponseStatus: row.lastResponseStatus,
    lastResponseBody: row.lastResponseBody,
    lastError: row.lastError,
    // A delivery in flight shows its lease's end; that is when it is tried again if the sender died.
    nextAttemptAt: row.status === "pending" ? toIso(row.nextAttemptAt) : null,
    createdAt: toIso(row.createdAt)!,
    deliveredAt: toIso(row.deliveredAt),
  };
}

/** Newest first, keyset paged by `before`. */
export async function listDeliveries(
  deps: DeliveryDeps,
  endpointId: number,
  page: Page,
): Promise<WebhookDeliveryView[]> {
  await findWebhookEndpoint(deps.db, endpointId);
  const rows = await newestFirst(
    deps.db.select().from(webhookDeliveries).$dynamic(),
    webhookDeliveries,
    page,
    PAGE_SIZE,
    eq(webhookDeliveries.endpointId, endpointId),
  );
  return rows.map(deliveryView);
}

/** A `webhook.test` event for this endpoint alone, whatever events it asked for; audited with the admin who sent it. */
export async function sendTestEvent(
  deps: DeliveryDeps,
  endpointId: number,
  actorUserId: number,
): Promise<WebhookDeliveryView> {
  const endpoint = await findWebhookEndpoint(deps.db, endpointId);
  if (!endpoint.enabled)
    throw conflict("WEBHOOK_DISABLED", "This endpoint is off. Turn it on to send it a test event.");
  const now = deps.clock.now();
  const body = webhookBody("webhook.test", { endpointId, message: "A test event from the admin panel." }, now);
  return deps.db.transaction(async (tx) => {
    const queued = await queueDelivery(tx, endpointId, "webhook.test", body, newWebhookId(), now);
    await writeAudit(tx, {
      actorUserId,
      action: "webhook.test",
      subject: `webhook:${endpointId}`,
      detail: { deliveryId: queued.id, webhookId: queued.messageId },
      at: now,
    });
    return deliveryView(queued);
  });
}

/**
 * The same body with the same `webhook-id`, queued again as a new delivery (signed for its own attempt's time).
 * Audited: a replay sends a buyer's data out once more.
 */
export async function replayDelivery(
  deps: DeliveryDeps,
  deliveryId: number,
  actorUserId: number,
): Promise<WebhookDeliveryView> {
  const [original] = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  if (!original) throw notFound("No webhook delivery with that id.");
  // A pending delivery is still going to be sent (or retried): a replay now would send it twice.
  if (original.status === "pending")
    throw conflict(
      "WEBHOOK_DELIVERY_PENDING",
      "This delivery is still being sent or retried; replay it once it has ended.",
    );
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { endpointId, eventType, body, messageId } = original;
    const queued = await queueDelivery(tx, endpointId, eventType, body, messageId, now);
    await writeAudit(tx, {
      actorUserId,
      action: "webhook.replay",
      subject: `webhook:${endpointId}`,
      detail: { deliveryId: queued.id, replayOf: deliveryId, eventType, webhookId: messageId },
      at: now,
    });
    return deliveryView(queued);
  });
}
