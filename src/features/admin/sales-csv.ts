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
import { latestCreditNote } from "../invoices/credit-notes";

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
/** Rows per page: a page's overhead vanishes, and it stays a few hundred kB. */
const PAGE = 2000;

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
/**
 * A page of the CSV's columns straight from SQLite as arrays (drizzle's row mapping would cost more than
 * the rest), each sale's newest credit note through credit_notes_sale_idx in the same statement.
 */
const PAGE_SQL = `SELECT id, created_at, email, plan, status, ${money.gross}, ${money.fee}, ${money.refunded}, ${money.disputed}, ${money.net},
  currency, payment_intent_id, promotion_code, discount_cents, country, tax_id, ${money.tax}, tax_rate, invoice_number,
  (SELECT number FROM credit_notes WHERE credit_notes.sale_id = sales.id ORDER BY credit_notes.id DESC LIMIT 1)
  FROM sales WHERE id > ? ORDER BY id LIMIT ${PAGE}`;

type PageRow = [number, number, string, PlanId, string, number, number, number, number, number, string, string, string | null, number, string | null, string | null, number, string | null, string | null, string | null];

/** What csvCell would change; most cells need nothing, and a regex test is cheaper than the rule. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;
const text = (value: string | null) => (value === null ? "" : NEEDS_CARE.test(value) ? csvCell(value) : value);
const PLAN_CELLS = Object.fromEntries(Object.entries(PLANS).map(([id, plan]) => [id, csvCell(plan.name)])) as Record<PlanId, string>;

/** saleRow's cells, joined without the arrays and objects per row (a test holds the two equal). */
function pageLines(rows: PageRow[]): string {
  let out = "";
  for (const [, createdAt, email, plan, status, gross, fee, refunded, disputed, net, currency, paymentIntentId, promotionCode, discountCents, country, taxId, tax, taxRate, invoiceNumber, creditNote] of rows) {
    out += `${new Date(createdAt).toISOString()},${text(email)},${PLAN_CELLS[plan]},${text(status)},${dollars(gross)},${dollars(fee)},${dollars(refunded)},${dollars(disputed)},${dollars(net)},`
      + `${text(currency.toUpperCase())},${text(paymentIntentId)},${text(promotionCode)},${dollars(discountCents)},${text(country)},${text(taxId)},${dollars(tax)},`
      + `${taxRate === null ? "" : text(String(Number(taxRate)))},${text(invoiceNumber)},${text(creditNote)}\r\n`;
  }
  return out;
}

/**
 * Every sale as CSV. Pull-based: the next page is read only when the client has taken the last one, so a
 * slow download holds a page, not the table. Keyset pages by id, each one run of a prepared statement.
 */
export function salesCsvStream(db: Db): ReadableStream<Uint8Array> {
  const page = db.$client.query<PageRow, [number]>(PAGE_SQL);
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
      controller.enqueue(encoder.encode(pageLines(rows)));
    },
  }, { highWaterMark: 1 });
}

/** One sale's CSV cells. */
export function saleCsvRow(db: DbOrTx, saleId: number): string[] | undefined {
  const row = db.select(csvFields).from(sales).where(eq(sales.id, saleId)).get();
  return row && saleRow(row, latestCreditNote(db, row.id));
}
