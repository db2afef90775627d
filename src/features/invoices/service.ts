/** Finding an invoice or credit note by its number, deciding who may read it, and what it says. */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { creditNotes, sales, type CreditNote, type Sale, type User } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { DOCUMENT_NUMBER } from "./numbers";
import { validSignature } from "./links";
import { paidForSale } from "../ownership/service";
import { documentContent, issuedContent } from "./issued";
import { lazyModule } from "../../lib/lazy-module";

/** pdf-lib and its fonts load with the first PDF asked for, not at start (docs/architecture.md#decisions). */
const loadPdfRenderer = lazyModule("invoice PDFs (pdf-lib)", () => import("./pdf"));

interface FoundDocument {
  sale: Sale;
  creditNote: CreditNote | null;
}

async function findDocument(deps: Pick<AppDeps, "db">, number: string): Promise<FoundDocument | null> {
  if (!DOCUMENT_NUMBER.test(number)) return null;
  if (number.startsWith("LL-CN-")) {
    const [found] = await deps.db
      .select({ note: creditNotes, sale: sales })
      .from(creditNotes)
      .innerJoin(sales, eq(sales.id, creditNotes.saleId))
      .where(eq(creditNotes.number, number))
      .limit(1);
    return found ? { sale: found.sale, creditNote: found.note } : null;
  }
  const [sale] = await deps.db.select().from(sales).where(eq(sales.invoiceNumber, number)).limit(1);
  return sale ? { sale, creditNote: null } : null;
}

/**
 * An admin, or the account that owns the sale and paid for it (ownership): a matching address alone is not
 * enough, and an account given the key as a gift may not read the payer's name, address and tax ID.
 */
const mayRead = async (deps: Pick<AppDeps, "db">, user: User, sale: Sale) =>
  user.isAdmin || (await paidForSale(deps.db, user, sale));

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
  const found = await findDocument(deps, number);
  if (!found) throw missing;
  const allowed =
    validSignature(deps.jwtSecret, number, access.signature) ||
    (access.user !== null && (await mayRead(deps, access.user, found.sale)));
  if (!allowed) throw missing;
  // A document issued before contents were stored is drawn from its sale as it is now.
  const content = (await issuedContent(deps.db, number)) ?? documentContent(deps, found.sale, found.creditNote);
  return (await loadPdfRenderer()).renderDocumentPdf(content);
}
