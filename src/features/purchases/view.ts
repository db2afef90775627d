/** A purchase as its buyer sees it: money in dollars, the refund offer, and where to find its papers. */
import type { Config } from "../../config";
import { toIso } from "../../lib/clock";
import { PLANS } from "@shared/plans";
import { addedSeatsText } from "@shared/seats";
import type { PurchaseView } from "@shared/api/purchases";
import type { AccountPurchase } from "./service";
import { refundDeadline, refundRefusal } from "./refund-rules";
import { signedDocumentPath } from "../invoices/links";

/** What a purchase's view needs beyond the purchase: the rules, and the secret that signs its document links. */
export interface PurchaseViewDeps {
  config: Config;
  jwtSecret: string;
}

/** Tax is shown for a sale that had tax worked out (tax on when it was made), even if it came to 0 (reverse charge). */
const taxOf = (sale: AccountPurchase["sale"]) =>
  sale.taxReason !== null || sale.taxCents > 0 ? sale.taxCents / 100 : null;

export function purchaseStatus(sale: AccountPurchase["sale"]): PurchaseView["status"] {
  if (sale.status === "refunded" || sale.status === "disputed") return sale.status;
  return sale.refundedCents > 0 ? "partly refunded" : "paid";
}

export function purchaseView(
  { config, jwtSecret }: PurchaseViewDeps,
  { sale, key, request, kind, creditNoteNumber, paidByAccount }: AccountPurchase,
  now: number,
): PurchaseView {
  // Signed links, as the admin list's: a link opened from the page carries no Bearer token. None for a key someone
  // else paid for: its documents carry the payer's name, address and tax ID.
  const link = (number: string | null) => (number && paidByAccount ? signedDocumentPath(jwtSecret, number) : null);
  const reason = refundRefusal(config, sale, request, now);
  return {
    id: sale.id,
    date: toIso(sale.createdAt)!,
    kind,
    plan: sale.plan,
    planName: sale.kind === "added-seats" ? addedSeatsText(PLANS[sale.plan].name, sale.seats) : PLANS[sale.plan].name,
    amount: sale.amountCents / 100,
    refunded: (sale.status === "refunded" ? sale.amountCents : sale.refundedCents) / 100,
    tax: taxOf(sale),
    reverseCharge: sale.taxReason === "reverse_charge",
    status: purchaseStatus(sale),
    productKey: key?.key ?? null,
    keyUsed: key?.isUsed ?? false,
    invoiceNumber: sale.invoiceNumber,
    invoiceUrl: link(sale.invoiceNumber),
    creditNoteNumber,
    creditNoteUrl: link(creditNoteNumber),
    refund: {
      available: reason === null,
      reason: reason?.message ?? null,
      reasonCode: reason?.code ?? null,
      until: toIso(refundDeadline(config, sale)),
      request: request?.status ?? null,
    },
  };
}
