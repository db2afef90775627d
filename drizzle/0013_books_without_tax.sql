-- Custom SQL migration file, put your code below! --
-- Tax collected is not revenue: the books' triggers (0009) now keep each day's tax apart and count net
-- without it, as src/features/books/money.ts defines (saleMoneySql with NEW / OLD), and they follow the
-- tax columns too. The summary is then rebuilt from the sales with the new definition.
DROP TRIGGER books_sale_insert;
--> statement-breakpoint
DROP TRIGGER books_sale_delete;
--> statement-breakpoint
DROP TRIGGER books_sale_update;
--> statement-breakpoint
CREATE TRIGGER books_sale_insert AFTER INSERT ON sales BEGIN
  INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents)
  VALUES ((NEW.created_at - NEW.created_at % 86400000), NEW.plan, 1, (NEW.status = 'paid'), (NEW.status = 'refunded' OR NEW.refunded_cents > 0), (NEW.status = 'disputed'),
    NEW.amount_cents, (NEW.fee_cents + coalesce(NEW.dispute_fee_cents, 0)), (CASE WHEN NEW.status = 'refunded' THEN NEW.amount_cents ELSE NEW.refunded_cents END), (CASE WHEN NEW.status = 'disputed' THEN coalesce(NEW.dispute_amount_cents, NEW.amount_cents) ELSE 0 END), (CASE WHEN NEW.status = 'paid' THEN NEW.tax_cents - NEW.refunded_tax_cents ELSE 0 END), (NEW.amount_cents - (CASE WHEN NEW.status = 'refunded' THEN NEW.amount_cents ELSE NEW.refunded_cents END) - (CASE WHEN NEW.status = 'disputed' THEN coalesce(NEW.dispute_amount_cents, NEW.amount_cents) ELSE 0 END) - (NEW.fee_cents + coalesce(NEW.dispute_fee_cents, 0)) - (CASE WHEN NEW.status = 'paid' THEN NEW.tax_cents - NEW.refunded_tax_cents ELSE 0 END)))
  ON CONFLICT (day, plan) DO UPDATE SET sales = sales + excluded.sales, paid_count = paid_count + excluded.paid_count,
    refund_count = refund_count + excluded.refund_count, dispute_count = dispute_count + excluded.dispute_count,
    gross_cents = gross_cents + excluded.gross_cents, fee_cents = fee_cents + excluded.fee_cents,
    refunded_cents = refunded_cents + excluded.refunded_cents, disputed_cents = disputed_cents + excluded.disputed_cents,
    tax_cents = tax_cents + excluded.tax_cents, net_cents = net_cents + excluded.net_cents;
END;
--> statement-breakpoint
CREATE TRIGGER books_sale_delete AFTER DELETE ON sales BEGIN
  INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents)
  VALUES ((OLD.created_at - OLD.created_at % 86400000), OLD.plan, -1, -(OLD.status = 'paid'), -(OLD.status = 'refunded' OR OLD.refunded_cents > 0), -(OLD.status = 'disputed'),
    -OLD.amount_cents, -(OLD.fee_cents + coalesce(OLD.dispute_fee_cents, 0)), -(CASE WHEN OLD.status = 'refunded' THEN OLD.amount_cents ELSE OLD.refunded_cents END), -(CASE WHEN OLD.status = 'disputed' THEN coalesce(OLD.dispute_amount_cents, OLD.amount_cents) ELSE 0 END), -(CASE WHEN OLD.status = 'paid' THEN OLD.tax_cents - OLD.refunded_tax_cents ELSE 0 END), -(OLD.amount_cents - (CASE WHEN OLD.status = 'refunded' THEN OLD.amount_cents ELSE OLD.refunded_cents END) - (CASE WHEN OLD.status = 'disputed' THEN coalesce(OLD.dispute_amount_cents, OLD.amount_cents) ELSE 0 END) - (OLD.fee_cents + coalesce(OLD.dispute_fee_cents, 0)) - (CASE WHEN OLD.status = 'paid' THEN OLD.tax_cents - OLD.refunded_tax_cents ELSE 0 END)))
  ON CONFLICT (day, plan) DO UPDATE SET sales = sales + excluded.sales, paid_count = paid_count + excluded.paid_count,
    refund_count = refund_count + excluded.refund_count, dispute_count = dispute_count + excluded.dispute_count,
    gross_cents = gross_cents + excluded.gross_cents, fee_cents = fee_cents + excluded.fee_cents,
    refunded_cents = refunded_cents + excluded.refunded_cents, disputed_cents = disputed_cents + excluded.disputed_cents,
    tax_cents = tax_cents + excluded.tax_cents, net_cents = net_cents + excluded.net_cents;
END;
--> statement-breakpoint
CREATE TRIGGER books_sale_update AFTER UPDATE OF amount_cents, fee_cents, refunded_cents, status, dispute_amount_cents, dispute_fee_cents, plan, created_at, tax_cents, refunded_tax_cents ON sales BEGIN
  INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents)
  VALUES ((OLD.created_at - OLD.created_at % 86400000), OLD.plan, -1, -(OLD.status = 'paid'), -(OLD.status = 'refunded' OR OLD.refunded_cents > 0), -(OLD.status = 'disputed'),
    -OLD.amount_cents, -(OLD.fee_cents + coalesce(OLD.dispute_fee_cents, 0)), -(CASE WHEN OLD.status = 'refunded' THEN OLD.amount_cents ELSE OLD.refunded_cents END), -(CASE WHEN OLD.status = 'disputed' THEN coalesce(OLD.dispute_amount_cents, OLD.amount_cents) ELSE 0 END), -(CASE WHEN OLD.status = 'paid' THEN OLD.tax_cents - OLD.refunded_tax_cents ELSE 0 END), -(OLD.amount_cents - (CASE WHEN OLD.status = 'refunded' THEN OLD.amount_cents ELSE OLD.refunded_cents END) - (CASE WHEN OLD.status = 'disputed' THEN coalesce(OLD.dispute_amount_cents, OLD.amount_cents) ELSE 0 END) - (OLD.fee_cents + coalesce(OLD.dispute_fee_cents, 0)) - (CASE WHEN OLD.status = 'paid' THEN OLD.tax_cents - OLD.refunded_tax_cents ELSE 0 END)))
  ON CONFLICT (day, plan) DO UPDATE SET sales = sales + excluded.sales, paid_count = paid_count + excluded.paid_count,
    refund_count = refund_count + excluded.refund_count, dispute_count = dispute_count + excluded.dispute_count,
    gross_cents = gross_cents + excluded.gross_cents, fee_cents = fee_cents + excluded.fee_cents,
    refunded_cents = refunded_cents + excluded.refunded_cents, disputed_cents = disputed_cents + excluded.disputed_cents,
    tax_cents = tax_cents + excluded.tax_cents, net_cents = net_cents + excluded.net_cents;
  INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents)
  VALUES ((NEW.created_at - NEW.created_at % 86400000), NEW.plan, 1, (NEW.status = 'paid'), (NEW.status = 'refunded' OR NEW.refunded_cents > 0), (NEW.status = 'disputed'),
    NEW.amount_cents, (NEW.fee_cents + coalesce(NEW.dispute_fee_cents, 0)), (CASE WHEN NEW.status = 'refunded' THEN NEW.amount_cents ELSE NEW.refunded_cents END), (CASE WHEN NEW.status = 'disputed' THEN coalesce(NEW.dispute_amount_cents, NEW.amount_cents) ELSE 0 END), (CASE WHEN NEW.status = 'paid' THEN NEW.tax_cents - NEW.refunded_tax_cents ELSE 0 END), (NEW.amount_cents - (CASE WHEN NEW.status = 'refunded' THEN NEW.amount_cents ELSE NEW.refunded_cents END) - (CASE WHEN NEW.status = 'disputed' THEN coalesce(NEW.dispute_amount_cents, NEW.amount_cents) ELSE 0 END) - (NEW.fee_cents + coalesce(NEW.dispute_fee_cents, 0)) - (CASE WHEN NEW.status = 'paid' THEN NEW.tax_cents - NEW.refunded_tax_cents ELSE 0 END)))
  ON CONFLICT (day, plan) DO UPDATE SET sales = sales + excluded.sales, paid_count = paid_count + excluded.paid_count,
    refund_count = refund_count + excluded.refund_count, dispute_count = dispute_count + excluded.dispute_count,
    gross_cents = gross_cents + excluded.gross_cents, fee_cents = fee_cents + excluded.fee_cents,
    refunded_cents = refunded_cents + excluded.refunded_cents, disputed_cents = disputed_cents + excluded.disputed_cents,
    tax_cents = tax_cents + excluded.tax_cents, net_cents = net_cents + excluded.net_cents;
END;
--> statement-breakpoint
DELETE FROM books_daily;
--> statement-breakpoint
INSERT INTO books_daily (day, plan, sales, paid_count, refund_count, dispute_count, gross_cents, fee_cents, refunded_cents, disputed_cents, tax_cents, net_cents)
  SELECT (sales.created_at - sales.created_at % 86400000), sales.plan, count(*), sum((sales.status = 'paid')), sum((sales.status = 'refunded' OR sales.refunded_cents > 0)), sum((sales.status = 'disputed')),
    sum(sales.amount_cents), sum((sales.fee_cents + coalesce(sales.dispute_fee_cents, 0))), sum((CASE WHEN sales.status = 'refunded' THEN sales.amount_cents ELSE sales.refunded_cents END)), sum((CASE WHEN sales.status = 'disputed' THEN coalesce(sales.dispute_amount_cents, sales.amount_cents) ELSE 0 END)), sum((CASE WHEN sales.status = 'paid' THEN sales.tax_cents - sales.refunded_tax_cents ELSE 0 END)), sum((sales.amount_cents - (CASE WHEN sales.status = 'refunded' THEN sales.amount_cents ELSE sales.refunded_cents END) - (CASE WHEN sales.status = 'disputed' THEN coalesce(sales.dispute_amount_cents, sales.amount_cents) ELSE 0 END) - (sales.fee_cents + coalesce(sales.dispute_fee_cents, 0)) - (CASE WHEN sales.status = 'paid' THEN sales.tax_cents - sales.refunded_tax_cents ELSE 0 END)))
  FROM sales GROUP BY 1, 2;
