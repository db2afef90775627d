/**
 * The refund guarantee as a button. The buyer's request takes the sale's one buyer_refunds row (unique
 * per sale, in one transaction with the checks), so of any number of parallel requests one goes on and
 * the rest get 409. In `auto` mode the refund then goes through the admin refund's own function (refundSale: the
 * provider's refund with an idempotency key, then the one place a refund is recorded); in `request` mode
 * it waits for an admin's Approve or Decline. The buyer and the admins are e-mailed either way.
 */
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, isUniqueViolation, type DbOrTx } from "../../db";
import { buyerRefunds, sales, users, type BuyerRefund, type Sale, type User } from "../../db/schema";
import { AppError, conflict, notFound, sessionEnded } from "../../lib/errors";
import { PLANS } from "@shared/plans";
import type { RefundAnswer } from "@shared/api/purchases";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { accountSales, type AccountPurchase } from "../purchases/service";
import { purchaseView } from "../purchases/view";
import { refundSale } from "./sale-refund";
import { refundRefusal, refusal, refusalError } from "../purchases/refund-rules";

type RefundDeps = Pick<AppDeps, "db" | "clock" | "payments" | "config">;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The refund-update e-mail's payload about `sale`: its amount to format and the language it was bought in. */
const refundUpdate = (outcome: "requested" | "declined", sale: Sale) => ({
  outcome,
  planName: PLANS[sale.plan].name,
  amountCents: sale.amountCents,
  currency: sale.currency,
  language: sale.language,
});
const NO_SUCH_PURCHASE = "No purchase with this id on your account.";

async function alertAdmins(tx: DbOrTx, headline: string, lines: string[], now: number) {
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).orderBy(users.id);
  for (const admin of admins) {
    await queueEmail(tx, { to: admin.email, template: "payment-alert", payload: { headline, lines } }, now);
  }
}

/** Where the buyer hears about it: the account's address, else the address that paid. */
async function buyerAddress(tx: DbOrTx, sale: Sale, userId: number | null): Promise<string> {
  const [account] =
    userId === null ? [] : await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return account?.email ?? sale.email;
}

/** A refund e-mail is the asking account's, or, when nobody signed in asked, the sale owner's. */
const emailAbout = (sale: Sale, userId: number | null) => (userId === null ? { saleId: sale.id } : { userId });

const requestOf = async (tx: DbOrTx, saleId: number) =>
  (await tx.select().from(buyerRefunds).where(eq(buyerRefunds.saleId, saleId)).limit(1))[0] ?? null;

const saleById = async (tx: DbOrTx, saleId: number) =>
  (await tx.select().from(sales).where(eq(sales.id, saleId)).limit(1))[0];

/** The account's purchase with this sale id, or 404 (the same for someone else's purchase as for none). */
async function ownedPurchase(db: DbOrTx, user: User, saleId: number): Promise<AccountPurchase> {
  const purchase = (await accountSales(db, user)).find(({ sale }) => sale.id === saleId);
  if (!purchase) throw notFound(NO_SUCH_PURCHASE);
  return purchase;
}

/**
 * Takes the sale's one request row, or answers 409 with the sentence that says why not. The checks and
 * the row are one transaction, and the row is unique per sale: of parallel requests, one goes on.
 */
async function claimRefund(
  deps: RefundDeps,
  saleId: number,
  userId: number | null,
  status: "processing" | "pending",
): Promise<{ sale: Sale; request: BuyerRefund }> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      // The asking account first, as its deletion locks it first: a deletion racing this request either ends
      // before it (the session is over) or waits for it, never leaving the request naming a deleted account.
      if (userId !== null) {
        const [asker] = await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
        if (!asker) throw sessionEnded();
      }
      const [sale] = await forUpdate(tx.select().from(sales).where(eq(sales.id, saleId)).limit(1));
      if (!sale) throw notFound(NO_SUCH_PURCHASE);
      const refused = refundRefusal(deps.config, sale, await requestOf(tx, saleId), now);
      if (refused) throw refusalError(refused);
      const [request] = await tx.insert(buyerRefunds).values({ saleId, userId, status, createdAt: now }).returning();
      if (status === "pending") {
        await queueEmail(
          tx,
          {
            to: await buyerAddress(tx, sale, userId),
            ...emailAbout(sale, userId),
            template: "refund-update",
            payload: refundUpdate("requested", sale),
          },
          now,
        );
        await alertAdmins(
          tx,
          "A buyer asked for a refund",
          [
            `${PLANS[sale.plan].name} for ${dollars(sale.amountCents)}, bought on ${new Date(sale.createdAt).toISOString().slice(0, 10)} (sale #${sale.id}).`,
            "Approve or decline it in the admin panel's Refund requests.",
          ],
          now,
        );
      }
      return { sale, request: request! };
    });
  } catch (error) {
    // Another request for the sale committed first (an engine that lets both read before either writes).
    if (isUniqueViolation(error)) throw refusalError(refusal("REQUESTED"));
    throw error;
  }
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
async function finishRefund(deps: RefundDeps, request: BuyerRefund, deciderUserId: number | null) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(buyerRefunds)
      .set({ status: "refunded", decidedAt: now, decidedByUserId: deciderUserId })
      .where(eq(buyerRefunds.id, request.id));
    const sale = (await saleById(tx, request.saleId))!;
    // The buyer's e-mail is the refund notice that recording the refund queued, as on every refund path.
    await alertAdmins(
      tx,
      "A purchase was refunded under the guarantee",
      [
        `${PLANS[sale.plan].name} for ${dollars(sale.amountCents)} (sale #${sale.id}), ${deciderUserId === request.userId ? "by its buyer" : "approved by an admin"}.`,
      ],
      now,
    );
  });
}

/** The provider refund, through the admin refund's function; a failure frees the request so it can be tried again. */
async function refundThroughProvider(deps: RefundDeps, request: BuyerRefund, actorUserId: number | null) {
  try {
    await refundSale(deps, refundOrder(request.saleId, actorUserId), (sale) => sale);
  } catch (error) {
    await deps.db
      .delete(buyerRefunds)
      .where(and(eq(buyerRefunds.id, request.id), eq(buyerRefunds.status, "processing")));
    throw error instanceof AppError
      ? error
      : new AppError(502, "REFUND_FAILED", "The refund could not be made just now. Please try again in a few minutes.");
  }
  await finishRefund(deps, request, actorUserId);
}

/** The refund itself, for the account's Purchases (userId) or the e-mailed link (null). */
export async function refundPurchase(
  deps: RefundDeps,
  saleId: number,
  userId: number | null,
): Promise<"refunded" | "requested"> {
  const auto = deps.config.selfServiceRefunds === "auto";
  const { request } = await claimRefund(deps, saleId, userId, auto ? "processing" : "pending");
  if (auto) await refundThroughProvider(deps, request, userId);
  return auto ? "refunded" : "requested";
}

/** POST /api/account/purchases/:id/refund */
export async function requestSelfRefund(
  deps: RefundDeps & Pick<AppDeps, "jwtSecret">,
  user: User,
  saleId: number,
): Promise<RefundAnswer> {
  await ownedPurchase(deps.db, user, saleId);
  const auto = (await refundPurchase(deps, saleId, user.id)) === "refunded";
  const purchase = await purchaseView(deps, await ownedPurchase(deps.db, user, saleId), deps.clock.now());
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
  const claimed = await deps.db.transaction(async (tx) => {
    const [request] = await forUpdate(tx.select().from(buyerRefunds).where(eq(buyerRefunds.id, requestId)).limit(1));
    if (!request) throw notFound("No refund request with this id.");
    const next = approve ? "processing" : "declined";
    // Only a pending request is decided, by one statement: of two admins deciding at once, one does.
    const [updated] = await tx
      .update(buyerRefunds)
      .set({ status: next, decidedAt: now, decidedByUserId: adminId })
      .where(and(eq(buyerRefunds.id, requestId), eq(buyerRefunds.status, "pending")))
      .returning();
    if (!updated) throw conflict("REQUEST_DECIDED", "This refund request has already been decided.");
    const sale = (await saleById(tx, request.saleId))!;
    if (!approve) {
      await queueEmail(
        tx,
        {
          to: await buyerAddress(tx, sale, request.userId),
          ...emailAbout(sale, request.userId),
          template: "refund-update",
          payload: refundUpdate("declined", sale),
        },
        now,
      );
    }
    await writeAudit(tx, {
      actorUserId: adminId,
      action: approve ? "refund-request.approve" : "refund-request.decline",
      subject: `sale:${sale.id}`,
      at: now,
    });
    return updated;
  });
  if (!approve) return claimed;
  try {
    await refundSale(deps, refundOrder(claimed.saleId, adminId), (sale) => sale);
  } catch (error) {
    await deps.db
      .update(buyerRefunds)
      .set({ status: "pending", decidedAt: null, decidedByUserId: null })
      .where(and(eq(buyerRefunds.id, requestId), eq(buyerRefunds.status, "processing")));
    throw error;
  }
  await finishRefund(deps, claimed, adminId);
  return (await deps.db.select().from(buyerRefunds).where(eq(buyerRefunds.id, requestId)).limit(1))[0]!;
}
