/**
 * What an invoice or credit note says, fixed when it is issued. The content is built from the sale, the
 * configuration (seller, tax note) and the plan's name, and stored as JSON in the transaction that gives the
 * document its number, so a later download is the document as issued: changing SELLER_ADDRESS, a plan's name,
 * or the sale's address (account deletion writes a placeholder) changes nothing already issued.
 */
import { addedSeatsText, planWithSeats } from "@shared/seats";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { issuedDocuments, type CreditNote, type Sale } from "../../db/schema";
import { PLANS } from "@shared/plans";
import { DAY } from "../../lib/clock";
import type { DocumentContent } from "./pdf";

/** What a document takes from beyond its sale. */
export type IssuingDeps = Pick<AppDeps, "config" | "payments">;

function period(sale: Sale): string {
  const days = PLANS[sale.plan].days;
  const from = new Date(sale.createdAt).toISOString().slice(0, 10);
  if (sale.kind === "added-seats")
    return `Seats added to the running ${days === null ? "lifetime access" : "subscription"} from ${from}`;
  if (days === null) return `Lifetime access from ${from}`;
  return `${days} days of access (${from} to ${new Date(sale.createdAt + days * DAY).toISOString().slice(0, 10)})`;
}

/** The document's content from its sale (and credit note) and today's configuration. */
export function documentContent(deps: IssuingDeps, sale: Sale, creditNote: CreditNote | null): DocumentContent {
  const totalCents = creditNote ? creditNote.amountCents : sale.amountCents;
  const taxCents = creditNote ? creditNote.taxCents : sale.taxCents;
  const tax = sale.taxReason
    ? {
        name: sale.taxName ?? "Tax",
        ratePercent: sale.taxRate ?? "0",
        country: sale.taxCountry ?? sale.country ?? "",
        reason: sale.taxReason,
      }
    : null;
  return {
    kind: creditNote ? "credit-note" : "invoice",
    number: creditNote?.number ?? sale.invoiceNumber!,
    invoiceNumber: creditNote ? sale.invoiceNumber : null,
    issuedAt: creditNote?.createdAt ?? sale.createdAt,
    seller: { ...deps.config.seller },
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
    line: {
      description:
        sale.kind === "added-seats"
          ? `Layerlift ${addedSeatsText(PLANS[sale.plan].name, sale.seats)}`
          : `Layerlift ${planWithSeats(PLANS[sale.plan].name, sale.seats)}: licence (product key)`,
      period: period(sale),
      seats: sale.seats,
    },
    // The promotion code's discount is on the invoice; a credit note gives back what was paid.
    discount:
      !creditNote && sale.promotionCode && sale.discountCents > 0
        ? { code: sale.promotionCode, cents: sale.discountCents }
        : null,
    currency: sale.currency,
    netCents: totalCents - taxCents,
    taxCents,
    totalCents,
    tax,
    taxNote: tax ? null : deps.config.invoiceTaxNote,
    paymentMethod:
      deps.payments.name === "stripe" ? "card, through Stripe" : "card (demo payment provider, no money moved)",
  };
}

/** Stores the content of the document just numbered, inside the transaction that numbered it. */
export async function recordIssuedDocument(
  tx: DbOrTx,
  deps: IssuingDeps,
  sale: Sale,
  creditNote: CreditNote | null,
  now: number,
): Promise<void> {
  const content = documentContent(deps, sale, creditNote);
  await tx
    .insert(issuedDocuments)
    .values({ number: content.number, saleId: sale.id, content: JSON.stringify(content), createdAt: now });
}

/** The stored content of document `number`, or null for one issued before contents were stored. */
export async function issuedContent(db: DbOrTx, number: string): Promise<DocumentContent | null> {
  const [row] = await db
    .select({ content: issuedDocuments.content })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.number, number))
    .limit(1);
  return row ? (JSON.parse(row.content) as DocumentContent) : null;
}
