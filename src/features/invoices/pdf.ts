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

/** Where the next line goes on the page (`y`, moving down), and how to write there. */
class Pen {
  y = 790;
  constructor(
    private readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(value: string, x: number, options: { size?: number; font?: PDFFont } = {}) {
    const font = options.font ?? this.regular;
    this.page.drawText(drawable(font, value), {
      x,
      y: this.y,
      size: options.size ?? 10,
      font,
      color: rgb(0.1, 0.1, 0.12),
    });
  }

  /** `value` ending at `xRight`: the amounts' column. */
  right(value: string, xRight: number, font: PDFFont = this.regular, size = 10) {
    const safe = drawable(font, value);
    this.page.drawText(safe, { x: xRight - font.widthOfTextAtSize(safe, size), y: this.y, size, font });
  }

  /** Each line under the one before, 13 points apart. */
  lines(lines: string[], x: number, size?: number) {
    for (const line of lines) {
      this.text(line, x, { size });
      this.y -= 13;
    }
  }

  rule() {
    this.page.drawLine({
      start: { x: 50, y: this.y },
      end: { x: 545, y: this.y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.65),
    });
  }
}

export async function renderDocumentPdf(content: DocumentContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = content.kind === "invoice" ? "Invoice" : "Credit note";
  doc.setTitle(`${title} ${content.number}`);
  doc.setAuthor(content.seller.name);
  doc.setCreationDate(new Date(content.issuedAt));
  doc.setModificationDate(new Date(content.issuedAt));
  const page = doc.addPage([595.28, 841.89]); // A4
  const pen = new Pen(
    page,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  drawHeading(pen, title, content);
  drawParties(pen, content);
  drawLine(pen, content);
  drawTotals(pen, content);
  for (const note of documentNotes(content)) pen.lines(wrap(pen.regular, note, 9, 495), 50, 9);
  return doc.save();
}

/** The title, the document's number and date, and the invoice a credit note corrects. */
function drawHeading(pen: Pen, title: string, content: DocumentContent) {
  pen.text(title, 50, { size: 22, font: pen.bold });
  pen.y -= 28;
  pen.text(`Number: ${content.number}`, 50);
  pen.y -= 14;
  pen.text(`Date: ${day(content.issuedAt)}`, 50);
  if (content.invoiceNumber) {
    pen.y -= 14;
    pen.text(`Refers to invoice ${content.invoiceNumber}`, 50);
  }
  pen.y -= 34;
}

/** The seller ("From") and the buyer ("Bill to") side by side. */
function drawParties(pen: Pen, content: DocumentContent) {
  const { seller, buyer } = content;
  const top = pen.y;
  pen.text("From", 50, { font: pen.bold });
  pen.y -= 14;
  pen.lines(
    [seller.name, ...splitAddress(seller.address), seller.taxId ? `Tax ID: ${seller.taxId}` : "", seller.email].filter(
      Boolean,
    ),
    50,
  );
  const afterSeller = pen.y;
  pen.y = top;
  pen.text("Bill to", 320, { font: pen.bold });
  pen.y -= 14;
  pen.lines(
    [
      buyer.companyName ?? "",
      ...(buyer.companyName ? splitAddress(buyer.companyAddress ?? "") : []),
      buyer.email,
      buyer.country ? `${countryName(buyer.country)} (${buyer.country})` : "",
      buyer.taxId ? `Tax ID: ${buyer.taxId}` : "",
    ].filter(Boolean),
    320,
  );
  pen.y = Math.min(pen.y, afterSeller) - 30;
}

/** What was sold (with the unit price for several seats) and a promotion code's discount, between two rules. */
function drawLine(pen: Pen, content: DocumentContent) {
  const discount = content.discount ?? null;
  const lineCents = content.netCents + (discount?.cents ?? 0);
  // An invoice for several seats says what one costs; a credit note gives back amounts, not seats.
  const seats = content.kind === "invoice" ? (content.line.seats ?? 1) : 1;
  pen.text("Description", 50, { font: pen.bold });
  if (seats > 1) pen.right("Unit price", 460, pen.bold);
  pen.right("Amount", 545, pen.bold);
  pen.y -= 6;
  pen.rule();
  pen.y -= 16;
  pen.text(content.line.description, 50);
  if (seats > 1) pen.right(money(Math.round(lineCents / seats), content.currency), 460);
  pen.right(money(lineCents, content.currency), 545);
  pen.y -= 13;
  pen.text(content.line.period, 50, { size: 9 });
  if (discount) {
    pen.y -= 16;
    pen.text(`Discount (promotion code ${discount.code})`, 50);
    pen.right(`-${money(discount.cents, content.currency)}`, 545);
  }
  pen.y -= 10;
  pen.rule();
  pen.y -= 18;
}

/** The net amount, the tax and the total. */
function drawTotals(pen: Pen, content: DocumentContent) {
  pen.text("Net amount", 320);
  pen.right(money(content.netCents, content.currency), 545);
  pen.y -= 15;
  if (content.tax) {
    pen.text(taxLabel({ ...content.tax, taxCents: content.taxCents }), 320);
    pen.right(money(content.taxCents, content.currency), 545);
    pen.y -= 15;
  }
  pen.text(content.kind === "invoice" ? "Total" : "Total refunded", 320, { font: pen.bold });
  pen.right(money(content.totalCents, content.currency), 545, pen.bold);
  pen.y -= 30;
}

/** The notes under the totals: currency and payment, the tax's reason, the credit note's effect, the consent. */
function documentNotes(content: DocumentContent): string[] {
  return [
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
