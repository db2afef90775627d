/**
 * The operator's webhook endpoints: add, list, change, delete, rotate the secret. A secret is answered
 * only by the call that makes it; lists, logs and the audit log never carry it. Every change is audited.
 */
import { and, count, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "../../db/schema";
import { DAY, toIso } from "../../lib/clock";
import { conflict, notFound } from "../../lib/errors";
import { writeAudit } from "../audit/service";
import type {
  CreatedWebhookEndpoint,
  RotatedWebhookSecret,
  WebhookEndpointChange,
  WebhookEndpointInput,
  WebhookEndpointView,
} from "@shared/api/webhooks";
import { newWebhookSecret } from "./signing";
import { assertDeliverableUrl } from "./target";

type EndpointDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = DAY;

async function pendingCount(db: DbOrTx, endpointId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")));
  return row?.n ?? 0;
}

function endpointView(endpoint: WebhookEndpoint, pending: number, now: number): WebhookEndpointView {
  const overlapping = endpoint.previousSecret !== null && (endpoint.previousSecretUntil ?? 0) > now;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    failingSince: toIso(endpoint.failingSince),
    secondSecretUntil: overlapping ? toIso(endpoint.previousSecretUntil) : null,
    pending,
    createdAt: toIso(endpoint.createdAt)!,
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (endpoint: Pick<WebhookEndpoint, "url" | "events" | "enabled" | "description">) => ({
  url: endpoint.url,
  events: endpoint.events,
  enabled: endpoint.enabled,
  description: endpoint.description,
});

export async function listWebhookEndpoints(deps: EndpointDeps): Promise<WebhookEndpointView[]> {
  const rows = await deps.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  const now = deps.clock.now();
  return Promise.all(rows.map(async (row) => endpointView(row, await pendingCount(deps.db, row.id), now)));
}

export async function findWebhookEndpoint(db: DbOrTx, id: number): Promise<WebhookEndpoint> {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!endpoint) throw notFound("No webhook endpoint with that id.");
  return endpoint;
}

export async function createWebhookEndpoint(
  deps: EndpointDeps,
  input: WebhookEndpointInput,
  actorUserId: number,
): Promise<CreatedWebhookEndpoint> {
  const url = (await assertDeliverableUrl(input.url, deps.config)).href;
  const now = deps.clock.now();
  const secret = newWebhookSecret();
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        description: input.description?.trim() ?? "",
        events: input.events,
        secret,
        enabled: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writeAudit(tx, {
      actorUserId,
      action: "webhook.create",
      subject: `webhook:${row!.id}`,
      detail: audited(row!),
      at: now,
    });
    return row!;
  });
  return { ...endpointView(created, 0, now), secret };
}

export async function updateWebhookEndpoint(
  deps: EndpointDeps,
  id: number,
  change: WebhookEndpointChange,
  actorUserId: number,
): Promise<WebhookEndpointView> {
  const url = change.url === undefined ? undefined : (await assertDeliverableUrl(change.url, deps.config)).href;
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [before] = await forUpdate(tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1));
    if (!before) throw notFound("No webhook endpoint with that id.");
    const turnedOn = change.enabled === true && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(change.events === undefined ? {} : { events: change.events }),
        ...(change.description === undefined ? {} : { description: change.description.trim() }),
        ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
        // Turned on again by a person: its failing streak and the reason it was turned off are over.
        ...(turnedOn ? { disabledReason: null, failingSince: null } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    // The receiver was fixed: what waited for it is due now, not at the retry it was scheduled for.
    if (turnedOn)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, "pending")));
    await writeAudit(tx, {
      actorUserId,
      action: "webhook.update",
      subject: `webhook:${id}`,
      detail: { before: audited(before), after: audited(row!) },
      at: now,
    });
    return row!;
  });
  return endpointView(updated, await pendingCount(deps.db, id), now);
}

/** Deletes the endpoint with its deliveries (waiting ones are never sent). */
export async function deleteWebhookEndpoint(deps: EndpointDeps, id: number, actorUserId: number) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!deleted) throw notFound("No webhook endpoint with that id.");
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    await writeAudit(tx, {
      actorUserId,
      action: "webhook.delete",
      subject: `webhook:${id}`,
      detail: audited(deleted),
      at: now,
    });
  });
  return { deleted: true as const };
}

/**
 * A new secret, answered once. For ROTATION_OVERLAP_MS the old one signs too (two `v1,` signatures), so a
 * receiver switching to the new secret at any moment in that day verifies every delivery. Rotating again
 * during the overlap is refused: the oldest secret would stop signing before its day is over.
 */
export async function rotateWebhookSecret(
  deps: EndpointDeps,
  id: number,
  actorUserId: number,
): Promise<RotatedWebhookSecret> {
  const now = deps.clock.now();
  const secret = newWebhookSecret();
  const until = now + ROTATION_OVERLAP_MS;
  await deps.db.transaction(async (tx) => {
    const [endpoint] = await forUpdate(tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1));
    if (!endpoint) throw notFound("No webhook endpoint with that id.");
    if (endpoint.previousSecret && (endpoint.previousSecretUntil ?? 0) > now)
      throw conflict(
        "ROTATION_IN_PROGRESS",
        `The previous secret still signs until ${toIso(endpoint.previousSecretUntil)}; rotate again after that.`,
      );
    await tx
      .update(webhookEndpoints)
      .set({ secret, previousSecret: endpoint.secret, previousSecretUntil: until, updatedAt: now })
      .where(eq(webhookEndpoints.id, id));
    await writeAudit(tx, {
      actorUserId,
      action: "webhook.rotate-secret",
      subject: `webhook:${id}`,
      detail: { url: endpoint.url, oldSecretSignsUntil: toIso(until) },
      at: now,
    });
  });
  return { id, secret, secondSecretUntil: toIso(until)! };
}
