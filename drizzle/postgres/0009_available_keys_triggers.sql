-- Custom SQL migration file, put your code below! --
-- Available product keys (neither used nor bought: no sale holds them), counted per plan beside the keys in all
-- and the unused ones (0001), by a trigger of its own on product_keys, so a key that is made, sold, redeemed,
-- deleted or refunded keeps the overview's "available" count right; the older trigger stays as it is, so the
-- release before this one keeps its counts while it still runs. The trigger is made first: it locks out writers
-- of product_keys until the migration commits, so the count filled after it misses no key.
CREATE FUNCTION product_key_counts_available_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := TG_OP <> 'UPDATE' OR OLD.is_used IS DISTINCT FROM NEW.is_used OR OLD.plan IS DISTINCT FROM NEW.plan
    OR (OLD.sale_id IS NULL) IS DISTINCT FROM (NEW.sale_id IS NULL);
BEGIN
  IF moved AND TG_OP <> 'INSERT' THEN
    UPDATE product_key_counts SET available = available - CAST(NOT OLD.is_used AND OLD.sale_id IS NULL AS integer)
    WHERE plan = OLD.plan;
  END IF;
  IF moved AND TG_OP <> 'DELETE' THEN
    INSERT INTO product_key_counts (plan, available) VALUES (NEW.plan, CAST(NOT NEW.is_used AND NEW.sale_id IS NULL AS integer))
    ON CONFLICT (plan) DO UPDATE SET available = product_key_counts.available + excluded.available;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_key_counts_available_follow AFTER INSERT OR DELETE OR UPDATE OF is_used, plan, sale_id ON product_keys FOR EACH ROW EXECUTE FUNCTION product_key_counts_available_follow();
--> statement-breakpoint
UPDATE product_key_counts SET available = (
  SELECT count(*) FROM product_keys k WHERE k.plan = product_key_counts.plan AND NOT k.is_used AND k.sale_id IS NULL
);
