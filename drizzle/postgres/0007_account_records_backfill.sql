-- Who owns what, recorded once from the rule that was computed on every read until now: a sale is an account's
-- when it renewed with it, its confirmed address paid for it, or it redeemed its key (paid by it when bought with
-- its own address); tickets, checkouts and e-mails of a confirmed address are its own; an unconfirmed account owns
-- the e-mails about itself and those about the sales it paid for. A record goes to the first rule that names it.
UPDATE emails SET sale_id = (SELECT k.sale_id FROM product_keys k WHERE k.key = emails.payload->>'key')
  WHERE template IN ('product-key', 'renewal-receipt', 'refund-notice') AND payload->>'key' IS NOT NULL;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'sale', s.id, u.id, 'renewal', true, s.created_at FROM sales s JOIN users u ON u.id = s.renewal_user_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'sale', s.id, u.id, 'address', true, s.created_at FROM sales s JOIN users u ON u.email = s.email
  WHERE u.email_confirmed_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'sale', s.id, u.id, 'key', s.email = u.email, coalesce(k.used_at, s.created_at)
  FROM product_keys k JOIN sales s ON s.id = k.sale_id JOIN users u ON u.id = k.used_by_user_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'ticket', t.id, u.id, 'address', false, t.created_at FROM support_tickets t JOIN users u ON u.email = t.email
  WHERE u.email_confirmed_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'checkout', c.id, u.id, 'renewal', false, c.created_at FROM checkouts c JOIN users u ON u.id = c.account_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'checkout', c.id, u.id, 'address', false, c.created_at FROM checkouts c JOIN users u ON u.email = c.email
  WHERE u.email_confirmed_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'email', e.id, r.user_id, 'sale', false, e.created_at FROM emails e
  JOIN account_records r ON r.kind = 'sale' AND r.record_id = e.sale_id AND r.paid
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'email', e.id, u.id, 'address', false, e.created_at FROM emails e JOIN users u ON u.email = e."to"
  WHERE u.email_confirmed_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO account_records (kind, record_id, user_id, reason, paid, created_at)
  SELECT 'email', e.id, u.id, 'account', false, e.created_at FROM emails e JOIN users u ON u.email = e."to"
  WHERE e.template IN ('welcome', 'address-confirm', 'address-invitation', 'password-reset', 'password-changed',
    'email-changed', 'cancellation', 'renewal-reminder', 'access-ended', 'key-sharing-alert')
ON CONFLICT DO NOTHING;
