/**
 * What an invoice or credit note says, fixed when it is issued. The content is built from the sale, the
 * configuration (seller, tax note) and the plan's name, and stored as JSON in the transaction that gives the
 * document its number, so a later download is the document as issued: changing SELLER_ADDRESS, a plan's name,
 * or the sale's address (account deletion writes a placeholder) changes nothing already issued.
 */
import { PRODUCT_NAME } from "@shared/product";
import { formatShortDay } from "@shared/intl-formats";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { issuedDocuments, type CreditNote, type Sale } from "../../db/schema";
import { PLANS } from "@shared/plans";
import { DAY } from "../../lib/clock";
import type { DocumentContent } from "./pdf";
import { addedSeatsIn, catalogueWords, planWithSeatsIn, type CatalogueWords } from "../../lib/catalogue-words";

/** What a document takes from beyond its sale. */
export type IssuingDeps = Pick<AppDeps, "config" | "payments">;

/** What the sale covers and when, in the sale's language: "120 days of access (2026-11-30 to 2027-03-30)". */
function period(t: CatalogueWords, sale: Sale): string {
  const days = PLANS[sale.plan].days;
  const from = formatShortDay(sale.language, sale.createdAt);
  if (sale.kind === "added-seats")
    return t(days === null ? "invoice.period.seatsLifetime" : "invoice.period.seatsSubscription", { from });
  if (days === null) return t("invoice.period.lifetime", { from });
  return t("invoice.period.days", { days, from, to: formatShortDay(sale.language, sale.createdAt + days * DAY) });
}

/** The invoice's line for the sale, in its language: "Layerlift 4 Month Pro: licence (product key)". */
function lineDescription(t: CatalogueWords, sale: Sale): string {
  const plan = PLANS[sale.plan].name;
  return sale.kind === "added-seats"
    ? `${PRODUCT_NAME} ${addedSeatsIn(sale.language, plan, sale.seats)}`
    : t("invoice.licence", { plan: planWithSeatsIn(sale.language, plan, sale.seats) });
}

/** The document's content from its sale (and credit note) and today's configuration. */
export function documentContent(deps: IssuingDeps, sale: Sale, creditNote: CreditNote | null): DocumentContent {
  const t = catalogueWords(sale.language);
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
      description: lineDescription(t, sale),
      period: period(t, sale),
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
    paymentMethod: t(deps.payments.name === "stripe" ? "invoice.payment.stripe" : "invoice.payment.demo"),
    language: sale.language,
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
