/**
 * The books: every sale as CSV (RFC 4180), streamed a page at a time so a long history never sits in
 * memory; each sale's money as the books count it (books/money.ts). Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR first; a plain
 * negative number aside) are prefixed with an apostrophe.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db";
import { sales, type Sale } from "../../db/schema";
import { PLANS, type PlanId } from "../../shared/plans";
import { saleMoneyFields, saleMoneySql } from "../books/money";
import { latestCreditNote, latestCreditNotes } from "../invoices/credit-notes";

const PAGE = 500;

export const SALES_CSV_COLUMNS = [
  "date", "buyer", "plan", "status", "gross", "fee", "refunded", "disputed", "net", "currency", "provider_id", "promotion_code", "discount",
  "country", "tax_id", "tax", "tax_rate", "invoice_number", "credit_note_number",
] as const;

/** = + - @ tab CR: what a spreadsheet may run as a formula at the start of a cell. */
const FORMULA_START = new Set([..."=+-@\t\r"].map((c) => c.charCodeAt(0)));

/** One CSV cell: defused against formula injection, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  // A plain negative number (a net after a refund) stays a number; anything else starting so is text.
  const formulaLike = FORMULA_START.has(value.charCodeAt(0)) && !/^-\d+(\.\d+)?$/.test(value);
  const defused = formulaLike ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

const csvFields = {
  id: sales.id, createdAt: sales.createdAt, email: sales.email, plan: sales.plan, status: sales.status,
  currency: sales.currency, paymentIntentId: sales.paymentIntentId, promotionCode: sales.promotionCode,
  discountCents: sales.discountCents, ...saleMoneyFields,
  country: sales.country, taxId: sales.taxId, taxRate: sales.taxRate, invoiceNumber: sales.invoiceNumber,
};

type CsvSale = Pick<Sale, "createdAt" | "email" | "plan" | "status" | "currency" | "paymentIntentId" | "promotionCode" | "discountCents" | "country" | "taxId" | "taxRate" | "invoiceNumber">
  & { gross: number; fee: number; refunded: number; disputed: number; tax: number; net: number };

/** Tax: what a paid sale still holds after its credit notes (books/money.ts); net is without it. */
export function saleRow(sale: CsvSale, creditNoteNumber: string | null = null): string[] {
  return [
    new Date(sale.createdAt).toISOString(), sale.email, PLANS[sale.plan].name, sale.status,
    dollars(sale.gross), dollars(sale.fee), dollars(sale.refunded), dollars(sale.disputed), dollars(sale.net),
    // gross is what the buyer paid, after any promotion code; discount is what the code took off (never revenue).
    sale.currency.toUpperCase(), sale.paymentIntentId, sale.promotionCode ?? "", dollars(sale.discountCents),
    sale.country ?? "", sale.taxId ?? "", dollars(sale.tax), sale.taxRate === null ? "" : String(Number(sale.taxRate)),
    sale.invoiceNumber ?? "", creditNoteNumber ?? "",
  ];
}

const line = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

const money = saleMoneySql();
/** The CSV's columns straight from SQLite as arrays: drizzle's row mapping would cost more than the rest. */
const PAGE_SQL = `SELECT id, created_at, email, plan, status, ${money.gross}, ${money.fee}, ${money.refunded}, ${money.disputed}, ${money.net},
  currency, payment_intent_id, promotion_code, discount_cents, country, tax_id, ${money.tax}, tax_rate, invoice_number FROM sales WHERE id > ? ORDER BY id LIMIT ${PAGE}`;

type PageRow = [number, number, string, PlanId, string, number, number, number, number, number, string, string, string | null, number, string | null, string | null, number, string | null, string | null];

export function salesCsvStream(db: Db): ReadableStream<Uint8Array> {
  const page = db.$client.query(PAGE_SQL);
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
      const rows = page.values(afterId) as PageRow[];
      if (!rows.length) return controller.close();
      afterId = rows[rows.length - 1][0];
      const notes = latestCreditNotes(db, rows.map((row) => row[0]));
      let text = "";
      for (const [id, createdAt, email, plan, status, gross, fee, refunded, disputed, net, currency, paymentIntentId, promotionCode, discountCents, country, taxId, tax, taxRate, invoiceNumber] of rows) {
        const sale = { createdAt, email, plan, status: status as CsvSale["status"], currency, paymentIntentId, promotionCode, discountCents, gross, fee, refunded, disputed, net, country, taxId, tax, taxRate, invoiceNumber };
        text += line(saleRow(sale, notes.get(id) ?? null));
      }
      controller.enqueue(encoder.encode(text));
    },
  }, { highWaterMark: 1 });
}

/** One sale's CSV cells. */
export function saleCsvRow(db: DbOrTx, saleId: number): string[] | undefined {
  const row = db.select(csvFields).from(sales).where(eq(sales.id, saleId)).get();
  return row && saleRow(row, latestCreditNote(db, row.id));
}
