/**
 * The books: every sale as CSV (RFC 4180), streamed a page at a time so a long history never sits in
 * memory; each sale's money as the books count it (daily-ledger/money.ts). Cells are defused as lib/csv.ts says.
 */
import { edenGC, fullGC, heapSize } from "bun:jsc";
import { eq } from "drizzle-orm";
import { postgresPoolOf, type Db, type DbOrTx } from "../../db";
import { sales, type Sale } from "../../db/schema";
import { PLANS } from "@shared/plans";
import { saleMoneyFields, saleMoneySql } from "../daily-ledger/money";
import { csvLine } from "../../lib/csv";
import { lineWriter, type PageRow } from "./sales-csv-lines";
import { latestCreditNote } from "../invoices/credit-notes";

export const SALES_CSV_COLUMNS = [
  "date",
  "buyer",
  "plan",
  "status",
  "gross",
  "fee",
  "refunded",
  "disputed",
  "net",
  "currency",
  "provider_id",
  "promotion_code",
  "discount",
  "country",
  "tax_id",
  "tax",
  "tax_rate",
  "invoice_number",
  "credit_note_number",
  "withdrawal_consent_at",
  "withdrawal_consent_version",
  "seats",
  "language",
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** Rows per page: a page's overhead vanishes, and it stays a few hundred kB (4,000 measured worse for peak memory). */
const PAGE = 2000;

/** Built per call: the tables are bound to the engine in use only once its database is open. */
const csvFields = () => ({
  id: sales.id,
  createdAt: sales.createdAt,
  email: sales.email,
  plan: sales.plan,
  status: sales.status,
  currency: sales.currency,
  paymentIntentId: sales.paymentIntentId,
  promotionCode: sales.promotionCode,
  discountCents: sales.discountCents,
  ...saleMoneyFields,
  country: sales.country,
  taxId: sales.taxId,
  taxRate: sales.taxRate,
  invoiceNumber: sales.invoiceNumber,
  withdrawalConsentAt: sales.withdrawalConsentAt,
  withdrawalConsentVersion: sales.withdrawalConsentVersion,
  seats: sales.seats,
  language: sales.language,
});

type CsvSale = Pick<
  Sale,
  | "createdAt"
  | "email"
  | "plan"
  | "status"
  | "currency"
  | "paymentIntentId"
  | "promotionCode"
  | "discountCents"
  | "country"
  | "taxId"
  | "taxRate"
  | "invoiceNumber"
  | "withdrawalConsentAt"
  | "withdrawalConsentVersion"
  | "seats"
  | "language"
> & { gross: number; fee: number; refunded: number; disputed: number; tax: number; net: number };

/** Tax: what a paid sale still holds after its credit notes (daily-ledger/money.ts); net is without it. */
export function saleRow(sale: CsvSale, creditNoteNumber: string | null = null): string[] {
  return [
    new Date(sale.createdAt).toISOString(),
    sale.email,
    PLANS[sale.plan].name,
    sale.status,
    dollars(sale.gross),
    dollars(sale.fee),
    dollars(sale.refunded),
    dollars(sale.disputed),
    dollars(sale.net),
    // gross is what the buyer paid, after any promotion code; discount is what the code took off (never revenue).
    sale.currency.toUpperCase(),
    sale.paymentIntentId,
    sale.promotionCode ?? "",
    dollars(sale.discountCents),
    sale.country ?? "",
    sale.taxId ?? "",
    dollars(sale.tax),
    sale.taxRate === null ? "" : String(Number(sale.taxRate)),
    sale.invoiceNumber ?? "",
    creditNoteNumber ?? "",
    sale.withdrawalConsentAt === null ? "" : new Date(sale.withdrawalConsentAt).toISOString(),
    sale.withdrawalConsentVersion ?? "",
    String(sale.seats),
    sale.language,
  ];
}

const money = saleMoneySql();
/** A page of the CSV's columns straight from SQLite as arrays (drizzle's row mapping would cost more than the rest). */
const PAGE_SQL = `SELECT id, created_at, email, plan, status, ${money.gross}, ${money.fee}, ${money.refunded}, ${money.disputed}, ${money.net},
  currency, payment_intent_id, promotion_code, discount_cents, country, tax_id, ${money.tax}, tax_rate, invoice_number,
  withdrawal_consent_at, withdrawal_consent_version, seats, language
  FROM sales WHERE id > ? ORDER BY id LIMIT ${PAGE}`;
/** PostgreSQL's forms: numbered parameters; its bigint columns come back as text and are made numbers. */
const PAGE_SQL_POSTGRES = PAGE_SQL.replace("id > ?", "id > $1");
const PAGE_CREDIT_NOTES_SQL_POSTGRES =
  "SELECT sale_id, number FROM credit_notes WHERE sale_id BETWEEN $1 AND $2 ORDER BY sale_id, id";
/** The PageRow positions that are numbers: PostgreSQL gives its bigint ones (the times) as text. */
const NUMERIC_CELLS = [1, 5, 6, 7, 8, 9, 13, 16, 19, 21];
/** A page's credit notes in one walk along credit_notes_sale_idx (few sales have one); each sale's newest comes last and is the one kept. */
const PAGE_CREDIT_NOTES_SQL =
  "SELECT sale_id, number FROM credit_notes WHERE sale_id BETWEEN ? AND ? ORDER BY sale_id, id";

/**
 * A page's text as UTF-8 in one buffer kept for the export (the destination copies what it is given), so a page
 * leaves no encoded copy of itself behind.
 */
function pageEncoder() {
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(1 << 20);
  return (csv: string) => {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    if (buffer.length < csv.length * 3) buffer = new Uint8Array(csv.length * 3);
    return buffer.subarray(0, encoder.encodeInto(csv, buffer).written);
  };
}

/** Resolves after the event loop has served what is waiting (I/O, timers). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every sale as CSV, oldest first, in keyset pages by id (each one run of a prepared statement).
 *
 * Written straight to the response (a "direct" stream): the next page is read only once the client has
 * taken what was written so far (a write that would overfill the destination's buffer returns a promise,
 * and the loop waits for it), so a slow download holds a page, not the table; a client that goes away
 * ends the loop. Between pages the event loop serves other requests, even when the client keeps up.
 *
 * Memory stays flat because no page outlives the next: its text is encoded into one buffer kept for the
 * export (the destination copies what it is given), the page is read and written by a synchronous
 * function (an async one keeps its locals alive across the await, in its saved frame), and a
 * young-generation collection before each page frees the last one while nothing holds it. Left alone,
 * the collector's young collections come mid-page, promote the page in hand to the old generation, and
 * the server's memory grows with the export until a full collection.
 *
 * A sale written during the export has a higher id than every sale read so far: it is in the file, at
 * its end, unless the last page has been read already. A sale changed during the export (a refund) is
 * as it was when its page was read.
 */
export function salesCsvStream(db: Db): ReadableStream<Uint8Array> {
  const pool = postgresPoolOf(db);
  if (pool) return postgresSalesCsvStream(pool.client);
  // The reader sees only committed sales, never a transaction's half-done work.
  const page = db.$client.reader.query<PageRow, [number]>(PAGE_SQL);
  const pageCreditNotes = db.$client.reader.query<[number, string], [number, number]>(PAGE_CREDIT_NOTES_SQL);
  const lines = lineWriter();
  const encode = pageEncoder();
  let afterId = 0;
  let gone = false;

  /**
   * Reads and writes the page after afterId (null when there is none). Synchronous, on the reader
   * connection's own statements, so nothing of the page outlives it: read through the asynchronous handle,
   * each page stayed reachable across an await and the export's peak rose by about 50 MB.
   */
  const writeNextPage = (destination: ReadableStreamDirectController) => {
    edenGC();
    const rows = page.values(afterId) as PageRow[];
    if (!rows.length) return null;
    const firstId = rows[0]![0];
    afterId = rows[rows.length - 1]![0];
    const csv = lines(rows, new Map(pageCreditNotes.values(firstId, afterId) as [number, string][]));
    return destination.write(encode(csv));
  };

  const source: Bun.DirectUnderlyingSource<Uint8Array> = {
    type: "direct",
    async pull(destination) {
      let accepted = destination.write(csvLine(SALES_CSV_COLUMNS));
      for (;;) {
        // A client keeping up would never make the loop wait: let other requests in between pages anyway.
        if (typeof accepted === "number") await nextTurn();
        else accepted = await accepted;
        // 0: the client has gone.
        if (accepted === 0 || gone) return;
        const next = writeNextPage(destination);
        if (next === null) break;
        accepted = next;
      }
      destination.close();
    },
    cancel() {
      gone = true;
    },
  };
  // The DOM library's ReadableStream (the SPA's types) hides Bun's direct overload.
  return new ReadableStream(source as unknown as UnderlyingDefaultSource<Uint8Array>);
}

/**
 * How far the heap's survivors may grow during a PostgreSQL export before a full collection. A page is read
 * across an await, so a young collection that comes while one is in hand promotes it; left to the collector,
 * those promoted pages wait for its own full collection, and the server grew by 90 MB over a million sales.
 */
const PROMOTED_SLACK = 16 * 2 ** 20;

/**
 * The same export on PostgreSQL: the same keyset pages and lines, each page read from the pool (a network round
 * trip, so asynchronous; the next page is asked for while this one is written, so the database works while the
 * client reads). A page is made into lines and encoded into one buffer kept for the export by a synchronous
 * function, then a young collection frees its rows and cells before anything promotes them, and a full one
 * frees what was promoted anyway once it has grown by PROMOTED_SLACK.
 */
function postgresSalesCsvStream(client: import("bun").SQL): ReadableStream<Uint8Array> {
  const lines = lineWriter();
  const encode = pageEncoder();
  let afterId = 0;
  let gone = false;
  const readPage = async () => {
    const rows = (await client.unsafe(PAGE_SQL_POSTGRES, [afterId]).values()) as PageRow[];
    if (!rows.length) return null;
    const firstId = Number(rows[0]![0]);
    afterId = Number(rows[rows.length - 1]![0]);
    const notes = (await client.unsafe(PAGE_CREDIT_NOTES_SQL_POSTGRES, [firstId, afterId]).values()) as [
      number,
      string,
    ][];
    return { rows, notes };
  };
  /** Writes a page, emptying the arrays it came in so that nothing of it outlives this call. */
  const writePage = (
    destination: ReadableStreamDirectController,
    page: { rows: PageRow[]; notes: [number, string][] },
  ) => {
    for (const row of page.rows)
      for (const at of NUMERIC_CELLS) if (typeof row[at] === "string") (row as unknown[])[at] = Number(row[at]);
    const csv = lines(page.rows, new Map(page.notes));
    page.rows.length = 0;
    page.notes.length = 0;
    return destination.write(encode(csv));
  };
  const source: Bun.DirectUnderlyingSource<Uint8Array> = {
    type: "direct",
    async pull(destination) {
      let accepted = destination.write(csvLine(SALES_CSV_COLUMNS));
      let next = readPage();
      let survivors = heapSize();
      for (;;) {
        accepted = typeof accepted === "number" ? accepted : await accepted;
        if (accepted === 0 || gone) break;
        const page = await next;
        if (page === null || gone) break;
        next = readPage();
        accepted = writePage(destination, page);
        // Nothing has awaited since the next page was asked for, so it can't have arrived: what is young now is
        // this page's garbage.
        const size = edenGC();
        survivors = Math.min(survivors, size);
        if (size > survivors + PROMOTED_SLACK) survivors = fullGC();
      }
      // A page read for a client that went away is dropped; its error, if any, with it.
      await next.catch(() => null);
      if (!gone && accepted !== 0) destination.close();
    },
    cancel() {
      gone = true;
    },
  };
  return new ReadableStream(source as unknown as UnderlyingDefaultSource<Uint8Array>);
}

/** One sale's CSV cells. */
export async function saleCsvRow(db: DbOrTx, saleId: number): Promise<string[] | undefined> {
  const [row] = await db.select(csvFields()).from(sales).where(eq(sales.id, saleId)).limit(1);
  return row && saleRow(row, await latestCreditNote(db, row.id));
}
