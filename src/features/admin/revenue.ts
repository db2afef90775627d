/**
 * Revenue by day for the admin Overview's chart: each of the last 30 or 90 days (UTC), with the gross
 * of that day's sales and their net as the CSV counts it (gross minus refunds, open disputes and fees),
 * so the chart, the CSV and the books agree. Days without sales are there, as zero.
 */
import { gte } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { sales } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { centsToDollars } from "../../shared/plans";
import { saleMoney } from "./sales-csv";
import { AppError } from "../../lib/errors";

export function revenueByDay(db: DbOrTx, now: number, days: number) {
  if (days !== 30 && days !== 90) throw new AppError(422, "VALIDATION", "days must be 30 or 90.");
  const today = Math.floor(now / DAY) * DAY;
  const from = today - (days - 1) * DAY;
  const buckets = new Map<string, { gross: number; net: number; discount: number; sales: number }>();
  for (let t = from; t <= today; t += DAY) buckets.set(new Date(t).toISOString().slice(0, 10), { gross: 0, net: 0, discount: 0, sales: 0 });
  for (const sale of db.select().from(sales).where(gte(sales.createdAt, from)).all()) {
    const bucket = buckets.get(new Date(sale.createdAt).toISOString().slice(0, 10));
    if (!bucket) continue;
    const money = saleMoney(sale);
    bucket.gross += money.gross;
    bucket.net += money.net;
    // Gross is what buyers paid, after their codes: what the codes took off is shown beside it, never in it.
    if (sale.status === "paid") bucket.discount += sale.discountCents;
    bucket.sales += 1;
  }
  return {
    days: [...buckets].map(([date, b]) => ({ date, gross: centsToDollars(b.gross), net: centsToDollars(b.net), discount: centsToDollars(b.discount), sales: b.sales })),
  };
}
