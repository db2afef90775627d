-- Custom SQL migration file, put your code below! --
-- The prices a fresh site shows (the month plan on sale: was 9.99, badge 30% OFF!), as drizzle/0011 on SQLite.
INSERT INTO plan_prices (plan, price_cents, compare_at_cents, badge, visible, updated_at) VALUES
  ('month', 699, 999, '30% OFF!', true, 0),
  ('pro', 2499, NULL, NULL, true, 0),
  ('lifetime', 14999, NULL, NULL, true, 0)
ON CONFLICT (plan) DO NOTHING;
