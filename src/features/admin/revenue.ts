/**
 * Revenue by day for the admin Overview's chart: each of the last 30 or 90 days (UTC), with that day's
 * sales counted as the overview's figures count them (revenue and its paid sales: daily-ledger/service.ts), their
 * net as the books count it (daily-ledger/money.ts), and their gross and number as the CSV has them, so the chart,
 * the overview, the CSV and the books agree. Read from the daily summary, so it costs the same at any
 * number of sales. Days without sales are there, as zero.
 */
import type { DbOrTx } from "../../db";
import { DAY } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { centsToDollars } from "@shared/plans";
import { bookDays, dayStart, revenueCents } from "../daily-ledger/service";

export async function revenueByDay(db: DbOrTx, now: number, days: number) {
  if (days !== 30 && days !== 90) throw new AppError(422, "VALIDATION", "days must be 30 or 90.");
  const today = dayStart(now);
  const from = today - (days - 1) * DAY;
  const kept = new Map((await bookDays(db, from)).map((d) => [d.day, d]));
  const result = [];
  for (let day = from; day <= today; day += DAY) {
    const d = kept.get(day);
    result.push({
      date: new Date(day).toISOString().slice(0, 10),
      gross: centsToDollars(d?.grossCents ?? 0),
      revenue: centsToDollars(d ? revenueCents(d) : 0),
      paidSales: d?.paidCount ?? 0,
      net: centsToDollars(d?.netCents ?? 0),
      sales: d?.sales ?? 0,
    });
  }
  return { days: result };
}
