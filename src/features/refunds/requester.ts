/**
 * Who asked for a refund, for the audit log. A refund asked through us (an admin's, or a buyer's own) is
 * written to refund_requests before the provider is called, so whichever records the provider's refund
 * first (our call returning, or the provider's webhook arriving while it is still under way) names the
 * same person. A buyer who used the product-key e-mail's refund link has no account: they are named by the
 * address that paid.
 */
import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { buyerRefunds, refundRequests, type Sale } from "../../db/schema";

export interface RefundActor {
  actorUserId: number | null;
  actorEmail: string | null;
}

const SYSTEM: RefundActor = { actorUserId: null, actorEmail: null };

/** `actorUserId` when the caller knows who asked, else whoever has a refund of this sale under way; else the system. */
export async function refundActor(tx: DbOrTx, sale: Sale, actorUserId: number | null): Promise<RefundActor> {
  if (actorUserId !== null) return { actorUserId, actorEmail: null };
  const [asked] = await tx
    .select({ actorUserId: refundRequests.actorUserId })
    .from(refundRequests)
    .where(and(eq(refundRequests.saleId, sale.id), eq(refundRequests.status, "pending")))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .limit(1);
  if (!asked) return SYSTEM;
  if (asked.actorUserId !== null) return { actorUserId: asked.actorUserId, actorEmail: null };
  const [buyer] = await tx
    .select({ userId: buyerRefunds.userId })
    .from(buyerRefunds)
    .where(and(eq(buyerRefunds.saleId, sale.id), eq(buyerRefunds.status, "processing")))
    .limit(1);
  if (!buyer) return SYSTEM;
  return buyer.userId === null
    ? { actorUserId: null, actorEmail: sale.email }
    : { actorUserId: buyer.userId, actorEmail: null };
}
