/**
 * The books' totals, read from the daily summary (books_daily) that triggers keep beside the sales, so
 * the overview and the revenue chart cost the same at a million sales as at ten; and the check that
 * rebuilds the summary from the sales and says whether it matched.
 */
import { gte, sql } from "drizzle-orm";
import type { Database } from "bun:sqlite";
import type { DbOrTx } from "../../db";
import { booksDaily, productKeyCounts } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { REBUILD_BOOKS_SQL } from "./money";

export interface BookTotals {
  sales: number;
  paidCount: number;
  refundCount: number;
  disputeCount: number;
  grossCents: number;
  feeCents: number;
  refundedCents: number;
  disputedCents: number;
  /** Tax paid sales still hold (money.ts): collected for the tax authorities, not revenue. */
  taxCents: number;
  /** Net revenue: gross minus refunds, open disputes and every fee (see money.ts). The one net figure. */
  netCents: number;
}

const totalsFields = {
  sales: sql<number>`coalesce(sum(${booksDaily.sales}), 0)`,
  paidCount: sql<number>`coalesce(sum(${booksDaily.paidCount}), 0)`,
  refundCount: sql<number>`coalesce(sum(${booksDaily.refundCount}), 0)`,
  disputeCount: sql<number>`coalesce(sum(${booksDaily.disputeCount}), 0)`,
  grossCents: sql<number>`coalesce(sum(${booksDaily.grossCents}), 0)`,
  feeCents: sql<number>`coalesce(sum(${booksDaily.feeCents}), 0)`,
  refundedCents: sql<number>`coalesce(sum(${booksDaily.refundedCents}), 0)`,
  disputedCents: sql<number>`coalesce(sum(${booksDaily.disputedCents}), 0)`,
  taxCents: sql<number>`coalesce(sum(${booksDaily.taxCents}), 0)`,
  netCents: sql<number>`coalesce(sum(${booksDaily.netCents}), 0)`,
};

/**
 * Revenue: what buyers paid, less refunds, open disputes and the tax in it (collected for the tax authorities).
 * The one definition the overview's figures and the revenue chart both show; net is that less every fee.
 */
export const revenueCents = (t: Pick<BookTotals, "grossCents" | "refundedCents" | "disputedCents" | "taxCents">) =>
  t.grossCents - t.refundedCents - t.disputedCents - t.taxCents;

/** Every sale's money, summed. */
export function bookTotals(db: DbOrTx): BookTotals {
  return db.select(totalsFields).from(booksDaily).get()!;
}

/** Totals per UTC day (its start in ms) from `from` on; days without sales are absent. */
export function bookDays(db: DbOrTx, from: number): (BookTotals & { day: number })[] {
  return db
    .select({ day: booksDaily.day, ...totalsFields })
    .from(booksDaily)
    .where(gte(booksDaily.day, from))
    .groupBy(booksDaily.day)
    .orderBy(booksDaily.day)
    .all();
}

export const dayStart = (at: number) => at - (at % DAY);

/** Product keys in all, and those not yet used. */
export function productKeyTotals(db: DbOrTx): { total: number; unused: number } {
  return db
    .select({
      total: sql<number>`coalesce(sum(${productKeyCounts.total}), 0)`,
      unused: sql<number>`coalesce(sum(${productKeyCounts.unused}), 0)`,
    })
    .from(productKeyCounts)
    .get()!;
}

const BOOK_COLUMNS = [
  "sales",
  "paid_count",
  "refund_count",
  "dispute_count",
  "gross_cents",
  "fee_cents",
  "refunded_cents",
  "disputed_cents",
  "tax_cents",
  "net_cents",
] as const;
type BookRow = { day: number; plan: string } & Record<(typeof BOOK_COLUMNS)[number], number>;

export interface BooksCheck {
  matched: boolean;
  /** Day-and-plan rows of the summary. */
  rows: number;
  /** Rows that differed (the rebuilt values are what is now stored when `repair` was asked). */
  differences: { day: string; plan: string; column: string; kept: number; fromSales: number }[];
  repaired: boolean;
}

/**
 * Rebuilds the summary from the sales (in one read transaction, so a sale written meanwhile can't
 * make it differ) and compares it with what the triggers kept. With `repair`, a summary that differed
 * is replaced by the rebuilt one in the same transaction. Counters of product keys are checked too.
 */
export function checkBooks(client: Database, options: { repair?: boolean } = {}): BooksCheck {
  return client
    .transaction(() => {
      const key = (r: { day: number; plan: string }) => `${r.day}|${r.plan}`;
      const kept = new Map((client.query("SELECT * FROM books_daily").all() as BookRow[]).map((r) => [key(r), r]));
      const rebuilt = new Map((client.query(REBUILD_BOOKS_SQL).all() as BookRow[]).map((r) => [key(r), r]));
      const differences: BooksCheck["differences"] = [];
      for (const k of new Set([...kept.keys(), ...rebuilt.keys()])) {
        const a = kept.get(k),
          b = rebuilt.get(k);
        const [day, plan] = k.split("|");
        for (const column of BOOK_COLUMNS) {
          const keptValue = a?.[column] ?? 0,
            fromSales = b?.[column] ?? 0;
          if (keptValue !== fromSales)
            differences.push({
              day: new Date(Number(day)).toISOString().slice(0, 10),
              plan,
              column,
              kept: keptValue,
              fromSales,
            });
        }
      }
      const keyCounts = client
        .query(`SELECT p.plan, p.total, p.unused, coalesce(k.total, 0) AS real_total, coalesce(k.unused, 0) AS real_unused
      FROM product_key_counts p LEFT JOIN (SELECT plan, count(*) AS total, sum(is_used = 0) AS unused FROM product_keys GROUP BY plan) k ON k.plan = p.plan
      UNION ALL SELECT k.plan, 0, 0, count(*), sum(is_used = 0) FROM product_keys k WHERE k.plan NOT IN (SELECT plan FROM product_key_counts) GROUP BY k.plan`)
        .all() as { plan: string; total: number; unused: number; real_total: number; real_unused: number }[];
      for (const r of keyCounts) {
        if (r.total !== r.real_total)
          differences.push({
            day: "-",
            plan: r.plan,
            column: "product_keys.total",
            kept: r.total,
            fromSales: r.real_total,
          });
        if (r.unused !== r.real_unused)
          differences.push({
            day: "-",
            plan: r.plan,
            column: "product_keys.unused",
            kept: r.unused,
            fromSales: r.real_unused,
          });
      }
      const repaired = Boolean(options.repair && differences.length);
      if (repaired) rebuildBooks(client);
      return { matched: differences.length === 0, rows: kept.size, differences, repaired };
    })
    .immediate();
}

/**
 * Replaces the daily summary and the key counters by what the rows add up to, one statement each
 * (the repair above, and a bulk load that wrote its rows with the triggers off). Call it inside a transaction.
 */
export function rebuildBooks(client: Database) {
  client.run("DELETE FROM books_daily");
  client.run(
    `INSERT INTO books_daily (day, plan, ${BOOK_COLUMNS.join(", ")}) SELECT day, plan, ${BOOK_COLUMNS.join(", ")} FROM (${REBUILD_BOOKS_SQL})`,
  );
  client.run("DELETE FROM product_key_counts");
  client.run(
    "INSERT INTO product_key_counts (plan, total, unused) SELECT plan, count(*), sum(is_used = 0) FROM product_keys GROUP BY plan",
  );
}
