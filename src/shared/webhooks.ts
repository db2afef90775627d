/**
 * The events the site sends to the operator's webhook endpoints, with what each means in the operator's
 * words. The server records only these types; the admin panel's Webhooks tab offers them.
 */
export const WEBHOOK_EVENT_LABELS = {
  "sale.completed": "A purchase was paid (a new key, or a renewal from the dashboard)",
  "sale.refunded": "A sale was refunded, fully or in part",
  "dispute.opened": "A buyer's bank disputed a payment",
  "dispute.closed": "A dispute ended, won or lost",
  "subscription.renewed": "A subscription was extended by a key or a paid renewal",
  "subscription.cancelled": "A subscriber cancelled; access lasts to the end of the period",
  "subscription.ended": "A subscription's time ran out",
  "key.redeemed": "A product key was used, at sign-up or in the dashboard",
  "account.created": "An account was made with a product key",
  "account.deleted": "An account was deleted",
  "ticket.created": "A support ticket was opened",
  "webhook.test": "A test event sent from the admin panel",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_LABELS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_LABELS) as [WebhookEventType, ...WebhookEventType[]];

/** The tries of a delivery: the first at once, then after each of these waits (the Standard Webhooks schedule). */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
