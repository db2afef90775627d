/** The admin panel's Refund requests: newest first, waiting ones on top. */
import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { buyerRefunds, sales } from "../../db/schema";
import type { RefundRequestView } from "@shared/api/purchases";
import { refundRequestView } from "./view";

export function listRefundRequests(db: DbOrTx): RefundRequestView[] {
  return db
    .select({ request: buyerRefunds, sale: sales })
    .from(buyerRefunds)
    .innerJoin(sales, eq(sales.id, buyerRefunds.saleId))
    .orderBy(sql`${buyerRefunds.status} = 'pending' DESC`, desc(buyerRefunds.createdAt))
    .limit(200)
    .all()
    .map(({ request, sale }) => refundRequestView(request, sale));
}

export function refundRequestById(db: DbOrTx, id: number): RefundRequestView {
  const row = db
    .select({ request: buyerRefunds, sale: sales })
    .from(buyerRefunds)
    .innerJoin(sales, eq(sales.id, buyerRefunds.saleId))
    .where(eq(buyerRefunds.id, id))
    .get()!;
  return refundRequestView(row.request, row.sale);
}
