/**
 * INVOICE_TAX_NOTE: the sentence an invoice prints when tax is off (TAX=off), saying why it shows no tax,
 * e.g. a small-business exemption. It is fixed into each document when the document is issued.
 */

export const DEFAULT_INVOICE_TAX_NOTE = "No tax is charged on this sale.";
const MAX_NOTE_LENGTH = 300;

export function parseInvoiceConfig(
  value: (name: string) => string | undefined,
  problems: string[],
): { invoiceTaxNote: string } {
  const invoiceTaxNote = value("INVOICE_TAX_NOTE") ?? DEFAULT_INVOICE_TAX_NOTE;
  if (invoiceTaxNote.length > MAX_NOTE_LENGTH || /[\p{Cc}]/u.test(invoiceTaxNote))
    problems.push(`INVOICE_TAX_NOTE must be one line of at most ${MAX_NOTE_LENGTH} characters`);
  return { invoiceTaxNote };
}
