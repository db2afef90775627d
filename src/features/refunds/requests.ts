/** The admin panel's Refund requests: newest first, waiting ones on top. */
import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { buyerRefunds, sales } from "../../db/schema";
import type { RefundRequestView } from "@shared/api/purchases";
import { refundRequestView } from "./view";

export async function listRefundRequests(db: DbOrTx): Promise<RefundRequestView[]> {
  const rows = await db
    .select({ request: buyerRefunds, sale: sales })
    .from(buyerRefunds)
    .innerJoin(sales, eq(sales.id, buyerRefunds.saleId))
    .orderBy(
      sql`CASE WHEN ${buyerRefunds.status} = 'pending' THEN 0 ELSE 1 END`,
      desc(buyerRefunds.createdAt),
      desc(buyerRefunds.id),
    )
    .limit(200);
  return rows.map(({ request, sale }) => refundRequestView(request, sale));
}

export async function refundRequestById(db: DbOrTx, id: number): Promise<RefundRequestView> {
  const [row] = await db
    .select({ request: buyerRefunds, sale: sales })
    .from(buyerRefunds)
    .innerJoin(sales, eq(sales.id, buyerRefunds.saleId))
    .where(eq(buyerRefunds.id, id))
    .limit(1);
  return refundRequestView(row!.request, row!.sale);
}
