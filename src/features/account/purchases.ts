/**
 * The purchases that are the account's (ownership.ts): the sale whose key created it and every key it
 * redeemed (whatever address bought them), renewals paid from the dashboard, and once the account's address
 * is confirmed, every purchase made with that address. A purchase made with an unconfirmed address whose key
 * the account never used is not shown: sign-up doesn't prove the address is yours.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { latestCreditNotes } from "../invoices/credit-notes";
import {
  productKeys,
  buyerRefunds,
  sales,
  type ProductKey,
  type BuyerRefund,
  type Sale,
  type User,
} from "../../db/schema";
import { ownedSalesCondition, paidByAccount } from "./ownership";

export interface AccountPurchase {
  sale: Sale;
  key: ProductKey | null;
  request: BuyerRefund | null;
  kind: "purchase" | "renewal";
  /** The sale's newest credit note, if a refund wrote one. */
  creditNoteNumber: string | null;
  /** Paid by this account (its renewal, or made with its address), not a key someone else paid for and gave it. */
  paidByAccount: boolean;
}

export async function accountSales(
  db: DbOrTx,
  user: Pick<User, "id" | "email" | "emailConfirmedAt">,
): Promise<AccountPurchase[]> {
  const rows = await db
    .select({ sale: sales, key: productKeys })
    .from(sales)
    .leftJoin(productKeys, eq(productKeys.id, sales.productKeyId))
    .where(ownedSalesCondition(user))
    // The unary + keeps SQLite from walking the created_at index past every sale: sort just these.
    .orderBy(desc(sql`+${sales.createdAt}`), desc(sales.id));
  const ids = rows.map((row) => row.sale.id);
  const requests = ids.length ? await db.select().from(buyerRefunds).where(inArray(buyerRefunds.saleId, ids)) : [];
  const requestBySale = new Map(requests.map((request) => [request.saleId, request]));
  const creditNoteBySale = await latestCreditNotes(db, ids);
  return rows.map(({ sale, key }) => ({
    sale,
    key,
    request: requestBySale.get(sale.id) ?? null,
    kind: sale.renewalUserId === user.id ? "renewal" : "purchase",
    creditNoteNumber: creditNoteBySale.get(sale.id) ?? null,
    paidByAccount: paidByAccount(user, sale, key?.usedByUserId === user.id),
  }));
}
