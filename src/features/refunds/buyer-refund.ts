/**
 * The refund guarantee as a button. The buyer's request takes the sale's one refund_requests row (unique
 * per sale, in an IMMEDIATE transaction), so of any number of parallel requests one goes on and the rest
 * get 409. In `auto` mode the refund then goes through the admin refund's own function (refundSale: the
 * provider's refund with an idempotency key, then the one place a refund is recorded); in `request` mode
 * it waits for an admin's Approve or Decline. The buyer and the admins are e-mailed either way.
 */
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { buyerRefunds, sales, users, type BuyerRefund, type Sale, type User } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/errors";
import { PLANS } from "@shared/plans";
import type { RefundAnswer } from "@shared/api/purchases";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { accountSales, type AccountPurchase } from "../account/purchases";
import { purchaseView } from "../account/view";
import { refundSale } from "./sale-refund";
import { refundRefusal } from "./rules";

type RefundDeps = Pick<AppDeps, "db" | "clock" | "payments" | "config">;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const NO_SUCH_PURCHASE = "No purchase with this id on your account.";

function alertAdmins(tx: DbOrTx, headline: string, lines: string[], now: number) {
  for (const admin of tx.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).all()) {
    queueEmail(tx, { to: admin.email, template: "payment-alert", payload: { headline, lines } }, now);
  }
}

/** Where the buyer hears about it: the account's address, else the address that paid. */
function buyerAddress(tx: DbOrTx, sale: Sale, userId: number | null): string {
  const account =
    userId === null ? undefined : tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return account?.email ?? sale.email;
}

const requestOf = (tx: DbOrTx, saleId: number) =>
  tx.select().from(buyerRefunds).where(eq(buyerRefunds.saleId, saleId)).get() ?? null;

/** The account's purchase with this sale id, or 404 (the same for someone else's purchase as for none). */
function ownedPurchase(db: DbOrTx, user: User, saleId: number): AccountPurchase {
  const purchase = accountSales(db, user).find(({ sale }) => sale.id === saleId);
  if (!purchase) throw notFound(NO_SUCH_PURCHASE);
  return purchase;
}

/** Takes the sale's one request row, or answers 409 with the sentence that says why not. */
function claimRefund(
  deps: RefundDeps,
  saleId: number,
  userId: number | null,
  status: "processing" | "pending",
): { sale: Sale; request: BuyerRefund } {
  const now = deps.clock.now();
  return deps.db.transaction(
    (tx) => {
      const sale = tx.select().from(sales).where(eq(sales.id, saleId)).get();
      if (!sale) throw notFound(NO_SUCH_PURCHASE);
      const refusal = refundRefusal(deps.config, sale, requestOf(tx, saleId), now);
      if (refusal) throw conflict("REFUND_NOT_POSSIBLE", refusal);
      const request = tx.insert(buyerRefunds).values({ saleId, userId, status, createdAt: now }).returning().get();
      if (status === "pending") {
        const to = buyerAddress(tx, sale, userId);
        queueEmail(
          tx,
          {
            to,
            template: "refund-update",
            payload: { outcome: "requested", planName: PLANS[sale.plan].name, amount: dollars(sale.amountCents) },
          },
          now,
        );
        alertAdmins(
          tx,
          "A buyer asked for a refund",
          [
            `${PLANS[sale.plan].name} for ${dollars(sale.amountCents)}, bought on ${new Date(sale.createdAt).toISOString().slice(0, 10)} (sale #${sale.id}).`,
            "Approve or decline it in the admin panel's Refund requests.",
          ],
          now,
        );
      }
      return { sale, request };
    },
    { behavior: "immediate" },
  );
}

/**
 * What the admin refund is asked: the whole sale, under a key of its own per sale, so a retry after a
 * failure sends the provider the same refund again rather than a second one.
 */
const refundOrder = (saleId: number, actorUserId: number | null) => ({
  saleId,
  actorUserId,
  idempotencyKey: `buyer-refund-sale-${saleId}`,
});

/** After the provider refunded: the request is done, and the admins hear of it. */
function finishRefund(deps: RefundDeps, request: BuyerRefund, deciderUserId: number | null) {
  const now = deps.clock.now();
  deps.db.transaction(
    (tx) => {
      tx.update(buyerRefunds)
        .set({ status: "refunded", decidedAt: now, decidedByUserId: deciderUserId })
        .where(eq(buyerRefunds.id, request.id))
        .run();
      const sale = tx.select().from(sales).where(eq(sales.id, request.saleId)).get()!;
      // The buyer's e-mail is the refund notice that recording the refund queued, as on every refund path.
      alertAdmins(
        tx,
        "A purchase was refunded under the guarantee",
        [
          `${PLANS[sale.plan].name} for ${dollars(sale.amountCents)} (sale #${sale.id}), ${deciderUserId === request.userId ? "by its buyer" : "approved by an admin"}.`,
        ],
        now,
      );
    },
    { behavior: "immediate" },
  );
}

/** The provider refund, through the admin refund's function; a failure frees the request so it can be tried again. */
async function refundThroughProvider(deps: RefundDeps, request: BuyerRefund, actorUserId: number | null) {
  try {
    await refundSale(deps, refundOrder(request.saleId, actorUserId), (sale) => sale);
  } catch (error) {
    deps.db
      .delete(buyerRefunds)
      .where(and(eq(buyerRefunds.id, request.id), eq(buyerRefunds.status, "processing")))
      .run();
    throw error instanceof AppError
      ? error
      : new AppError(502, "REFUND_FAILED", "The refund could not be made just now. Please try again in a few minutes.");
  }
  finishRefund(deps, request, actorUserId);
}

/** The refund itself, for the account's Purchases (userId) or the e-mailed link (null). */
export async function refundPurchase(
  deps: RefundDeps,
  saleId: number,
  userId: number | null,
): Promise<"refunded" | "requested"> {
  const auto = deps.config.selfServiceRefunds === "auto";
  const { request } = claimRefund(deps, saleId, userId, auto ? "processing" : "pending");
  if (auto) await refundThroughProvider(deps, request, userId);
  return auto ? "refunded" : "requested";
}

/** POST /api/account/purchases/:id/refund */
export async function requestSelfRefund(
  deps: RefundDeps & Pick<AppDeps, "jwtSecret">,
  user: User,
  saleId: number,
): Promise<RefundAnswer> {
  ownedPurchase(deps.db, user, saleId);
  const auto = (await refundPurchase(deps, saleId, user.id)) === "refunded";
  const purchase = purchaseView(deps, ownedPurchase(deps.db, user, saleId), deps.clock.now());
  return auto
    ? {
        outcome: "refunded",
        message: "Your purchase has been refunded. The money is back on your card in 5–10 days.",
        purchase,
      }
    : {
        outcome: "requested",
        message: "Your refund request has been sent. We'll e-mail you when it has been decided.",
        purchase,
      };
}

/** Admin: approve a pending request (the refund is made now) or decline it. */
export async function decideRefundRequest(
  deps: RefundDeps,
  adminId: number,
  requestId: number,
  approve: boolean,
): Promise<BuyerRefund> {
  const now = deps.clock.now();
  const claimed = deps.db.transaction(
    (tx) => {
      const request = tx.select().from(buyerRefunds).where(eq(buyerRefunds.id, requestId)).get();
      if (!request) throw notFound("No refund request with this id.");
      if (request.status !== "pending")
        throw conflict("REQUEST_DECIDED", "This refund request has already been decided.");
      const next = approve ? "processing" : "declined";
      const updated = tx
        .update(buyerRefunds)
        .set({ status: next, decidedAt: now, decidedByUserId: adminId })
        .where(and(eq(buyerRefunds.id, requestId), eq(buyerRefunds.status, "pending")))
        .returning()
        .get()!;
      const sale = tx.select().from(sales).where(eq(sales.id, request.saleId)).get()!;
      if (!approve) {
        queueEmail(
          tx,
          {
            to: buyerAddress(tx, sale, request.userId),
            template: "refund-update",
            payload: { outcome: "declined", planName: PLANS[sale.plan].name, amount: dollars(sale.amountCents) },
          },
          now,
        );
      }
      writeAudit(tx, {
        actorUserId: adminId,
        action: approve ? "refund-request.approve" : "refund-request.decline",
        subject: `sale:${sale.id}`,
        at: now,
      });
      return updated;
    },
    { behavior: "immediate" },
  );
  if (!approve) return claimed;
  try {
    await refundSale(deps, refundOrder(claimed.saleId, adminId), (sale) => sale);
  } catch (error) {
    deps.db
      .update(buyerRefunds)
      .set({ status: "pending", decidedAt: null, decidedByUserId: null })
      .where(eq(buyerRefunds.id, requestId))
      .run();
    throw error;
  }
  finishRefund(deps, claimed, adminId);
  return deps.db.select().from(buyerRefunds).where(eq(buyerRefunds.id, requestId)).get()!;
}
