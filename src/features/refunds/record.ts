/**
 * Recording a refund on a sale, the one place every refund path ends (the admin panel, a buyer's refund
 * under the guarantee, the provider's charge.refunded, a dispute lost, an early fraud warning). A full
 * refund takes back what the key gave; a partial one keeps the key. Each is done once, in one
 * transaction with its credit note, audit line and refund notice, however often it is called.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import {
  productKeys,
  refundRequests,
  sales,
  subscriptions,
  type CreditNote,
  type ProductKey,
  type Sale,
} from "../../db/schema";
import { formatDollars, isPlanId, PLANS } from "@shared/plans";
import { writeAudit } from "../audit/service";
import { DAY } from "../../lib/clock";
import { log } from "../../lib/logger";
import type { ProviderIntent } from "../payments/provider";
import { syncTaxRecords } from "../tax/service";
import { issueCreditNote } from "../invoices/credit-notes";
import { documentLinks, signedDocumentUrl, type DocumentLinks } from "../invoices/links";
import { queueRefundNotice, type KeyOutcome } from "./notice";
import { refundActor } from "./requester";
import { announceRefund } from "../webhooks/events";
import { saleByPaymentIntent } from "../purchases/service";
import { refundSeats } from "../seats/service";

/** What recording a refund uses; config goes on the credit note and with jwtSecret signs its link, tax records the reversal. */
type RecordDeps = Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "jwtSecret" | "tax">>;

/** The sale paid by this intent, read under the lock of the transaction that will change it. */
const lockedSale = async (tx: DbOrTx, paymentIntentId: string): Promise<Sale | undefined> =>
  (await forUpdate(tx.select().from(sales).where(eq(sales.paymentIntentId, paymentIntentId)).limit(1)))[0];

/** The refund notice's link to the credit note just written, signed like the product-key e-mail's invoice link. */
function creditNoteLink(note: CreditNote | null, links: DocumentLinks | undefined) {
  return note && links
    ? { creditNote: { number: note.number, url: signedDocumentUrl(links.appUrl, links.secret, note.number) } }
    : {};
}

/**
 * Takes back only the time the refunded key gave its user; answers what was done, for the audit log.
 * A lifetime subscription outlives the refund of a time-limited key (that key was redeemed before
 * the lifetime one). Refunding the lifetime key itself ends the subscription now: redeeming it
 * replaced the end date, so time the user had from earlier keys is no longer known.
 */
async function removeKeyTime(
  tx: DbOrTx,
  key: ProductKey,
  userId: number,
  now: number,
): Promise<{ detail: string } & KeyOutcome> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  const days = PLANS[key.plan].days;
  if (!sub)
    return {
      detail: `user ${userId} has no subscription`,
      ...(days === null
        ? { keyOutcome: "lifetime-ended" }
        : { keyOutcome: "days-removed", daysRemoved: days, endDate: null }),
    };
  if (days === null) {
    await tx.update(subscriptions).set({ status: "expired", endDate: now }).where(eq(subscriptions.id, sub.id));
    return { detail: `subscription of user ${userId} ended`, keyOutcome: "lifetime-ended" };
  }
  if (sub.endDate === null)
    return { detail: `lifetime subscription of user ${userId} kept`, keyOutcome: "lifetime-kept" };
  const endDate = Math.max(now, sub.endDate - days * DAY);
  await tx
    .update(subscriptions)
    .set({ endDate, status: endDate <= now ? "expired" : sub.status })
    .where(eq(subscriptions.id, sub.id));
  return {
    detail: `${days} days removed from the subscription of user ${userId}`,
    keyOutcome: "days-removed",
    daysRemoved: days,
    endDate: endDate <= now ? null : endDate,
  };
}

/** For the audit log: what a refund did to the account's seats. */
const seatsOutcome = (seatsNow: { count: number; ended: number }, userId: number) =>
  seatsNow.ended > 0
    ? `${seatsNow.ended} seats of user ${userId} ended, ${seatsNow.count} left`
    : `user ${userId} has ${seatsNow.count} seats again, as paid for before`;

/**
 * A refund that arrives before the payment was fulfilled is recorded as a refunded sale without a
 * key, so a later fulfilment hits the unique payment intent and issues nothing.
 */
async function recordEarlyRefund(tx: DbOrTx, intent: ProviderIntent | null, now: number): Promise<Sale | null> {
  const plan = intent?.metadata.plan;
  if (!intent || !isPlanId(plan)) {
    log.warn(
      { paymentIntentId: intent?.id ?? null },
      "refund for a payment that is not one of our sales; nothing recorded",
    );
    return null;
  }
  const [recorded] = await tx
    .insert(sales)
    .values({
      paymentIntentId: intent.id,
      email: intent.metadata.email ?? "",
      plan,
      amountCents: intent.amountCents,
      currency: intent.currency.toLowerCase(),
      status: "refunded",
      createdAt: now,
    })
    .returning();
  if (!recorded) return null;
  await writeAudit(tx, {
    actorUserId: null,
    action: "sale.refunded",
    subject: `sale:${recorded.id}`,
    detail: `${intent.id}: refunded before fulfilment, no key issued`,
    at: now,
  });
  await queueRefundNotice(
    tx,
    recorded,
    { refundedCents: recorded.amountCents, totalRefundedCents: recorded.amountCents, key: null, keyOutcome: "none" },
    now,
  );
  return recorded;
}

/** The seats a refund request asked to end, and the request (src/features/refunds/sale-refund.ts). */
export interface RequestedSeats {
  requestId: number;
  seats: number;
}

/**
 * The request's seats, the first time they are recorded; 0 after that. A request tried again (its answer failed
 * after the refund was recorded) must not end the same seats twice.
 */
async function claimRequestedSeats(tx: DbOrTx, { requestId, seats }: RequestedSeats, now: number) {
  const claimed = await tx
    .update(refundRequests)
    .set({ seatsRecordedAt: now })
    .where(and(eq(refundRequests.id, requestId), isNull(refundRequests.seatsRecordedAt)))
    .returning({ id: refundRequests.id });
  return claimed.length > 0 ? seats : 0;
}

/**
 * A partial refund (a goodwill gesture): the sale keeps its key and stays 'paid'; the refunded cents are
 * recorded, so revenue is counted net of them. `amountRefunded` is the provider's running total, so a
 * redelivered or late event never lowers it. `seats` of the sale end with it (an admin's partial refund of seats):
 * the sale remembers them, so the account pays for the rest and no later refund ends them again. Answers the sale,
 * or null when it is not one of ours.
 */
export async function recordPartialRefund(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "jwtSecret">>,
  paymentIntentId: string,
  amountRefunded: number,
  actorUserId: number | null = null,
  seatsOf: RequestedSeats | null = null,
): Promise<Sale | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The sale's refunded total decides the credit note: read it under the row lock it is written under.
    const sale = await lockedSale(tx, paymentIntentId);
    if (!sale) {
      log.warn({ paymentIntentId }, "partial refund for a payment that is not one of our sales; nothing recorded");
      return null;
    }
    const seats = seatsOf ? await claimRequestedSeats(tx, seatsOf, now) : 0;
    const refundedCents = Math.min(sale.amountCents, Math.max(sale.refundedCents, amountRefunded));
    const newSeats = Math.max(0, Math.min(seats, sale.seats - sale.refundedSeats));
    if (sale.status !== "paid" || (refundedCents === sale.refundedCents && newSeats === 0)) return sale;
    const note =
      refundedCents > sale.refundedCents
        ? await issueCreditNote(tx, deps, sale, refundedCents - sale.refundedCents, now)
        : null;
    const [updated] = await tx
      .update(sales)
      .set({ refundedCents, refundedSeats: sale.refundedSeats + newSeats })
      .where(eq(sales.id, sale.id))
      .returning();
    if (refundedCents > sale.refundedCents) await announceRefund(tx, sale, refundedCents - sale.refundedCents, now);
    const [key] =
      sale.productKeyId === null
        ? []
        : await tx.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId)).limit(1);
    const holder = sale.kind === "added-seats" ? sale.renewalUserId : (key?.usedByUserId ?? null);
    // The seats refunded end, the newest first, once the sale pays for fewer (docs/accounts.md#seats).
    const seatsNow = newSeats > 0 && holder !== null ? await refundSeats(tx, holder, {}, now) : null;
    const seatsDetail =
      newSeats > 0
        ? `; ${newSeats} of its ${sale.seats} seats refunded${seatsNow && holder !== null ? `, ${seatsOutcome(seatsNow, holder)}` : ""}`
        : "";
    await writeAudit(tx, {
      ...(await refundActor(tx, sale, actorUserId)),
      action: "sale.partially-refunded",
      subject: `sale:${sale.id}`,
      detail: `${paymentIntentId}: $${formatDollars(refundedCents)} of $${formatDollars(sale.amountCents)} refunded so far; the key stays valid${seatsDetail}`,
      at: now,
    });
    await queueRefundNotice(
      tx,
      sale,
      {
        refundedCents: refundedCents - sale.refundedCents,
        totalRefundedCents: refundedCents,
        key: key?.key ?? null,
        keyOutcome: sale.kind === "added-seats" ? "seats-kept" : "kept",
        ...(newSeats > 0 ? { seatsRefunded: newSeats } : {}),
        ...(seatsNow?.changed ? { seatCount: seatsNow.count } : {}),
        ...creditNoteLink(note, documentLinks(deps)),
      },
      now,
    );
    return updated!;
  });
}

/**
 * A full refund: the sale becomes 'refunded'; its key is deleted if nobody used it, otherwise the
 * time it gave is taken back. A refund before fulfilment is recorded so no key is ever issued.
 * Doing it twice changes nothing.
 */
export async function refundPayment(
  deps: RecordDeps,
  paymentIntentId: string,
  actorUserId: number | null = null,
): Promise<Sale | null> {
  const intent = (await saleByPaymentIntent(deps.db, paymentIntentId))
    ? null
    : await deps.payments.retrieveIntent(paymentIntentId);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    // Whether the sale is refunded already decides everything below: read it under the row lock.
    const sale = await lockedSale(tx, paymentIntentId);
    if (!sale) return recordEarlyRefund(tx, intent, now);
    if (sale.status === "refunded") return sale;
    const [key] =
      sale.productKeyId === null
        ? []
        : await tx.select().from(productKeys).where(eq(productKeys.id, sale.productKeyId)).limit(1);
    let outcome = "no key";
    let told: KeyOutcome = { keyOutcome: "none" };
    if (key && !key.isUsed) {
      await tx.delete(productKeys).where(eq(productKeys.id, key.id));
      outcome = `unused key ${key.key} deleted`;
      told = { keyOutcome: "removed" };
    } else if (key?.usedByUserId != null) {
      const { detail, ...keyOutcome } = await removeKeyTime(tx, key, key.usedByUserId, now);
      // The seats follow what is still paid for (docs/accounts.md#seats): those the refunded purchase gave end, and
      // a refunded renewal that had lowered the count gives back the seats paid for before it.
      const seatsNow = await refundSeats(tx, key.usedByUserId, { keyId: key.id }, now);
      outcome = seatsNow.changed ? `${detail}; ${seatsOutcome(seatsNow, key.usedByUserId)}` : detail;
      told = { ...keyOutcome, ...(seatsNow.changed ? { seatCount: seatsNow.count } : {}) };
    } else if (sale.kind === "added-seats" && sale.renewalUserId !== null) {
      // Only the seats it paid for end, the newest first; the owner's access is not this sale's (accounts.md#seats).
      const seatsNow = await refundSeats(tx, sale.renewalUserId, { saleId: sale.id }, now);
      outcome = `${sale.seats} added seats refunded, ${seatsNow.ended} seats of user ${sale.renewalUserId} ended`;
      told = { keyOutcome: "seats-ended", ...(seatsNow.changed ? { seatCount: seatsNow.count } : {}) };
    }
    const note = await issueCreditNote(tx, deps, sale, sale.amountCents - sale.refundedCents, now);
    const [refunded] = await tx
      .update(sales)
      .set(
        key && !key.isUsed ? { status: "refunded", productKeyId: null, refundedKey: key.key } : { status: "refunded" },
      )
      .where(eq(sales.id, sale.id))
      .returning();
    await announceRefund(tx, sale, sale.amountCents - sale.refundedCents, now);
    await writeAudit(tx, {
      ...(await refundActor(tx, sale, actorUserId)),
      action: "sale.refunded",
      subject: `sale:${sale.id}`,
      detail: `${paymentIntentId}: ${outcome}`,
      at: now,
    });
    await queueRefundNotice(
      tx,
      sale,
      {
        refundedCents: sale.amountCents - sale.refundedCents,
        totalRefundedCents: sale.amountCents,
        key: key?.key ?? null,
        ...told,
        ...creditNoteLink(note, documentLinks(deps)),
      },
      now,
    );
    return refunded!;
  });
  await syncTaxRecords(deps);
  return result;
}
