/**
 * Invoice and credit note numbers: LL-2026-000123 and LL-CN-2026-000004, one sequence per kind and year.
 * The counter is bumped by one statement inside the caller's transaction, which holds the counter's row
 * until it commits, so numbers are gapless and unique: a rolled-back sale gives its number back, and
 * concurrent fulfilments wait for the one numbering before them.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { documentCounters } from "../../db/schema";

export type DocumentKind = "invoice" | "credit-note";

const PREFIX: Record<DocumentKind, string> = { invoice: "LL", "credit-note": "LL-CN" };

/** What a document number looks like, in a URL or a form. */
export const DOCUMENT_NUMBER = /^LL(-CN)?-\d{4}-\d{6}$/;

export async function allocateNumber(tx: DbOrTx, kind: DocumentKind, now: number): Promise<string> {
  const year = new Date(now).getUTCFullYear();
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning();
  return `${PREFIX[kind]}-${year}-${String(row.last).padStart(6, "0")}`;
}
