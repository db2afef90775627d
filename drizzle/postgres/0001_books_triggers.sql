-- Custom SQL migration file, put your code below! --
-- The daily books (books_daily) kept by a trigger on sales, in the statement's own transaction, so every code
-- path that writes a sale keeps them right, as drizzle/0009 and 0013 do on SQLite. books_add counts a sale into its
-- day and plan (direction 1) or out of it (-1), its money as src/features/books/money.ts defines it (saleMoneySql
-- with the row `sale`; PostgreSQL needs the comparisons cast to integer). `layerlift books check` rebuilds the
-- summary from the sales to prove it.
CREATE FUNCTION books_add(sale sales, direction integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents)
  VALUES ((sale.created_at - sale.created_at % 86400000), sale.plan, direction, direction * CAST((sale.status = 'paid') AS integer), direction * CAST((sale.status = 'refunded' OR sale.refunded_cents > 0) AS integer), direction * CAST((sale.status = 'disputed') AS integer),
    direction * sale.amount_cents,
    direction * (sale.fee_cents + coalesce(sale.dispute_fee_cents, 0)),
    direction * (CASE WHEN sale.status = 'refunded' THEN sale.amount_cents ELSE sale.refunded_cents END),
    direction * (CASE WHEN sale.status = 'disputed' THEN coalesce(sale.dispute_amount_cents, sale.amount_cents) ELSE 0 END),
    direction * (CASE WHEN sale.status = 'paid' THEN sale.tax_cents - sale.refunded_tax_cents ELSE 0 END),
    direction * (sale.amount_cents - (CASE WHEN sale.status = 'refunded' THEN sale.amount_cents ELSE sale.refunded_cents END) - (CASE WHEN sale.status = 'disputed' THEN coalesce(sale.dispute_amount_cents, sale.amount_cents) ELSE 0 END) - (sale.fee_cents + coalesce(sale.dispute_fee_cents, 0)) - (CASE WHEN sale.status = 'paid' THEN sale.tax_cents - sale.refunded_tax_cents ELSE 0 END)))
  ON CONFLICT (day, plan) DO UPDATE SET sales = books_daily.sales + excluded.sales, paid_count = books_daily.paid_count + excluded.paid_count,
    refund_count = books_daily.refund_count + excluded.refund_count, dispute_count = books_daily.dispute_count + excluded.dispute_count,
    gross_cents = books_daily.gross_cents + excluded.gross_cents, fee_cents = books_daily.fee_cents + excluded.fee_cents,
    refunded_cents = books_daily.refunded_cents + excluded.refunded_cents, disputed_cents = books_daily.disputed_cents + excluded.disputed_cents,
    tax_cents = books_daily.tax_cents + excluded.tax_cents, net_cents = books_daily.net_cents + excluded.net_cents;
$$;
--> statement-breakpoint
CREATE FUNCTION books_follow_sale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM books_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM books_add(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_sale_insert_delete AFTER INSERT OR DELETE ON sales FOR EACH ROW EXECUTE FUNCTION books_follow_sale();
--> statement-breakpoint
CREATE TRIGGER books_sale_update AFTER UPDATE OF amount_cents, fee_cents, refunded_cents, status, dispute_amount_cents, dispute_fee_cents, plan, created_at, tax_cents, refunded_tax_cents ON sales FOR EACH ROW EXECUTE FUNCTION books_follow_sale();
--> statement-breakpoint
-- Product keys by plan for the overview's counts, kept the same way: a key leaves its old count and joins the new one.
CREATE FUNCTION product_key_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := TG_OP <> 'UPDATE' OR OLD.is_used IS DISTINCT FROM NEW.is_used OR OLD.plan IS DISTINCT FROM NEW.plan;
BEGIN
  IF moved AND TG_OP <> 'INSERT' THEN
    UPDATE product_key_counts SET total = total - 1, unused = unused - CAST(NOT OLD.is_used AS integer) WHERE plan = OLD.plan;
  END IF;
  IF moved AND TG_OP <> 'DELETE' THEN
    INSERT INTO product_key_counts (plan, total, unused) VALUES (NEW.plan, 1, CAST(NOT NEW.is_used AS integer))
    ON CONFLICT (plan) DO UPDATE SET total = product_key_counts.total + 1, unused = product_key_counts.unused + excluded.unused;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_key_counts_follow AFTER INSERT OR DELETE OR UPDATE OF is_used, plan ON product_keys FOR EACH ROW EXECUTE FUNCTION product_key_counts_follow();
