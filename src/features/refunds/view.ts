/** A buyer's refund request as the admin panel's Refund requests shows it (dollars; ISO times). */
import type { BuyerRefund, Sale } from "../../db/schema";
import { toIso } from "../../lib/clock";
import type { RefundRequestView } from "@shared/api/purchases";

export const refundRequestView = (request: BuyerRefund, sale: Sale): RefundRequestView => ({
  id: request.id,
  saleId: sale.id,
  status: request.status,
  email: sale.email,
  plan: sale.plan,
  amount: sale.amountCents / 100,
  purchasedAt: toIso(sale.createdAt)!,
  createdAt: toIso(request.createdAt)!,
  decidedAt: toIso(request.decidedAt),
});
