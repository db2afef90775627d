/** The admin webhooks API: endpoints, their signing secrets (shown once) and their deliveries. */
import { t, type Static } from "./type-system";
import { Int, IsoDate, IsoDateOrNull, oneOf } from "./common";
import { WEBHOOK_EVENT_TYPES } from "../webhooks";

/** Longest URL an endpoint may have: what browsers and proxies reliably carry. */
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const eventType = oneOf(WEBHOOK_EVENT_TYPES, {
  error: `Each event must be one of: ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
});
const events = t.Array(eventType, {
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
  uniqueItems: true,
  error: "Choose at least one event, each once.",
});
const url = t.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  error: `The URL must be an http(s) address of at most ${WEBHOOK_URL_MAX} characters.`,
});
const description = t.String({
  maxLength: WEBHOOK_DESCRIPTION_MAX,
  error: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
});
const secret = t.String({
  description: "The signing secret, `whsec_` + base64 of random bytes: shown only in this answer, never again",
});

const endpoint = t.Object({
  id: Int(),
  url: t.String(),
  description: t.String(),
  events: t.Array(t.String()),
  enabled: t.Boolean(),
  disabledReason: t.Nullable(t.String({ description: "Why the site turned it off itself; null otherwise" })),
  failingSince: t.Nullable(IsoDate),
  secondSecretUntil: t.Nullable(
    t.String({ format: "date-time", description: "After a rotation: until when deliveries carry both signatures" }),
  ),
  pending: Int({ description: "Deliveries waiting to be sent or retried" }),
  createdAt: IsoDate,
});

const delivery = t.Object({
  id: Int(),
  endpointId: Int(),
  eventType: t.String(),
  webhookId: t.String({ description: "The `webhook-id` header: the same across retries and replays" }),
  status: oneOf(["pending", "delivered", "failed"]),
  attempts: Int(),
  lastResponseStatus: t.Nullable(
    Int({ description: "The last attempt's HTTP status; null for none (timeout, refused)" }),
  ),
  lastResponseBody: t.Nullable(t.String({ description: "The first 1 KB of the last answer's body" })),
  lastError: t.Nullable(t.String()),
  nextAttemptAt: IsoDateOrNull,
  createdAt: IsoDate,
  deliveredAt: IsoDateOrNull,
});

export const WebhookModel = {
  create: t.Object({ url, events, description: t.Optional(description) }),
  update: t.Object({
    url: t.Optional(url),
    events: t.Optional(events),
    description: t.Optional(description),
    enabled: t.Optional(t.Boolean({ error: "enabled must be true or false." })),
  }),
  endpoint,
  endpoints: t.Array(endpoint),
  created: t.Object({ ...endpoint.properties, secret }),
  rotated: t.Object({
    id: Int(),
    secret,
    secondSecretUntil: t.String({
      format: "date-time",
      description: "Until then deliveries are signed with the old secret too",
    }),
  }),
  delivery,
  deliveries: t.Array(delivery),
  deleted: t.Object({ deleted: t.Literal(true) }),
};

export type WebhookEndpointView = Static<typeof WebhookModel.endpoint>;
export type CreatedWebhookEndpoint = Static<typeof WebhookModel.created>;
export type RotatedWebhookSecret = Static<typeof WebhookModel.rotated>;
export type WebhookDeliveryView = Static<typeof WebhookModel.delivery>;
export type WebhookEndpointInput = Static<typeof WebhookModel.create>;
export type WebhookEndpointChange = Static<typeof WebhookModel.update>;
