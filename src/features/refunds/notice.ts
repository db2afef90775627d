/**
 * The refund notice, queued by the functions that record a refund on a sale (record.ts:
 * refundPayment, recordPartialRefund and a refund before fulfilment), inside their transaction and
 * only when they change something. Every path that refunds (the admin panel, the provider's
 * charge.refunded, a dispute lost, an early fraud warning, a self-service refund) goes through them,
 * so each refund is told once.
 */
import type { DbOrTx } from "../../db";
import type { Sale } from "../../db/schema";
import { PLANS } from "@shared/plans";
import type { RefundKeyOutcome } from "@shared/refund-notice";
import { queueEmail } from "../email/outbox";
import { ownersAddress } from "../ownership/service";

export interface KeyOutcome {
  keyOutcome: RefundKeyOutcome;
  daysRemoved?: number;
  /** The subscription's end after the refund, ms; null when access has ended. */
  endDate?: number | null;
  /** The licence's seat count after the refund, when the refund changed it. */
  seatCount?: number;
  /** A partial refund of seats: how many of the sale's seats it gave back (they ended). */
  seatsRefunded?: number;
}

export async function queueRefundNotice(
  tx: DbOrTx,
  sale: Pick<Sale, "id" | "email" | "plan" | "amountCents" | "kind" | "seats" | "currency" | "language">,
  refund: {
    refundedCents: number;
    totalRefundedCents: number;
    key: string | null;
    creditNote?: { number: string; url: string };
  } & KeyOutcome,
  now: number,
) {
  // A sale recorded from a provider intent without an address (never one of ours) has nobody to tell.
  if (!sale.email || refund.refundedCents <= 0) return;
  await queueEmail(
    tx,
    {
      to: await ownersAddress(tx, "sale", sale.id, sale.email),
      saleId: sale.id,
      template: "refund-notice",
      payload: {
        planName: PLANS[sale.plan].name,
        ...(sale.kind === "added-seats" ? { addedSeats: sale.seats } : {}),
        currency: sale.currency,
        language: sale.language,
        refundedCents: refund.refundedCents,
        paidCents: sale.amountCents,
        totalRefundedCents: refund.totalRefundedCents,
        key: refund.key,
        keyOutcome: refund.keyOutcome,
        daysRemoved: refund.daysRemoved ?? null,
        endDate: refund.endDate == null ? null : new Date(refund.endDate).toISOString(),
        ...(refund.seatCount === undefined ? {} : { seatCount: refund.seatCount }),
        ...(refund.seatsRefunded === undefined ? {} : { seatsRefunded: refund.seatsRefunded }),
        ...(refund.creditNote
          ? { creditNoteNumber: refund.creditNote.number, creditNoteUrl: refund.creditNote.url }
          : {}),
      },
    },
    now,
  );
}
