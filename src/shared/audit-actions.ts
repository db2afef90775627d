/**
 * Every action the audit log records, with what it means in the operator's words. The server's
 * writeAudit only takes these names; the admin panel's Audit tab shows the labels.
 */
export const AUDIT_ACTION_LABELS = {
  "product-keys.generate": "Generated product keys",
  "product-key.delete": "Deleted a product key",
  "email.test": "Sent a test email",
  "email.resend": "Resent an email",
  "email.retry-failed": "Retried every failed email",
  "ticket.status": "Changed a ticket's status",
  "ticket.reply": "Answered a support ticket",
  "product-keys.resend": "E-mailed a buyer their product keys",
  "link.reset": "Reset a linked account",
  "link.linked": "Linked a game account",
  "review.hide": "Hid a review",
  "review.show": "Showed a review again",
  "review.delete": "Deleted a review",
  "sale.refunded": "Refunded a sale",
  "sale.partially-refunded": "Partly refunded a sale",
  "sale.dispute-inquiry": "A bank asked about a sale's payment",
  "sale.disputed": "A sale's payment was disputed",
  "sale.dispute-won": "Won a dispute",
  "sale.dispute-lost": "Lost a dispute",
  "sale.fraud-warning": "A sale got an early fraud warning",
  "plan.update": "Changed a plan's price",
  "promotion-code.create": "Created a promotion code",
  "promotion-code.deactivate": "Turned a promotion code off",
  "promotion-code.activate": "Turned a promotion code back on",
  "promotion-code.delete": "Deleted an unused promotion code",
  "account.password-changed": "Changed their password",
  "account.email-changed": "Changed their email",
  "account.email-confirmed": "Confirmed their email",
  "account.deleted": "An account was deleted",
  "refund-request.approve": "Approved a refund request",
  "refund-request.decline": "Declined a refund request",
  "webhook.create": "Added a webhook endpoint",
  "webhook.update": "Changed a webhook endpoint",
  "webhook.delete": "Deleted a webhook endpoint",
  "webhook.rotate-secret": "Rotated a webhook endpoint's signing secret",
  "webhook.test": "Sent a test event to a webhook endpoint",
  "webhook.replay": "Sent a webhook delivery again",
  "seats.set": "Changed an account's seat count",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
