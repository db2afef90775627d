/**
 * Refunding a sale on request: the admin panel's refund, and a buyer's refund under the guarantee
 * (buyer-refund.ts) go through `refundSale`. Each request is first written to refund_requests, in one
 * transaction with the checks, and the provider is sent that row's fixed key:
 * - the same Idempotency-Key with the same request answers the first result again and moves no money;
 *   with another request it is a 422;
 * - without a key, the same refund of the same sale within 10 minutes is a 409 DUPLICATE_REFUND;
 * - refunds in flight count against what is left, so concurrent requests can't refund more than the sale.
 * The provider's answer is then recorded by record.ts, as its webhook's is, which then finds nothing left to do.
 */
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, isUniqueViolation, type DbOrTx } from "../../db";
import { refundRequests, sales, type RefundRequest, type Sale } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/errors";
import { DAY, MINUTE } from "../../lib/clock";
import { recordPartialRefund, refundPayment } from "./record";
import { syncTaxRecords } from "../tax/service";

const saleById = async (db: DbOrTx, id: number) => (await db.select().from(sales).where(eq(sales.id, id)).limit(1))[0];

const KEY_IN_PROGRESS = "This refund is already being made; its result will show on the sale in a moment.";
const ALREADY_REFUNDED = "This sale has already been refunded.";
/** How long an Idempotency-Key is remembered. */
export const REFUND_KEY_TTL_MS = DAY;
/** Without a key, the same refund again within this time is taken for a double click or a retry. */
export const DUPLICATE_REFUND_WINDOW_MS = 10 * MINUTE;
/** A request still pending after this long was cut off (a crash): its key may try again, with the same provider key. */
const STALE_PENDING_MS = 2 * MINUTE;

export interface RefundSaleRequest {
  saleId: number;
  /** Who asked, for the audit log (the admin, or the buyer). */
  actorUserId: number | null;
  /** Cents to refund (see `refundCentsFromDollars`); left out, whatever is left of the sale. */
  amountCents?: number;
  /** The caller's Idempotency-Key, if it sent one. */
  idempotencyKey?: string;
  /** Seats of the sale to end with a partial refund (1…its seats not refunded yet); left out, none. */
  seats?: number;
}

export interface RefundSaleResult<Answer> {
  answer: Answer;
  /** True when this is the first answer to the same key, given again. */
  replayed: boolean;
}

const invalidAmount = () =>
  new AppError(422, "VALIDATION", "The amount must be at least $0.01, in dollars and cents, e.g. 5.00.");

/** Cents from an amount in dollars; a 422 unless it is a whole, positive number of cents. */
export function refundCentsFromDollars(amount: number): number {
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || cents < 1 || Math.abs(amount * 100 - cents) > 1e-6) throw invalidAmount();
  return cents;
}

/**
 * Seats to end with a refund: only a sale of several seats, and at most the seats it paid for that no refund gave
 * back yet (nor one being made): 422 with a sentence otherwise, before anything is recorded.
 */
function assertSeatsLeft(sale: Sale, seats: number, inFlight: number) {
  const left = sale.seats - sale.refundedSeats - inFlight;
  if (sale.seats <= 1)
    throw new AppError(
      422,
      "INVALID_SEATS",
      "This sale is for one seat: there are no seats of it to end on their own.",
    );
  if (!Number.isInteger(seats) || seats < 1 || seats > left)
    throw new AppError(
      422,
      "INVALID_SEATS",
      left < 1
        ? "Every seat of this sale has been refunded already."
        : `Seats to end must be a whole number from 1 to ${left}: the seats of this sale not refunded yet.`,
    );
}

/** Whether a key's earlier request asked exactly this: the same sale, amount and seats. */
const sameRequest = (earlier: RefundRequest, request: RefundSaleRequest) =>
  earlier.saleId === request.saleId &&
  earlier.requestedCents === (request.amountCents ?? null) &&
  earlier.seats === (request.seats ?? null);

/** The cents and seats of the sale's refunds being made (asked of the provider, not yet recorded). */
async function inFlightOf(tx: DbOrTx, saleId: number) {
  const [sums] = await tx
    .select({
      inFlight: sql<number>`coalesce(sum(${refundRequests.amountCents}), 0)`.mapWith(Number),
      seatsInFlight: sql<number>`coalesce(sum(${refundRequests.seats}), 0)`.mapWith(Number),
    })
    .from(refundRequests)
    .where(and(eq(refundRequests.saleId, saleId), eq(refundRequests.status, "pending")));
  return sums!;
}

/** Checks and records the request; answers the row to carry out, or the earlier answer to replay. */
function claim(
  deps: Pick<AppDeps, "db" | "clock">,
  request: RefundSaleRequest,
  now: number,
): Promise<{ row: RefundRequest } | { replay: unknown }> {
  const requestedCents = request.amountCents ?? null;
  // The checks and the row that claims the refund are one transaction: two requests at once can't both
  // pass the checks, so a sale is never refunded twice or past what it was paid.
  return deps.db.transaction(async (tx) => {
    await tx.delete(refundRequests).where(lt(refundRequests.createdAt, now - REFUND_KEY_TTL_MS));
    if (request.idempotencyKey !== undefined) {
      const [earlier] = await forUpdate(
        tx.select().from(refundRequests).where(eq(refundRequests.idempotencyKey, request.idempotencyKey)).limit(1),
      );
      if (earlier) {
        if (!sameRequest(earlier, request)) {
          throw new AppError(
            422,
            "IDEMPOTENCY_KEY_REUSED",
            "This Idempotency-Key was already used for a different refund; send a new key for a new refund.",
          );
        }
        if (earlier.status === "done") return { replay: earlier.answer };
        if (earlier.status === "pending" && now - earlier.createdAt < STALE_PENDING_MS) {
          throw conflict("REFUND_IN_PROGRESS", KEY_IN_PROGRESS);
        }
        // Failed or cut off: try again, with the same provider key, so the provider refunds at most once.
        const [retried] = await tx
          .update(refundRequests)
          .set({ status: "pending", createdAt: now })
          .where(eq(refundRequests.id, earlier.id))
          .returning();
        return { row: retried! };
      }
    }
    const [sale] = await forUpdate(tx.select().from(sales).where(eq(sales.id, request.saleId)).limit(1));
    if (!sale) throw notFound("No sale with this id.");
    if (sale.status === "refunded") throw conflict("ALREADY_REFUNDED", ALREADY_REFUNDED);
    // The card network holds a disputed payment: it can't be refunded until the dispute ends.
    if (sale.status === "disputed")
      throw conflict(
        "SALE_DISPUTED",
        "This sale's payment is disputed, so it can't be refunded until the dispute ends.",
      );
    const { inFlight, seatsInFlight } = await inFlightOf(tx, sale.id);
    const remainder = sale.amountCents - sale.refundedCents - inFlight;
    if (remainder <= 0 && inFlight > 0) {
      throw conflict(
        "REFUND_IN_PROGRESS",
        "A refund of this sale is already being made; its result will show on the sale in a moment.",
      );
    }
    if (request.seats !== undefined) assertSeatsLeft(sale, request.seats, seatsInFlight);
    const amountCents = request.amountCents ?? remainder;
    if (request.idempotencyKey === undefined) {
      const [duplicate] = await tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(
          and(
            eq(refundRequests.saleId, sale.id),
            eq(refundRequests.amountCents, amountCents),
            inArray(refundRequests.status, ["pending", "done"]),
            gt(refundRequests.createdAt, now - DUPLICATE_REFUND_WINDOW_MS),
          ),
        )
        .limit(1);
      if (duplicate) {
        throw conflict(
          "DUPLICATE_REFUND",
          `This sale was refunded $${(amountCents / 100).toFixed(2)} less than 10 minutes ago. To refund the same amount again, send a new Idempotency-Key.`,
        );
      }
    }
    if (amountCents > remainder) {
      throw conflict(
        "REFUND_TOO_LARGE",
        `That is more than is left to refund: $${(Math.max(0, remainder) / 100).toFixed(2)}.`,
      );
    }
    const [row] = await tx
      .insert(refundRequests)
      .values({
        idempotencyKey: request.idempotencyKey ?? null,
        saleId: sale.id,
        requestedCents,
        amountCents,
        seats: request.seats ?? null,
        providerKey: `refund-sale-${sale.id}-${crypto.randomUUID()}`,
        status: "pending",
        actorUserId: request.actorUserId,
        createdAt: now,
      })
      .returning();
    return { row: row! };
  });
}

/**
 * The one way to refund a sale on someone's request: validates, asks the provider once, records the
 * refund where every other refund is recorded, and answers `present(sale)` (kept for a replay).
 */
export async function refundSale<Answer>(
  deps: Pick<AppDeps, "db" | "clock" | "payments" | "config"> & Partial<Pick<AppDeps, "tax">>,
  request: RefundSaleRequest,
  present: (sale: Sale) => Answer | Promise<Answer>,
): Promise<RefundSaleResult<Answer>> {
  if (request.amountCents !== undefined && (!Number.isSafeInteger(request.amountCents) || request.amountCents < 1))
    throw invalidAmount();
  const claimed = await claim(deps, request, deps.clock.now()).catch((error) => {
    // The same key claimed by a request that committed first (an engine that lets both read before either writes).
    if (isUniqueViolation(error)) throw conflict("REFUND_IN_PROGRESS", KEY_IN_PROGRESS);
    throw error;
  });
  if ("replay" in claimed) return { answer: claimed.replay as Answer, replayed: true };
  const { row } = claimed;
  const sale = (await saleById(deps.db, row.saleId))!;
  let answer: Answer;
  try {
    // A free order took no money: "refunding" it only takes back its key, with no provider to ask.
    const outcome =
      sale.amountCents === 0
        ? { fullyRefunded: true, amountRefunded: 0 }
        : await deps.payments.refund({
            paymentIntentId: sale.paymentIntentId,
            amountCents: row.amountCents,
            idempotencyKey: row.providerKey,
          });
    if (outcome.fullyRefunded) await refundPayment(deps, sale.paymentIntentId, request.actorUserId);
    else {
      await recordPartialRefund(
        deps,
        sale.paymentIntentId,
        outcome.amountRefunded,
        request.actorUserId,
        row.seats ? { requestId: row.id, seats: row.seats } : null,
      );
      // The credit note's tax reversal (a full refund's is recorded by refundPayment).
      await syncTaxRecords(deps);
    }
    answer = await present((await saleById(deps.db, row.saleId))!);
  } catch (error) {
    await deps.db.update(refundRequests).set({ status: "failed" }).where(eq(refundRequests.id, row.id));
    throw error;
  }
  await deps.db.update(refundRequests).set({ status: "done", answer }).where(eq(refundRequests.id, row.id));
  return { answer, replayed: false };
}
