/**
 * The books' totals, read from the daily summary (books_daily) that triggers keep beside the sales, so
 * the overview and the revenue chart cost the same at a million sales as at ten; and the check that
 * rebuilds the summary from the sales and says whether it matched.
 */
import { count, gte, sql, type SQL } from "drizzle-orm";
import type { Database } from "bun:sqlite";
import { engineOf, type Db, type DbOrTx } from "../../db";
import { booksDaily, productKeyCounts, productKeys, sales } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { AVAILABLE_KEYS_SQL, REBUILD_BOOKS_SQL, rebuiltBookFields, saleDay, UNUSED_KEYS_SQL } from "./money";

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

const total = (column: (typeof booksDaily)[keyof BookTotals]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Built per query: the table objects are the engine's in use, bound when the database opens. */
const totalsFields = () => ({
  sales: total(booksDaily.sales),
  paidCount: total(booksDaily.paidCount),
  refundCount: total(booksDaily.refundCount),
  disputeCount: total(booksDaily.disputeCount),
  grossCents: total(booksDaily.grossCents),
  feeCents: total(booksDaily.feeCents),
  refundedCents: total(booksDaily.refundedCents),
  disputedCents: total(booksDaily.disputedCents),
  taxCents: total(booksDaily.taxCents),
  netCents: total(booksDaily.netCents),
});

/**
 * Revenue: what buyers paid, less refunds, open disputes and the tax in it (collected for the tax authorities).
 * The one definition the overview's figures and the revenue chart both show; net is that less every fee.
 */
export const revenueCents = (t: Pick<BookTotals, "grossCents" | "refundedCents" | "disputedCents" | "taxCents">) =>
  t.grossCents - t.refundedCents - t.disputedCents - t.taxCents;

/** Every sale's money, summed. */
export async function bookTotals(db: DbOrTx): Promise<BookTotals> {
  const [totals] = await db.select(totalsFields()).from(booksDaily);
  return totals!;
}

/** Totals per UTC day (its start in ms) from `from` on; days without sales are absent. */
export function bookDays(db: DbOrTx, from: number): Promise<(BookTotals & { day: number })[]> {
  return db
    .select({ day: booksDaily.day, ...totalsFields() })
    .from(booksDaily)
    .where(gte(booksDaily.day, from))
    .groupBy(booksDaily.day)
    .orderBy(booksDaily.day);
}

export const dayStart = (at: number) => at - (at % DAY);

/** Product keys in all, those not yet used, and those available to hand out (neither used nor bought). */
export async function productKeyTotals(db: DbOrTx): Promise<{ total: number; unused: number; available: number }> {
  const [totals] = await db
    .select({
      total: sql<number>`coalesce(sum(${productKeyCounts.total}), 0)`.mapWith(Number),
      unused: sql<number>`coalesce(sum(${productKeyCounts.unused}), 0)`.mapWith(Number),
      available: sql<number>`coalesce(sum(${productKeyCounts.available}), 0)`.mapWith(Number),
    })
    .from(productKeyCounts);
  return totals!;
}

const BOOK_COLUMNS = Object.keys(rebuiltBookFields) as (keyof typeof rebuiltBookFields)[];

export interface BooksCheck {
  matched: boolean;
  /** Day-and-plan rows of the summary. */
  rows: number;
  /** Rows that differed (the rebuilt values are what is now stored when `repair` was asked). */
  differences: { day: string; plan: string; column: string; kept: number; fromSales: number }[];
  repaired: boolean;
}

/** The summary as the sales add up to, one row per day and plan. */
const rebuiltBooks = (tx: DbOrTx) =>
  tx
    .select({ day: saleDay.as("day"), plan: sales.plan, ...rebuiltBookFields })
    .from(sales)
    .groupBy(saleDay, sales.plan);

/** The product keys per plan as the key rows add up to. */
const countedKeys = (tx: DbOrTx) =>
  tx
    .select({
      plan: productKeys.plan,
      total: count().mapWith(Number).as("total"),
      unused: sql.raw(UNUSED_KEYS_SQL).mapWith(Number).as("unused"),
      available: sql.raw(AVAILABLE_KEYS_SQL).mapWith(Number).as("available"),
    })
    .from(productKeys)
    .groupBy(productKeys.plan);

/**
 * Rebuilds the summary from the sales (in one transaction, so a sale written meanwhile can't make it
 * differ) and compares it with what the triggers kept. With `repair`, a summary that differed is
 * replaced by the rebuilt one in the same transaction. Counters of product keys are checked too.
 */
export function checkBooks(db: Db, options: { repair?: boolean } = {}): Promise<BooksCheck> {
  return db.transaction(async (tx) => {
    if (engineOf(tx) === "postgres") await oneSnapshot(tx, Boolean(options.repair));
    const differences: BooksCheck["differences"] = [];
    const key = (r: { day: number; plan: string }) => `${r.day}|${r.plan}`;
    const kept = new Map((await tx.select().from(booksDaily)).map((r) => [key(r), r]));
    const rebuilt = new Map((await rebuiltBooks(tx)).map((r) => [key(r), r]));
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
            plan: plan!,
            column: booksDaily[column].name,
            kept: keptValue,
            fromSales,
          });
      }
    }
    const keptKeys = new Map((await tx.select().from(productKeyCounts)).map((r) => [r.plan as string, r]));
    const realKeys = new Map((await countedKeys(tx)).map((r) => [r.plan as string, r]));
    for (const plan of new Set([...keptKeys.keys(), ...realKeys.keys()])) {
      for (const column of ["total", "unused", "available"] as const) {
        const keptValue = keptKeys.get(plan)?.[column] ?? 0,
          fromSales = realKeys.get(plan)?.[column] ?? 0;
        if (keptValue !== fromSales)
          differences.push({ day: "-", plan, column: `product_keys.${column}`, kept: keptValue, fromSales });
      }
    }
    const repaired = Boolean(options.repair && differences.length);
    if (repaired) {
      await tx.delete(booksDaily);
      await tx.insert(booksDaily).select(rebuiltBooks(tx));
      await tx.delete(productKeyCounts);
      await tx.insert(productKeyCounts).select(countedKeys(tx));
    }
    return { matched: differences.length === 0, rows: kept.size, differences, repaired };
  });
}

/**
 * On PostgreSQL (READ COMMITTED) each statement would see the sales as they are at its start, so a sale
 * committed between the two reads would show as a difference: the check reads one snapshot instead. A
 * repair also holds off writers of sales and keys (their triggers move the summary) until it commits;
 * the lock must come before the first read for the snapshot to include what committed before it.
 */
async function oneSnapshot(tx: DbOrTx, repair: boolean) {
  // The handle is typed as SQLite's; PostgreSQL's runs a statement with execute().
  const { execute } = tx as unknown as { execute(query: SQL): Promise<unknown> };
  await execute.call(tx, sql.raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"));
  if (repair) await execute.call(tx, sql.raw("LOCK TABLE sales, product_keys IN SHARE MODE"));
}

/**
 * The statements that replace the daily summary and the key counters by what the rows add up to, as
 * text both engines run: for writers that loaded rows with the triggers off (the bulk seed on SQLite,
 * the copy to PostgreSQL), inside the transaction that loaded them.
 */
export function rebuildBooksStatements(): string[] {
  const columns = ["day", "plan", ...BOOK_COLUMNS.map((column) => booksDaily[column].name)].join(", ");
  return [
    "DELETE FROM books_daily",
    `INSERT INTO books_daily (${columns}) SELECT ${columns} FROM (${REBUILD_BOOKS_SQL}) AS rebuilt`,
    "DELETE FROM product_key_counts",
    `INSERT INTO product_key_counts (plan, total, unused, available) SELECT plan, count(*), ${UNUSED_KEYS_SQL}, ${AVAILABLE_KEYS_SQL} FROM product_keys GROUP BY plan`,
  ];
}

/** `rebuildBooksStatements()` on a raw SQLite connection. */
export function rebuildBooks(client: Database) {
  for (const statement of rebuildBooksStatements()) client.run(statement);
}
