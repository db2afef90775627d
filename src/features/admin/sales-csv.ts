/**
 * The books: every sale as CSV (RFC 4180), streamed a page at a time so a long history never sits in
 * memory. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR first; a plain
 * negative number aside) are prefixed with an apostrophe.
 */
import { asc, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { sales, type Sale } from "../../db/schema";
import { PLANS } from "../../shared/plans";

const PAGE = 500;

export const SALES_CSV_COLUMNS = ["date", "buyer", "plan", "status", "gross", "fee", "refunded", "disputed", "net", "currency", "provider_id", "promotion_code", "discount"] as const;

/** One CSV cell: defused against formula injection, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  // A plain negative number (a net after a refund) stays a number; anything else starting so is text.
  const formulaLike = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value);
  const defused = formulaLike ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A sale's money in cents, as the books count it (the CSV and the revenue chart).
 * Refunded: everything for a refunded sale (a lost dispute too), the refunded part of a paid one.
 * Disputed: what the bank holds back while a dispute is open. Fee: the provider's, dispute fees included.
 * Net: what is left of the gross after all three.
 */
export function saleMoney(sale: Sale) {
  const refunded = sale.status === "refunded" ? sale.amountCents : sale.refundedCents;
  const disputed = sale.status === "disputed" ? sale.disputeAmountCents ?? sale.amountCents : 0;
  const fee = sale.feeCents + (sale.disputeFeeCents ?? 0);
  return { gross: sale.amountCents, fee, refunded, disputed, net: sale.amountCents - refunded - disputed - fee };
}

export function saleRow(sale: Sale): string[] {
  const money = saleMoney(sale);
  return [
    new Date(sale.createdAt).toISOString(), sale.email, PLANS[sale.plan].name, sale.status,
    dollars(money.gross), dollars(money.fee), dollars(money.refunded), dollars(money.disputed), dollars(money.net),
    sale.currency.toUpperCase(), sale.paymentIntentId, sale.promotionCode ?? "", dollars(sale.discountCents),
  ];
}

const line = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

export function salesCsvStream(db: DbOrTx): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let headerSent = false;
  return new ReadableStream({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(line(SALES_CSV_COLUMNS)));
        return;
      }
      const rows = db.select().from(sales).where(gt(sales.id, afterId)).orderBy(asc(sales.id)).limit(PAGE).all();
      if (!rows.length) return controller.close();
      afterId = rows.at(-1)!.id;
      controller.enqueue(encoder.encode(rows.map((row) => line(saleRow(row))).join("")));
    },
  });
}
