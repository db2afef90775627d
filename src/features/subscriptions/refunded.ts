/**
 * Whether a subscription ended because its purchase was refunded in full. Recording a full refund ends the
 * access it gave at that moment (src/features/refunds/record.ts): the subscription's end date is the time of
 * the refund, and the credit note for the refunded sale carries the same time. Answers that time, or null
 * for a subscription that is running, or that ran out on its own.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { creditNotes, productKeys, sales, type Subscription } from "../../db/schema";
import { effectiveStatus } from "./view";

/** Whether `refundEndedAt` has anything to look up: only a subscription that has ended, on an end date. */
export const mayHaveEndedByRefund = (
  sub: Subscription | undefined | null,
  now: number,
): sub is Subscription & { endDate: number } =>
  !!sub && sub.endDate !== null && effectiveStatus(sub, now) === "expired";

export async function refundEndedAt(
  db: DbOrTx,
  userId: number,
  sub: Subscription | undefined | null,
  now: number,
): Promise<number | null> {
  if (!mayHaveEndedByRefund(sub, now)) return null;
  const [row] = await db
    .select({ at: creditNotes.createdAt })
    .from(creditNotes)
    .innerJoin(sales, eq(sales.id, creditNotes.saleId))
    .innerJoin(productKeys, eq(productKeys.id, sales.productKeyId))
    .where(
      and(eq(productKeys.usedByUserId, userId), eq(sales.status, "refunded"), eq(creditNotes.createdAt, sub.endDate)),
    )
    .limit(1);
  return row?.at ?? null;
}
