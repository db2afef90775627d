/**
 * The tax report for a period: net and tax per country, tax and rate, from the invoices issued in it, less
 * the credit notes issued in it. It is what an EU OSS return or a UK VAT return asks for. Sales with no tax
 * collected (not_collecting, reverse charge, or TAX=off) are there too, with their own rows.
 */
import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { creditNotes, sales } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { DAY } from "../../lib/clock";
import { countryName } from "@shared/countries";
import { csvLine } from "../../lib/csv";

export const TAX_REPORT_COLUMNS = [
  "country",
  "country_name",
  "tax",
  "tax_rate",
  "taxability",
  "currency",
  "invoices",
  "credit_notes",
  "net",
  "tax_amount",
  "total",
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** [from, to) in ms from the two inclusive days; a bad day or an empty range is a 422. */
export function reportRange(from: string, to: string): [number, number] {
  const start = DATE.test(from) ? Date.parse(`${from}T00:00:00Z`) : NaN;
  const end = DATE.test(to) ? Date.parse(`${to}T00:00:00Z`) : NaN;
  if (Number.isNaN(start) || Number.isNaN(end))
    throw new AppError(422, "VALIDATION", "from and to must be days written YYYY-MM-DD.");
  if (end < start) throw new AppError(422, "VALIDATION", "to must be the same day as from or later.");
  return [start, end + DAY];
}

interface Bucket {
  country: string;
  tax: string;
  rate: string;
  reason: string;
  currency: string;
  invoices: number;
  creditNotes: number;
  net: number;
  taxCents: number;
}

export async function taxReportCsv(db: DbOrTx, from: string, to: string): Promise<string> {
  const [start, end] = reportRange(from, to);
  const buckets = new Map<string, Bucket>();
  const bucket = (sale: typeof sales.$inferSelect) => {
    const country = sale.taxCountry ?? sale.country ?? "";
    const rate = sale.taxRate === null ? "" : String(Number(sale.taxRate));
    const key = [country, sale.taxName ?? "", rate, sale.taxReason ?? "", sale.currency].join("|");
    let found = buckets.get(key);
    if (!found) {
      found = {
        country,
        tax: sale.taxName ?? "",
        rate,
        reason: sale.taxReason ?? "",
        currency: sale.currency,
        invoices: 0,
        creditNotes: 0,
        net: 0,
        taxCents: 0,
      };
      buckets.set(key, found);
    }
    return found;
  };
  const invoiced = await db
    .select()
    .from(sales)
    .where(and(isNotNull(sales.invoiceNumber), gte(sales.createdAt, start), lt(sales.createdAt, end)))
    .orderBy(asc(sales.id));
  for (const sale of invoiced) {
    const b = bucket(sale);
    b.invoices += 1;
    b.net += sale.amountCents - sale.taxCents;
    b.taxCents += sale.taxCents;
  }
  const credited = await db
    .select({ note: creditNotes, sale: sales })
    .from(creditNotes)
    .innerJoin(sales, eq(sales.id, creditNotes.saleId))
    .where(and(gte(creditNotes.createdAt, start), lt(creditNotes.createdAt, end)))
    .orderBy(asc(creditNotes.id));
  for (const { note, sale } of credited) {
    const b = bucket(sale);
    b.creditNotes += 1;
    b.net -= note.amountCents - note.taxCents;
    b.taxCents -= note.taxCents;
  }
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const rows = [...buckets.values()]
    .sort((a, b) => a.country.localeCompare(b.country) || a.rate.localeCompare(b.rate))
    .map((b) => [
      b.country,
      b.country ? countryName(b.country) : "",
      b.tax,
      b.rate,
      b.reason,
      b.currency.toUpperCase(),
      String(b.invoices),
      String(b.creditNotes),
      dollars(b.net),
      dollars(b.taxCents),
      dollars(b.net + b.taxCents),
    ]);
  return [TAX_REPORT_COLUMNS, ...rows].map(csvLine).join("");
}
