/**
 * Credit notes: one per refund, written by the code that records the refund (fulfilment.ts), in its
 * transaction, so every path (admin, the provider's webhook, a lost dispute, a fraud warning, self-service)
 * gets exactly one. The tax part is the sale's tax in proportion; the last note takes whatever tax is left.
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { creditNotes, sales, type CreditNote, type Sale } from "../../db/schema";
import { allocateNumber } from "./numbers";
import { recordIssuedDocument, type IssuingDeps } from "./issued";

/** Writes the credit note for `amountCents` given back on `sale` (whose refundedCents is still the old total). */
export async function issueCreditNote(
  tx: DbOrTx,
  issuing: IssuingDeps,
  sale: Sale,
  amountCents: number,
  now: number,
): Promise<CreditNote | null> {
  if (!sale.invoiceNumber || amountCents <= 0) return null;
  const taxLeft = sale.taxCents - sale.refundedTaxCents;
  const all = sale.refundedCents + amountCents >= sale.amountCents;
  const taxCents = all ? taxLeft : Math.min(taxLeft, Math.round((sale.taxCents * amountCents) / sale.amountCents));
  await tx
    .update(sales)
    .set({ refundedTaxCents: sale.refundedTaxCents + taxCents })
    .where(eq(sales.id, sale.id));
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number: await allocateNumber(tx, "credit-note", now),
      saleId: sale.id,
      amountCents,
      taxCents,
      createdAt: now,
    })
    .returning();
  await recordIssuedDocument(tx, issuing, sale, note, now);
  return note;
}

/** Each sale's newest credit note number, for a page of sales. */
export async function latestCreditNotes(tx: DbOrTx, saleIds: number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (!saleIds.length) return found;
  const notes = await tx
    .select({ saleId: creditNotes.saleId, number: creditNotes.number })
    .from(creditNotes)
    .where(inArray(creditNotes.saleId, saleIds))
    .orderBy(asc(creditNotes.id));
  for (const row of notes) found.set(row.saleId, row.number);
  return found;
}

/** The sale's newest credit note number, or null. */
export async function latestCreditNote(tx: DbOrTx, saleId: number): Promise<string | null> {
  const [note] = await tx
    .select({ number: creditNotes.number })
    .from(creditNotes)
    .where(eq(creditNotes.saleId, saleId))
    .orderBy(desc(creditNotes.id))
    .limit(1);
  return note?.number ?? null;
}
