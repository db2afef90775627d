/**
 * What the site keeps to run: the e-mail outbox, the audit log, handled provider events, its own settings,
 * the lease signing keys, backup runs, and the operator's webhooks.
 */
import type { AuditAction } from "@shared/audit-actions";
import type { Columns, Referenced } from "./columns";

export function operationsTables(b: Columns) {
  const processedEvents = processedEventsTable(b);
  const emails = emailsTable(b);
  const auditLog = auditLogTable(b);
  const appSettings = appSettingsTable(b);
  const leaseKeys = leaseKeysTable(b);
  const backupRuns = backupRunsTable(b);
  const webhookEndpoints = webhookEndpointsTable(b);
  const webhookDeliveries = webhookDeliveriesTable(b, { webhookEndpoints });
  return { processedEvents, emails, auditLog, appSettings, leaseKeys, backupRuns, webhookEndpoints, webhookDeliveries };
}

/** Provider webhook events already handled, so a redelivery does nothing. */
function processedEventsTable(b: Columns) {
  return b.table("processed_events", {
    id: b.text("id").primaryKey(),
    type: b.text("type").notNull(),
    createdAt: b.ms("created_at").notNull(),
  });
}

/** The e-mail outbox: written in the transaction that causes the e-mail, sent by a background loop. */
function emailsTable(b: Columns) {
  return b.table(
    "emails",
    {
      id: b.id("id"),
      to: b.text("to").notNull(),
      template: b.text("template").notNull(),
      subject: b.text("subject").notNull(),
      payload: b.json<Record<string, unknown>>("payload").notNull(),
      status: b
        .text("status", { enum: ["pending", "sent", "failed"] })
        .notNull()
        .default("pending"),
      attempts: b.int("attempts").notNull().default(0),
      nextAttemptAt: b.ms("next_attempt_at"),
      lastError: b.text("last_error"),
      providerMessageId: b.text("provider_message_id"),
      /** The provider's idempotency key: random, so no other e-mail of any database (a restored copy included) shares it. */
      deliveryKey: b.text("delivery_key"),
      createdAt: b.ms("created_at").notNull(),
      sentAt: b.ms("sent_at"),
      /** The sale the e-mail is about (a key, a receipt, a refund): it is the account's that paid for that sale. */
      saleId: b.int("sale_id"),
    },
    (t) => [
      b.index("emails_status_next_idx").on(t.status, t.nextAttemptAt),
      // Covers the health check's count and oldest pending e-mail, whatever ANALYZE's statistics say.
      b.index("emails_status_created_idx").on(t.status, t.createdAt),
      b.index("emails_created_idx").on(t.createdAt),
      // An address's e-mails (claimed when it is confirmed), a sale's (claimed when its payer redeems it).
      b.index("emails_to_idx").on(t.to),
      b.index("emails_sale_idx").on(t.saleId),
    ],
  );
}

function auditLogTable(b: Columns) {
  return b.table(
    "audit_log",
    {
      id: b.id("id"),
      actorUserId: b.int("actor_user_id"),
      /** The address of a buyer who acted without an account (the refund link in the product-key e-mail). */
      actorEmail: b.text("actor_email"),
      action: b.text("action").notNull().$type<AuditAction>(),
      subject: b.text("subject"),
      detail: b.text("detail"),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.index("audit_log_created_idx").on(t.createdAt)],
  );
}

/** Settings the app keeps for itself, e.g. the development JWT secret. */
function appSettingsTable(b: Columns) {
  return b.table("app_settings", {
    key: b.text("key").primaryKey(),
    value: b.text("value").notNull(),
  });
}

/**
 * The Ed25519 keys that sign the plugin's offline leases (docs/plugin-api.md#offline-leases). The highest
 * generation is the current key; older ones stay published at /.well-known/jwks.json until every lease
 * they signed has expired (retired_at + longest_lease_seconds + the servers' key refresh interval).
 */
function leaseKeysTable(b: Columns) {
  return b.table("lease_keys", {
    /** The public key's RFC 7638 thumbprint, the `kid` of every lease it signs. */
    kid: b.text("kid").primaryKey(),
    /** 1 for the first key, one more at each rotation; unique, so two servers starting at once create one key. */
    generation: b.int("generation").notNull().unique(),
    /** The public JWK (kty OKP, crv Ed25519, x) as JSON. */
    publicJwk: b.text("public_jwk").notNull(),
    /** The private JWK as JSON; null when LEASE_SIGNING_KEY holds it outside the database. */
    privateJwk: b.text("private_jwk"),
    createdAt: b.ms("created_at").notNull(),
    /** When a newer key became current (moved forward while a server still signs with it); null while current. */
    retiredAt: b.ms("retired_at"),
    /** The longest lease (exp − iat) any server has been set to sign with this key. */
    longestLeaseSeconds: b.int("longest_lease_seconds").notNull().default(0),
  });
}

/**
 * The server's scheduled backups and restore drills, one row each once it has finished: when the next
 * one is due, the newest good backup's age and the last drill's result (health, metrics, the admin
 * overview) come from here, so they hold across restarts and any server on the database sees them.
 */
function backupRunsTable(b: Columns) {
  return b.table(
    "backup_runs",
    {
      id: b.id("id"),
      kind: b.text("kind", { enum: ["backup", "drill"] }).notNull(),
      startedAt: b.ms("started_at").notNull(),
      finishedAt: b.ms("finished_at").notNull(),
      ok: b.bool("ok").notNull(),
      /** The backup made, or the one the drill restored. */
      objectName: b.text("object_name"),
      /** Backup: its stored size. */
      bytes: b.wide("bytes"),
      /** Drill: when the backup it restored was taken. */
      backupTakenAt: b.ms("backup_taken_at"),
      /** Drill: the restored copy's row count per table. */
      rowCounts: b.json<Record<string, number>>("row_counts"),
      /** What went wrong, one sentence; null when it went well. */
      problem: b.text("problem"),
    },
    (t) => [b.index("backup_runs_kind_started_idx").on(t.kind, t.startedAt)],
  );
}

/**
 * The operator's webhook endpoints: where events are sent, which ones, and the signing secret (`whsec_…`).
 * After a rotation the previous secret keeps signing too until `previous_secret_until`, so a receiver
 * that has not switched yet still verifies every delivery.
 */
function webhookEndpointsTable(b: Columns) {
  return b.table("webhook_endpoints", {
    id: b.id("id"),
    url: b.text("url").notNull(),
    description: b.text("description").notNull().default(""),
    events: b.json<string[]>("events").notNull(),
    secret: b.text("secret").notNull(),
    previousSecret: b.text("previous_secret"),
    previousSecretUntil: b.ms("previous_secret_until"),
    enabled: b.bool("enabled").notNull().default(true),
    /** Why it was turned off by the site itself (every delivery failing for days); null otherwise. */
    disabledReason: b.text("disabled_reason"),
    /** Since when every attempt has failed; null while the last attempt succeeded. */
    failingSince: b.ms("failing_since"),
    createdAt: b.ms("created_at").notNull(),
    updatedAt: b.ms("updated_at").notNull(),
  });
}

/**
 * One event for one endpoint: the exact body sent and its `webhook-id`, written in the transaction of the
 * change that caused it, then delivered (and retried) by the webhook sender. A replay is a new row with the
 * same body and `webhook-id`.
 */
function webhookDeliveriesTable(b: Columns, { webhookEndpoints }: Record<"webhookEndpoints", Referenced>) {
  return b.table(
    "webhook_deliveries",
    {
      id: b.id("id"),
      endpointId: b
        .int("endpoint_id")
        .notNull()
        .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
      messageId: b.text("message_id").notNull(),
      eventType: b.text("event_type").notNull(),
      body: b.text("body").notNull(),
      status: b
        .text("status", { enum: ["pending", "delivered", "failed"] })
        .notNull()
        .default("pending"),
      attempts: b.int("attempts").notNull().default(0),
      nextAttemptAt: b.ms("next_attempt_at"),
      lastAttemptAt: b.ms("last_attempt_at"),
      lastResponseStatus: b.int("last_response_status"),
      lastResponseBody: b.text("last_response_body"),
      lastError: b.text("last_error"),
      createdAt: b.ms("created_at").notNull(),
      deliveredAt: b.ms("delivered_at"),
    },
    (t) => [
      b.index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
      b.index("webhook_deliveries_queue_idx").on(t.endpointId, t.status, t.id),
      b.index("webhook_deliveries_status_next_idx").on(t.status, t.nextAttemptAt),
    ],
  );
}
