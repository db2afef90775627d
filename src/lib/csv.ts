/**
 * CSV cells and lines (RFC 4180) for the exports a spreadsheet opens: cells that a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR first; a plain negative number aside) are prefixed with an apostrophe.
 */

/** = + - @ tab CR: what a spreadsheet may run as a formula at the start of a cell. */
const FORMULA_START = new Set([..."=+-@\t\r"].map((c) => c.charCodeAt(0)));

/** What csvCell would change; most cells need nothing, and a regex test is cheaper than the rule. */
export const CELL_NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

/** One CSV cell: defused against formula injection, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  // A plain negative number (a net after a refund) stays a number; anything else starting so is text.
  const formulaLike = FORMULA_START.has(value.charCodeAt(0)) && !/^-\d+(\.\d+)?$/.test(value);
  const defused = formulaLike ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;
