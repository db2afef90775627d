-- Custom SQL migration file, put your code below! --
-- Available product keys (neither used nor bought: no sale holds them), counted per plan beside the keys in all
-- and the unused ones (0009), by triggers of their own on product_keys, so a key that is made, sold, redeemed,
-- deleted or refunded keeps the overview's "available" count right. The count is then filled from the keys.
CREATE TRIGGER product_key_counts_available_insert AFTER INSERT ON product_keys BEGIN
  INSERT INTO product_key_counts (plan, available) VALUES (NEW.plan, (NEW.is_used = 0 AND NEW.sale_id IS NULL))
  ON CONFLICT (plan) DO UPDATE SET available = available + excluded.available;
END;
--> statement-breakpoint
CREATE TRIGGER product_key_counts_available_delete AFTER DELETE ON product_keys BEGIN
  UPDATE product_key_counts SET available = available - (OLD.is_used = 0 AND OLD.sale_id IS NULL) WHERE plan = OLD.plan;
END;
--> statement-breakpoint
CREATE TRIGGER product_key_counts_available_update AFTER UPDATE OF plan, is_used, sale_id ON product_keys BEGIN
  UPDATE product_key_counts SET available = available - (OLD.is_used = 0 AND OLD.sale_id IS NULL) WHERE plan = OLD.plan;
  INSERT INTO product_key_counts (plan, available) VALUES (NEW.plan, (NEW.is_used = 0 AND NEW.sale_id IS NULL))
  ON CONFLICT (plan) DO UPDATE SET available = available + excluded.available;
END;
--> statement-breakpoint
UPDATE product_key_counts SET available = (
  SELECT count(*) FROM product_keys k WHERE k.plan = product_key_counts.plan AND k.is_used = 0 AND k.sale_id IS NULL
);
