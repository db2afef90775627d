/** A purchase as its buyer sees it: money in dollars, the refund offer, and where to find its papers. */
import type { Config } from "../../config";
import { toIso } from "../../lib/clock";
import { PLANS } from "../../shared/plans";
import type { PurchaseView } from "../../shared/api/purchases";
import type { AccountPurchase } from "./purchases";
import { refundDeadline, refundRefusal } from "./refund-rules";

export function purchaseStatus(sale: AccountPurchase["sale"]): PurchaseView["status"] {
  if (sale.status === "refunded" || sale.status === "disputed") return sale.status;
  return sale.refundedCents > 0 ? "partly refunded" : "paid";
}

export function purchaseView(config: Config, { sale, key, request, kind }: AccountPurchase, now: number): PurchaseView {
  const reason = refundRefusal(config, sale, request, now);
  return {
    id: sale.id,
    date: toIso(sale.createdAt)!,
    kind,
    plan: sale.plan,
    planName: PLANS[sale.plan].name,
    amount: sale.amountCents / 100,
    refunded: (sale.status === "refunded" ? sale.amountCents : sale.refundedCents) / 100,
    tax: null,
    status: purchaseStatus(sale),
    productKey: key?.key ?? null,
    keyUsed: key?.isUsed ?? false,
    invoiceUrl: null,
    creditNoteUrl: null,
    refund: { available: reason === null, reason, until: toIso(refundDeadline(config, sale)), request: request?.status ?? null },
  };
}
