-- Who owns what, recorded once from the rule that was computed on every read until now: a sale is an account's
-- when it renewed with it, its confirmed address paid for it, or it redeemed its key (paid by it when bought with
-- its own address); tickets, checkouts and e-mails of a confirmed address are its own; an unconfirmed account owns
-- the e-mails about itself and those about the sales it paid for. A record goes to the first rule that names it.
UPDATE emails SET sale_id = (SELECT k.sale_id FROM product_keys k WHERE k.key = json_extract(emails.payload, '$.key'))
  WHERE template IN ('product-key', 'renewal-receipt', 'refund-notice') AND json_extract(payload, '$.key') IS NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'sale', s.id, u.id, 'renewal', 1, s.created_at FROM sales s JOIN users u ON u.id = s.renewal_user_id;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'sale', s.id, u.id, 'address', 1, s.created_at FROM sales s JOIN users u ON u.email = s.email
  WHERE u.email_confirmed_at IS NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'sale', s.id, u.id, 'key', s.email = u.email, coalesce(k.used_at, s.created_at)
  FROM product_keys k JOIN sales s ON s.id = k.sale_id JOIN users u ON u.id = k.used_by_user_id;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'ticket', t.id, u.id, 'address', 0, t.created_at FROM support_tickets t JOIN users u ON u.email = t.email
  WHERE u.email_confirmed_at IS NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'checkout', c.id, u.id, 'renewal', 0, c.created_at FROM checkouts c JOIN users u ON u.id = c.account_id;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'checkout', c.id, u.id, 'address', 0, c.created_at FROM checkouts c JOIN users u ON u.email = c.email
  WHERE u.email_confirmed_at IS NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'email', e.id, r.user_id, 'sale', 0, e.created_at FROM emails e
  JOIN account_records r ON r.kind = 'sale' AND r.record_id = e.sale_id AND r.paid = 1;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'email', e.id, u.id, 'address', 0, e.created_at FROM emails e JOIN users u ON u.email = e."to"
  WHERE u.email_confirmed_at IS NOT NULL;
--> statement-breakpoint
INSERT OR IGNORE INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'email', e.id, u.id, 'account', 0, e.created_at FROM emails e JOIN users u ON u.email = e."to"
  WHERE e.template IN ('welcome', 'address-confirm', 'address-invitation', 'password-reset', 'password-changed',
    'email-changed', 'cancellation', 'renewal-reminder', 'access-ended', 'key-sharing-alert');
