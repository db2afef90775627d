/** Finding an invoice or credit note by its number, deciding who may read it, and what it says. */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { creditNotes, sales, type CreditNote, type Sale, type User } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { PLANS } from "@shared/plans";
import { DAY } from "../../lib/clock";
import { DOCUMENT_NUMBER } from "./numbers";
import { validSignature } from "./links";
import { ownsSale } from "../account/ownership";
import type { DocumentContent } from "./pdf";
import { lazyModule } from "../../lib/lazy-module";

/** pdf-lib and its fonts load with the first PDF asked for, not at start (docs/architecture.md#decisions). */
const loadPdfRenderer = lazyModule("invoice PDFs (pdf-lib)", () => import("./pdf"));

interface FoundDocument {
  sale: Sale;
  creditNote: CreditNote | null;
}

function findDocument(deps: Pick<AppDeps, "db">, number: string): FoundDocument | null {
  if (!DOCUMENT_NUMBER.test(number)) return null;
  if (number.startsWith("LL-CN-")) {
    const note = deps.db.select().from(creditNotes).where(eq(creditNotes.number, number)).get();
    const sale = note && deps.db.select().from(sales).where(eq(sales.id, note.saleId)).get();
    return note && sale ? { sale, creditNote: note } : null;
  }
  const sale = deps.db.select().from(sales).where(eq(sales.invoiceNumber, number)).get();
  return sale ? { sale, creditNote: null } : null;
}

/** An admin, or the account that owns the sale (ownership.ts): a matching address alone is not enough. */
const mayRead = (deps: Pick<AppDeps, "db">, user: User, sale: Sale) => user.isAdmin || ownsSale(deps.db, user, sale);

function period(sale: Sale): string {
  const days = PLANS[sale.plan].days;
  const from = new Date(sale.createdAt).toISOString().slice(0, 10);
  if (days === null) return `Lifetime access from ${from}`;
  return `${days} days of access (${from} to ${new Date(sale.createdAt + days * DAY).toISOString().slice(0, 10)})`;
}

export function documentContent(
  deps: Pick<AppDeps, "config" | "payments">,
  sale: Sale,
  creditNote: CreditNote | null,
): DocumentContent {
  const totalCents = creditNote ? creditNote.amountCents : sale.amountCents;
  const taxCents = creditNote ? creditNote.taxCents : sale.taxCents;
  return {
    kind: creditNote ? "credit-note" : "invoice",
    number: creditNote?.number ?? sale.invoiceNumber!,
    invoiceNumber: creditNote ? sale.invoiceNumber : null,
    issuedAt: creditNote?.createdAt ?? sale.createdAt,
    seller: deps.config.seller,
    buyer: {
      email: sale.email,
      country: sale.country,
      taxId: sale.taxId,
      companyName: sale.companyName,
      companyAddress: sale.companyAddress,
    },
    withdrawalConsent:
      sale.withdrawalConsentAt === null
        ? null
        : { at: sale.withdrawalConsentAt, version: sale.withdrawalConsentVersion },
    line: { description: `Layerlift ${PLANS[sale.plan].name}: licence (product key)`, period: period(sale) },
    currency: sale.currency,
    netCents: totalCents - taxCents,
    taxCents,
    totalCents,
    tax: sale.taxReason
      ? {
          name: sale.taxName ?? "Tax",
          ratePercent: sale.taxRate ?? "0",
          country: sale.taxCountry ?? sale.country ?? "",
          reason: sale.taxReason,
        }
      : null,
    paymentMethod:
      deps.payments.name === "stripe" ? "card, through Stripe" : "card (demo payment provider, no money moved)",
  };
}

/**
 * The PDF of invoice or credit note `number`, for an admin, the owning account, or the holder of its signed
 * link. Anyone else gets the same 404 as for a number that doesn't exist.
 */
export async function documentPdf(
  deps: Pick<AppDeps, "db" | "config" | "payments" | "jwtSecret">,
  number: string,
  access: { user: User | null; signature: string | undefined },
): Promise<Uint8Array> {
  const missing = notFound("No such invoice or credit note.");
  const found = findDocument(deps, number);
  if (!found) throw missing;
  const allowed =
    validSignature(deps.jwtSecret, number, access.signature) ||
    (access.user !== null && mayRead(deps, access.user, found.sale));
  if (!allowed) throw missing;
  return (await loadPdfRenderer()).renderDocumentPdf(documentContent(deps, found.sale, found.creditNote));
}
