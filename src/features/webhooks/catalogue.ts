/**
 * Every event with an example of its `data`, for the OpenAPI document's `webhooks` (OpenAPI 3.1) and the
 * operator's page (docs/webhooks.md shows the same bodies). tests/api/webhooks-events.test.ts holds the
 * examples to the fields the events really carry.
 */
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@shared/webhooks";
import type { WebhookData } from "./events";

const sale = {
  saleId: 812,
  kind: "purchase",
  plan: "pro",
  seats: 1,
  amountCents: 2499,
  currency: "usd",
  taxCents: 0,
  discountCents: 0,
  promotionCode: null,
  refundedCents: 0,
  email: "buyer@example.com",
  country: "DE",
  invoiceNumber: "LL-2026-000812",
  renewalUserId: null,
  createdAt: "2026-11-28T14:03:11.512Z",
} satisfies WebhookData;

const subscription = {
  subscriptionId: 77,
  userId: 140,
  email: "buyer@example.com",
  plan: "pro",
  status: "active",
  startDate: "2026-11-28T14:05:40.118Z",
  endDate: "2027-03-28T14:05:40.118Z",
  cancelledAt: null,
} satisfies WebhookData;

const dispute = { disputeId: "du_1QxYz2AbCdEf", disputeStatus: "needs_response", disputeAmountCents: 2499 };

export const WEBHOOK_EXAMPLES: Record<WebhookEventType, WebhookData> = {
  "sale.completed": sale,
  "sale.refunded": { ...sale, refundedCents: 500, totalRefundedCents: 500, full: false },
  "dispute.opened": { ...sale, ...dispute },
  "dispute.closed": { ...sale, ...dispute, disputeStatus: "won", outcome: "won" },
  "subscription.renewed": subscription,
  "subscription.cancelled": { ...subscription, status: "cancelled", cancelledAt: "2026-12-30T09:12:00.000Z" },
  "subscription.ended": { ...subscription, status: "cancelled", cancelledAt: "2026-12-30T09:12:00.000Z" },
  "key.redeemed": { keyId: 3301, plan: "pro", saleId: 812, userId: 140, email: "buyer@example.com" },
  "account.created": { userId: 140, email: "buyer@example.com" },
  "account.deleted": { userId: 140, email: "deleted-account-140@deleted.invalid" },
  "ticket.created": { ticketId: 55, number: "#55", email: "asker@example.com", subject: "billing" },
  "webhook.test": { endpointId: 3, message: "A test event from the admin panel." },
};

/** An example body, exactly as sent. */
export function exampleBody(type: WebhookEventType) {
  return { type, timestamp: "2026-11-28T14:03:11.512Z", data: WEBHOOK_EXAMPLES[type] };
}

const header = (name: string, description: string, example: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
  example,
});

/** The OpenAPI 3.1 `webhooks` object: one POST per event, with the signature headers and an example body. */
export function openApiWebhooks() {
  const parameters = [
    header(
      "webhook-id",
      "Unique per event and endpoint; the same across retries and replays (use it to ignore duplicates).",
      "msg_2mXb7kQ0c1vR9aLz4sYt8pE3",
    ),
    header("webhook-timestamp", "Unix seconds of this attempt; refuse one more than 5 minutes off.", "1764338591"),
    header(
      "webhook-signature",
      "`v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded part of the `whsec_` secret. Two signatures, space-separated, for 24 hours after a rotation.",
      "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
    ),
  ];
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(".", "_")}`,
          summary: WEBHOOK_EVENT_LABELS[type],
          tags: ["Webhooks"],
          parameters,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["type", "timestamp", "data"],
                  properties: {
                    type: { const: type },
                    timestamp: { type: "string", format: "date-time", description: "When the event happened" },
                    data: {
                      type: "object",
                      description: "Ids, amounts in cents with their currency, the plan, dates, addresses",
                    },
                  },
                },
                example: exampleBody(type),
              },
            },
          },
          responses: {
            "200": {
              description: "Any 2xx answer is a delivery; anything else, a redirect or 15 s of silence is retried.",
            },
          },
        },
      },
    ]),
  );
}
