/**
 * Invoices and credit notes as PDF, drawn with pdf-lib (it runs inside the compiled executable). The standard
 * Helvetica font encodes WinAnsi only, so any character it can't draw (a buyer's address in another script)
 * becomes "?" rather than failing the document.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { countryName } from "@shared/countries";
import { taxLabel } from "@shared/tax-label";
import { withdrawalConsentSentence } from "@shared/withdrawal";

export interface DocumentContent {
  kind: "invoice" | "credit-note";
  number: string;
  /** For a credit note: the invoice it corrects. */
  invoiceNumber: string | null;
  issuedAt: number;
  seller: { name: string; address: string; taxId: string | null; email: string };
  buyer: {
    email: string;
    country: string | null;
    taxId: string | null;
    /** A business buyer's company and address, as given at checkout. */
    companyName?: string | null;
    companyAddress?: string | null;
  };
  /** The buyer's consent to immediate supply (losing the right of withdrawal), confirmed on the invoice. */
  withdrawalConsent?: { at: number; version: string | null } | null;
  /** `seats`: how many people the sale licenses (absent on documents issued before seats: 1). */
  line: { description: string; period: string; seats?: number };
  /** A promotion code's discount, its own line on an invoice (the line above shows the amount before it). */
  discount?: { code: string; cents: number } | null;
  currency: string;
  /** All positive cents; for a credit note, the amounts given back. */
  netCents: number;
  taxCents: number;
  totalCents: number;
  tax: { name: string; ratePercent: string; country: string; reason: string } | null;
  /** With tax off: why no tax is shown (INVOICE_TAX_NOTE when the document was issued). */
  taxNote?: string | null;
  paymentMethod: string;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Replaces what the font can't encode, one character at a time. */
function drawable(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text.replace(/\r?\n|\\n/g, " ")) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += "?";
    }
  }
  return out;
}

export async function renderDocumentPdf(content: DocumentContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = content.kind === "invoice" ? "Invoice" : "Credit note";
  doc.setTitle(`${title} ${content.number}`);
  doc.setAuthor(content.seller.name);
  doc.setCreationDate(new Date(content.issuedAt));
  doc.setModificationDate(new Date(content.issuedAt));
  const page = doc.addPage([595.28, 841.89]); // A4
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const text = (value: string, x: number, options: { size?: number; font?: PDFFont; at?: number } = {}) => {
    const font = options.font ?? regular;
    page.drawText(drawable(font, value), {
      x,
      y: options.at ?? y,
      size: options.size ?? 10,
      font,
      color: rgb(0.1, 0.1, 0.12),
    });
  };
  const right = (value: string, xRight: number, font: PDFFont = regular, size = 10) => {
    const safe = drawable(font, value);
    page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y, size, font });
  };

  text(title, 50, { size: 22, font: bold });
  y -= 28;
  text(`Number: ${content.number}`, 50);
  y -= 14;
  text(`Date: ${day(content.issuedAt)}`, 50);
  if (content.invoiceNumber) {
    y -= 14;
    text(`Refers to invoice ${content.invoiceNumber}`, 50);
  }

  y -= 34;
  const top = y;
  text("From", 50, { font: bold });
  y -= 14;
  for (const line of [
    content.seller.name,
    ...splitAddress(content.seller.address),
    content.seller.taxId ? `Tax ID: ${content.seller.taxId}` : "",
    content.seller.email,
  ].filter(Boolean)) {
    text(line, 50);
    y -= 13;
  }
  const afterSeller = y;
  y = top;
  text("Bill to", 320, { font: bold });
  y -= 14;
  for (const line of [
    content.buyer.companyName ?? "",
    ...(content.buyer.companyName ? splitAddress(content.buyer.companyAddress ?? "") : []),
    content.buyer.email,
    content.buyer.country ? `${countryName(content.buyer.country)} (${content.buyer.country})` : "",
    content.buyer.taxId ? `Tax ID: ${content.buyer.taxId}` : "",
  ].filter(Boolean)) {
    text(line, 320);
    y -= 13;
  }
  y = Math.min(y, afterSeller) - 30;

  const discount = content.discount ?? null;
  const lineCents = content.netCents + (discount?.cents ?? 0);
  // An invoice for several seats says what one costs; a credit note gives back amounts, not seats.
  const seats = content.kind === "invoice" ? (content.line.seats ?? 1) : 1;
  text("Description", 50, { font: bold });
  if (seats > 1) right("Unit price", 460, bold);
  right("Amount", 545, bold);
  y -= 6;
  rule(page, y);
  y -= 16;
  text(content.line.description, 50);
  if (seats > 1) right(money(Math.round(lineCents / seats), content.currency), 460);
  right(money(lineCents, content.currency), 545);
  y -= 13;
  text(content.line.period, 50, { size: 9 });
  if (discount) {
    y -= 16;
    text(`Discount (promotion code ${discount.code})`, 50);
    right(`-${money(discount.cents, content.currency)}`, 545);
  }
  y -= 10;
  rule(page, y);

  y -= 18;
  const label = (value: string) => text(value, 320);
  label("Net amount");
  right(money(content.netCents, content.currency), 545);
  y -= 15;
  if (content.tax) {
    label(taxLabel({ ...content.tax, taxCents: content.taxCents }));
    right(money(content.taxCents, content.currency), 545);
    y -= 15;
  }
  text(content.kind === "invoice" ? "Total" : "Total refunded", 320, { font: bold });
  right(money(content.totalCents, content.currency), 545, bold);
  y -= 30;

  const notes = [
    `Currency: ${content.currency.toUpperCase()}. Payment method: ${content.paymentMethod}.`,
    content.tax?.reason === "reverse_charge"
      ? "Reverse charge: the recipient accounts for the VAT on this supply (Article 196, Directive 2006/112/EC)."
      : "",
    content.tax && content.tax.reason !== "reverse_charge" && content.taxCents === 0
      ? "No tax collected on this sale."
      : "",
    content.tax ? "" : (content.taxNote ?? ""),
    content.kind === "credit-note"
      ? `This credit note reduces invoice ${content.invoiceNumber} by the amounts above.`
      : "",
    content.kind === "invoice" && content.withdrawalConsent
      ? withdrawalConsentSentence(
          new Date(content.withdrawalConsent.at).toISOString(),
          content.withdrawalConsent.version,
        )
      : "",
  ].filter(Boolean);
  for (const note of notes) {
    for (const line of wrap(regular, note, 9, 495)) {
      text(line, 50, { size: 9 });
      y -= 13;
    }
  }
  return doc.save();
}

function rule(page: PDFPage, y: number) {
  page.drawLine({ start: { x: 50, y }, end: { x: 545, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.65) });
}

/** SELLER_ADDRESS is one line: commas or "\n" separate its lines on the invoice. */
function splitAddress(address: string): string[] {
  return address
    .split(/\\n|\n|,\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A note's words in lines no wider than `width` points. */
function wrap(font: PDFFont, note: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of drawable(font, note).split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
