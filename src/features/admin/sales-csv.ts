/**
 * The books: every sale as CSV (RFC 4180), streamed a page at a time so a long history never sits in
 * memory. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR first; a plain
 * negative number aside) are prefixed with an apostrophe.
 */
import { asc, gt } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { sales, type Sale } from "../../db/schema";
import { PLANS } from "../../shared/plans";
import { latestCreditNotes } from "../invoices/credit-notes";

const PAGE = 500;

export const SALES_CSV_COLUMNS = [
  "date", "buyer", "plan", "status", "gross", "fee", "refunded", "disputed", "net", "currency", "provider_id",
  "country", "tax_id", "tax", "tax_rate", "invoice_number", "credit_note_number",
] as const;

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
 * Tax: the tax a paid sale still holds after its credit notes (the tax authority's money, never revenue).
 * Net: what is left of the gross after all four.
 */
export function saleMoney(sale: Sale) {
  const refunded = sale.status === "refunded" ? sale.amountCents : sale.refundedCents;
  const disputed = sale.status === "disputed" ? sale.disputeAmountCents ?? sale.amountCents : 0;
  const fee = sale.feeCents + (sale.disputeFeeCents ?? 0);
  const tax = sale.status === "paid" ? sale.taxCents - sale.refundedTaxCents : 0;
  return { gross: sale.amountCents, fee, refunded, disputed, tax, net: sale.amountCents - refunded - disputed - fee - tax };
}

export function saleRow(sale: Sale, creditNoteNumber: string | null = null): string[] {
  const money = saleMoney(sale);
  return [
    new Date(sale.createdAt).toISOString(), sale.email, PLANS[sale.plan].name, sale.status,
    dollars(money.gross), dollars(money.fee), dollars(money.refunded), dollars(money.disputed), dollars(money.net),
    sale.currency.toUpperCase(), sale.paymentIntentId,
    sale.country ?? "", sale.taxId ?? "", dollars(money.tax), sale.taxRate === null ? "" : String(Number(sale.taxRate)),
    sale.invoiceNumber ?? "", creditNoteNumber ?? "",
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
      const notes = latestCreditNotes(db, rows.map((row) => row.id));
      controller.enqueue(encoder.encode(rows.map((row) => line(saleRow(row, notes.get(row.id) ?? null))).join("")));
    },
  });
}
