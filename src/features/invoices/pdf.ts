/**
 * Invoices and credit notes as PDF, drawn with pdf-lib (it runs inside the compiled executable), in the language
 * of their sale (words.ts). The standard Helvetica font encodes WinAnsi only: the accented letters of the site's
 * languages (ä ö ü ß é ç ã õ) draw, and any character it can't (a buyer's address in another script) becomes "?"
 * rather than failing the document.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { SiteLanguage } from "@shared/languages";
import { documentWords, type DocumentWords } from "./words";

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
  /**
   * The language of the sale's checkout: the document's headings, labels, dates and amounts are written in it (its
   * line, period and payment method already are). Absent from documents issued before: English.
   */
  language?: SiteLanguage;
}

/** Intl's narrow and thin spaces ("1 234,56 $US") as the no-break space WinAnsi has. */
const INTL_SPACES = /[\u202f\u2009]/g;

/** Replaces what the font can't encode, one character at a time. */
function drawable(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text.replace(/\r?\n|\\n/g, " ").replace(INTL_SPACES, "\u00a0")) {
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
  const words = documentWords(content.language);
  const title = words.t(content.kind === "invoice" ? "invoice.title" : "invoice.creditNoteTitle");
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
  drawHeading(pen, words, title, content);
  drawParties(pen, words, content);
  drawLine(pen, words, content);
  drawTotals(pen, words, content);
  for (const note of documentNotes(words, content)) pen.lines(wrap(pen.regular, note, 9, 495), 50, 9);
  return doc.save();
}

/** The title, the document's number and date, and the invoice a credit note corrects. */
function drawHeading(pen: Pen, { t, day }: DocumentWords, title: string, content: DocumentContent) {
  pen.text(title, 50, { size: 22, font: pen.bold });
  pen.y -= 28;
  pen.text(t("invoice.number", { number: content.number }), 50);
  pen.y -= 14;
  pen.text(t("invoice.date", { date: day(content.issuedAt) }), 50);
  if (content.invoiceNumber) {
    pen.y -= 14;
    pen.text(t("invoice.refersTo", { number: content.invoiceNumber }), 50);
  }
  pen.y -= 34;
}

/** The seller ("From") and the buyer ("Bill to") side by side. */
function drawParties(pen: Pen, { t, country }: DocumentWords, content: DocumentContent) {
  const { seller, buyer } = content;
  const top = pen.y;
  pen.text(t("invoice.from"), 50, { font: pen.bold });
  pen.y -= 14;
  pen.lines(
    [
      seller.name,
      ...splitAddress(seller.address),
      seller.taxId ? t("invoice.taxId", { id: seller.taxId }) : "",
      seller.email,
    ].filter(Boolean),
    50,
  );
  const afterSeller = pen.y;
  pen.y = top;
  pen.text(t("invoice.billTo"), 320, { font: pen.bold });
  pen.y -= 14;
  pen.lines(
    [
      buyer.companyName ?? "",
      ...(buyer.companyName ? splitAddress(buyer.companyAddress ?? "") : []),
      buyer.email,
      buyer.country ? `${country(buyer.country)} (${buyer.country})` : "",
      buyer.taxId ? t("invoice.taxId", { id: buyer.taxId }) : "",
    ].filter(Boolean),
    320,
  );
  pen.y = Math.min(pen.y, afterSeller) - 30;
}

/** What was sold (with the unit price for several seats) and a promotion code's discount, between two rules. */
function drawLine(pen: Pen, { t, money }: DocumentWords, content: DocumentContent) {
  const discount = content.discount ?? null;
  const lineCents = content.netCents + (discount?.cents ?? 0);
  // An invoice for several seats says what one costs; a credit note gives back amounts, not seats.
  const seats = content.kind === "invoice" ? (content.line.seats ?? 1) : 1;
  pen.text(t("invoice.description"), 50, { font: pen.bold });
  if (seats > 1) pen.right(t("invoice.unitPrice"), 460, pen.bold);
  pen.right(t("invoice.amount"), 545, pen.bold);
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
    pen.text(t("invoice.discount", { code: discount.code }), 50);
    pen.right(`-${money(discount.cents, content.currency)}`, 545);
  }
  pen.y -= 10;
  pen.rule();
  pen.y -= 18;
}

/** The net amount, the tax and the total. */
function drawTotals(pen: Pen, { t, money, tax }: DocumentWords, content: DocumentContent) {
  pen.text(t("invoice.net"), 320);
  pen.right(money(content.netCents, content.currency), 545);
  pen.y -= 15;
  if (content.tax) {
    pen.text(tax(content.tax, content.taxCents), 320);
    pen.right(money(content.taxCents, content.currency), 545);
    pen.y -= 15;
  }
  pen.text(t(content.kind === "invoice" ? "invoice.total" : "invoice.totalRefunded"), 320, { font: pen.bold });
  pen.right(money(content.totalCents, content.currency), 545, pen.bold);
  pen.y -= 30;
}

/** The notes under the totals: currency and payment, the tax's reason, the credit note's effect, the consent. */
function documentNotes({ t, consent }: DocumentWords, content: DocumentContent): string[] {
  return [
    t("invoice.currencyAndPayment", { currency: content.currency.toUpperCase(), method: content.paymentMethod }),
    content.tax?.reason === "reverse_charge" ? t("invoice.reverseCharge") : "",
    content.tax && content.tax.reason !== "reverse_charge" && content.taxCents === 0 ? t("invoice.noTax") : "",
    // The operator's own note (INVOICE_TAX_NOTE), as configured.
    content.tax ? "" : (content.taxNote ?? ""),
    content.kind === "credit-note" ? t("invoice.reduces", { number: content.invoiceNumber ?? "" }) : "",
    content.kind === "invoice" && content.withdrawalConsent ? consent(content.withdrawalConsent) : "",
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
