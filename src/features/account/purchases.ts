/**
 * The purchases tied to an account: the sale whose key created it, renewals paid from the dashboard,
 * and every purchase whose key the account redeemed (whatever address bought it). A purchase made with
 * the same address whose key nobody used is not shown: sign-up doesn't prove the address is yours,
 * so the key itself is the proof.
 */
import { desc, eq, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { latestCreditNotes } from "../invoices/credit-notes";
import { productKeys, buyerRefunds, sales, type ProductKey, type BuyerRefund, type Sale } from "../../db/schema";

export interface AccountPurchase {
  sale: Sale;
  key: ProductKey | null;
  request: BuyerRefund | null;
  kind: "purchase" | "renewal";
  /** The sale's newest credit note, if a refund wrote one. */
  creditNoteNumber: string | null;
}

export function accountSales(db: DbOrTx, userId: number): AccountPurchase[] {
  const rows = db
    .select({ sale: sales, key: productKeys })
    .from(sales)
    .leftJoin(productKeys, eq(productKeys.id, sales.productKeyId))
    .where(or(eq(sales.renewalUserId, userId), eq(productKeys.usedByUserId, userId)))
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .all();
  const ids = rows.map((row) => row.sale.id);
  const requests = ids.length ? db.select().from(buyerRefunds).where(inArray(buyerRefunds.saleId, ids)).all() : [];
  const requestBySale = new Map(requests.map((request) => [request.saleId, request]));
  const creditNoteBySale = latestCreditNotes(db, ids);
  return rows.map(({ sale, key }) => ({
    sale,
    key,
    request: requestBySale.get(sale.id) ?? null,
    kind: sale.renewalUserId === userId ? "renewal" : "purchase",
    creditNoteNumber: creditNoteBySale.get(sale.id) ?? null,
  }));
}
