/**
 * The sales CSV's lines, made fast: a page of rows as the export reads them (PageRow, one array per sale) into
 * CSV text, each repeating cell made once per export. sales-csv.ts reads the pages and streams the text.
 */
import { PLANS, type PlanId } from "@shared/plans";
import { DAY } from "../../lib/clock";
import { CELL_NEEDS_CARE, csvCell } from "../../lib/csv";

/** A sale's CSV columns in the export's order, as the page query returns them. */
export type PageRow = [
  number,
  number,
  string,
  PlanId,
  string,
  number,
  number,
  number,
  number,
  number,
  string,
  string,
  string | null,
  number,
  string | null,
  string | null,
  number,
  string | null,
  string | null,
  number | null,
  string | null,
  number,
  string,
];

const text = (value: string | null) => (value === null ? "" : CELL_NEEDS_CARE.test(value) ? csvCell(value) : value);
const PLAN_CELLS = Object.fromEntries(Object.entries(PLANS).map(([id, plan]) => [id, csvCell(plan.name)])) as Record<
  PlanId,
  string
>;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
/** From here on toISOString writes a six-digit year; the fast path knows only four. */
const YEAR_10000 = 253_402_300_800_000;
/** Distinct amounts kept per export: a store has a few prices, but the cache stays bounded whatever the data. */
const AMOUNTS_KEPT = 10_000;

/**
 * saleRow's cells as CSV lines, for one export (a test holds the two equal). A long export makes
 * millions of cells, so the ones that repeat are made once: each amount's text (a store sells a few
 * prices), the day part of the timestamp, the upper-cased currency, the tax rate.
 */
export function lineWriter() {
  const amounts = new Map<number, string>();
  const currencies = new Map<string, string>();
  const rates = new Map<string, string>();
  let day = Number.NaN;
  let dayPrefix = "";

  const amountCell = (cents: number) => {
    let cell = amounts.get(cents);
    if (cell === undefined) {
      if (amounts.size >= AMOUNTS_KEPT) amounts.clear();
      cell = (cents / 100).toFixed(2);
      amounts.set(cents, cell);
    }
    return cell;
  };
  /** toISOString's text, from the day's "YYYY-MM-DDT" and the time of day, without a Date per row. */
  const timestamp = (ms: number) => {
    if (!(Number.isInteger(ms) && ms >= 0 && ms < YEAR_10000)) return new Date(ms).toISOString();
    const today = Math.floor(ms / DAY);
    if (today !== day) {
      day = today;
      dayPrefix = new Date(today * DAY).toISOString().slice(0, 11);
    }
    const inDay = ms - today * DAY;
    const seconds = Math.floor(inDay / 1000);
    return `${dayPrefix}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}.${THREE_DIGITS[inDay % 1000]}Z`;
  };
  const currencyCell = (currency: string) => {
    let cell = currencies.get(currency);
    if (cell === undefined) {
      cell = text(currency.toUpperCase());
      currencies.set(currency, cell);
    }
    return cell;
  };
  const rateCell = (rate: string | null) => {
    if (rate === null) return "";
    let cell = rates.get(rate);
    if (cell === undefined) {
      cell = text(String(Number(rate)));
      rates.set(rate, cell);
    }
    return cell;
  };

  return (rows: PageRow[], creditNotes: ReadonlyMap<number, string>): string => {
    let out = "";
    for (const [
      id,
      createdAt,
      email,
      plan,
      status,
      gross,
      fee,
      refunded,
      disputed,
      net,
      currency,
      paymentIntentId,
      promotionCode,
      discountCents,
      country,
      taxId,
      tax,
      taxRate,
      invoiceNumber,
      withdrawalConsentAt,
      withdrawalConsentVersion,
      seats,
      language,
    ] of rows) {
      out +=
        `${timestamp(createdAt)},${text(email)},${PLAN_CELLS[plan]},${text(status)},${amountCell(gross)},${amountCell(fee)},${amountCell(refunded)},${amountCell(disputed)},${amountCell(net)},` +
        `${currencyCell(currency)},${text(paymentIntentId)},${text(promotionCode)},${amountCell(discountCents)},${text(country)},${text(taxId)},${amountCell(tax)},` +
        `${rateCell(taxRate)},${text(invoiceNumber)},${text(creditNotes.get(id) ?? null)},` +
        `${withdrawalConsentAt === null ? "" : new Date(withdrawalConsentAt).toISOString()},${text(withdrawalConsentVersion)},${seats},${text(language)}\r\n`;
    }
    return out;
  };
}
