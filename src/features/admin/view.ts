/** Sales and accounts as the admin panel shows them (dollars; ISO times; document links signed). */
import type { Sale, Subscription, User } from "../../db/schema";
import { toIso } from "../../lib/clock";
import { centsToDollars } from "@shared/plans";
import type { AdminUserView, SaleView } from "@shared/api/admin";
import { subscriptionView } from "../subscriptions/view";

/** Signs a document number into its PDF link (the admin list links every document). */
export type DocumentSigner = (number: string) => string;

export function saleView(row: Sale, docs: { creditNoteNumber?: string | null; sign?: DocumentSigner } = {}): SaleView {
  const creditNoteNumber = docs.creditNoteNumber ?? null;
  return {
    invoiceNumber: row.invoiceNumber,
    creditNoteNumber,
    invoiceUrl: row.invoiceNumber && docs.sign ? docs.sign(row.invoiceNumber) : null,
    creditNoteUrl: creditNoteNumber && docs.sign ? docs.sign(creditNoteNumber) : null,
    country: row.country,
    tax: centsToDollars(row.taxCents),
    _id: row.id,
    amount: centsToDollars(row.amountCents),
    fee: centsToDollars(row.feeCents),
    refunded: centsToDollars(row.status === "refunded" ? row.amountCents : row.refundedCents),
    plan: row.plan,
    email: row.email,
    status: row.status,
    promotionCode: row.promotionCode,
    discount: centsToDollars(row.discountCents),
    seats: row.seats,
    refundedSeats: row.refundedSeats,
    kind: row.kind,
    companyName: row.companyName,
    withdrawalConsentAt: toIso(row.withdrawalConsentAt),
    withdrawalConsentVersion: row.withdrawalConsentVersion,
    language: row.language,
    createdAt: toIso(row.createdAt)!,
  };
}

/** `seats`: how many the account's licence has (seats/service.ts's seatCount). */
export function adminUserView(user: User, subscription: Subscription | null, now: number, seats = 1): AdminUserView {
  return {
    id: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    subscription: subscriptionView(subscription, now),
    linkedRobloxAccountId: user.linkedRobloxAccountId,
    linkedAt: toIso(user.linkedAt),
    hasFigmaKey: user.pluginKey !== null,
    seats: Math.max(1, seats),
    createdAt: toIso(user.createdAt)!,
    lastSeenAt: toIso(user.lastSeenAt),
  };
}
