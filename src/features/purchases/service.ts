/**
 * The purchases that are the account's, as recorded when it proved them (ownership.ts): the sale whose key
 * created it and every key it redeemed (whatever address bought them), renewals paid from the dashboard,
 * and what its confirmed address paid for while it was its own. An address change moves none of them.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { latestCreditNotes } from "../invoices/credit-notes";
import {
  accountRecords,
  productKeys,
  buyerRefunds,
  sales,
  type ProductKey,
  type BuyerRefund,
  type Sale,
  type User,
} from "../../db/schema";

export interface AccountPurchase {
  sale: Sale;
  key: ProductKey | null;
  request: BuyerRefund | null;
  kind: "purchase" | "renewal" | "added-seats";
  /** The sale's newest credit note, if a refund wrote one. */
  creditNoteNumber: string | null;
  /** Paid by this account (its renewal, or made with its address), not a key someone else paid for and gave it. */
  paidByAccount: boolean;
}

export async function accountSales(db: DbOrTx, user: Pick<User, "id">): Promise<AccountPurchase[]> {
  const rows = await db
    .select({ sale: sales, key: productKeys, paid: accountRecords.paid })
    .from(accountRecords)
    .innerJoin(sales, eq(sales.id, accountRecords.recordId))
    .leftJoin(productKeys, eq(productKeys.id, sales.productKeyId))
    .where(and(eq(accountRecords.userId, user.id), eq(accountRecords.kind, "sale")))
    // The unary + keeps SQLite from walking the created_at index past every sale: sort just these.
    .orderBy(desc(sql`+${sales.createdAt}`), desc(sales.id));
  const ids = rows.map((row) => row.sale.id);
  const requests = ids.length ? await db.select().from(buyerRefunds).where(inArray(buyerRefunds.saleId, ids)) : [];
  const requestBySale = new Map(requests.map((request) => [request.saleId, request]));
  const creditNoteBySale = await latestCreditNotes(db, ids);
  return rows.map(({ sale, key, paid }) => ({
    sale,
    key,
    request: requestBySale.get(sale.id) ?? null,
    kind: sale.kind === "added-seats" ? "added-seats" : sale.renewalUserId === user.id ? "renewal" : "purchase",
    creditNoteNumber: creditNoteBySale.get(sale.id) ?? null,
    paidByAccount: paid,
  }));
}

/** The sale a payment created, if it has been recorded. */
export async function saleByPaymentIntent(db: DbOrTx, paymentIntentId: string): Promise<Sale | undefined> {
  const [sale] = await db.select().from(sales).where(eq(sales.paymentIntentId, paymentIntentId)).limit(1);
  return sale;
}
