/**
 * "Download my data": everything stored about the account, as one JSON file (GDPR access and
 * portability). Secrets that are not data about the person (the password hash, reset and
 * confirmation tokens, e-mail bodies' links) are left out; the rest is as stored. Purchases, checkouts,
 * tickets and e-mails are those recorded as the account's (ownership.ts), whatever its address is today.
 */
import { and, desc, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { asc } from "drizzle-orm";
import {
  auditLog,
  checkouts,
  type CreditNote,
  creditNotes,
  emails,
  reviews,
  supportTickets,
  type User,
} from "../../db/schema";
import { toIso } from "../../lib/clock";
import { PRODUCT_NAME } from "@shared/product";
import { PLANS } from "@shared/plans";
import { getSubscription, settingsOf } from "../users/service";
import { accountSales } from "../purchases/service";
import { isAddressConfirmed } from "../auth/address-confirmation";
import { ownedCondition } from "../ownership/service";
import { ticketAnswers } from "../support/thread";
import { seatsForExport } from "../seats/service";

const dollars = (cents: number) => cents / 100;

type Db = AppDeps["db"];
type Purchase = Awaited<ReturnType<typeof accountSales>>[number];

export async function exportAccount(deps: Pick<AppDeps, "db" | "clock">, user: User) {
  const { db } = deps;
  const subscription = await getSubscription(db, user.id);
  const confirmed = isAddressConfirmed(user);
  const purchases = await accountSales(db, user);
  const purchaseEntries = await purchasesSection(db, purchases);
  const promotionCodesUsed = await promotionCodesSection(db, user, purchases);
  const auditEntries = await auditSection(db, user, purchases);
  const review = await reviewSection(db, user);
  const supportTickets = await ticketsSection(db, user);
  const emailsSent = await emailsSection(db, user);
  return {
    exportedAt: new Date(deps.clock.now()).toISOString(),
    about: `Everything ${PRODUCT_NAME} stores about this account. Times are UTC; amounts are US dollars.`,
    account: accountSection(user),
    settings: settingsOf(user),
    subscription: subscriptionSection(subscription),
    addressConfirmed: confirmed,
    seats: await seatsForExport(db, user.id),
    purchases: purchaseEntries,
    refundRequests: refundRequestsSection(purchases),
    promotionCodesUsed,
    supportTickets,
    review,
    emailsSent,
    auditEntries,
  };
}

function accountSection(user: User) {
  return {
    id: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    createdAt: toIso(user.createdAt),
    lastSeenAt: toIso(user.lastSeenAt),
    pluginKey: user.pluginKey,
    linkedRobloxAccountId: user.linkedRobloxAccountId,
    linkedAt: toIso(user.linkedAt),
    lastLinkResetAt: toIso(user.lastLinkResetAt),
  };
}

function subscriptionSection(subscription: Awaited<ReturnType<typeof getSubscription>>) {
  return subscription
    ? {
        plan: subscription.plan,
        status: subscription.status,
        startDate: toIso(subscription.startDate),
        endDate: toIso(subscription.endDate),
        cancelledAt: toIso(subscription.cancelledAt),
        suspendedAt: toIso(subscription.suspendedAt),
      }
    : null;
}

/** Each purchase with its credit notes, key and refund request. */
async function purchasesSection(db: Db, purchases: Purchase[]) {
  const saleIds = purchases.map(({ sale }) => sale.id);
  const notes = saleIds.length
    ? await db.select().from(creditNotes).where(inArray(creditNotes.saleId, saleIds)).orderBy(asc(creditNotes.id))
    : [];
  return purchases.map((purchase) => purchaseEntry(purchase, notes));
}

function purchaseEntry({ sale, key, request, kind, paidByAccount }: Purchase, notes: CreditNote[]) {
  return {
    id: sale.id,
    kind,
    date: toIso(sale.createdAt),
    plan: sale.plan,
    planName: PLANS[sale.plan].name,
    amount: dollars(sale.amountCents),
    refunded: dollars(sale.status === "refunded" ? sale.amountCents : sale.refundedCents),
    currency: sale.currency,
    status: sale.status,
    // A key someone else paid for and gave this account: the payer's details are theirs, not this account's.
    paidByThisAccount: paidByAccount,
    paidWithEmail: paidByAccount ? sale.email : null,
    paymentReference: sale.paymentIntentId,
    invoiceNumber: sale.invoiceNumber,
    creditNotes: notes
      .filter((note) => note.saleId === sale.id)
      .map((note) => ({
        number: note.number,
        amount: dollars(note.amountCents),
        tax: dollars(note.taxCents),
        date: toIso(note.createdAt),
      })),
    tax: dollars(sale.taxCents),
    taxRate: sale.taxRate,
    taxName: sale.taxName,
    billingCountry: paidByAccount ? sale.country : null,
    postalCode: paidByAccount ? sale.postalCode : null,
    businessTaxId: paidByAccount ? sale.taxId : null,
    companyName: paidByAccount ? sale.companyName : null,
    companyAddress: paidByAccount ? sale.companyAddress : null,
    withdrawalConsent:
      paidByAccount && sale.withdrawalConsentAt
        ? { agreedAt: toIso(sale.withdrawalConsentAt), wordingVersion: sale.withdrawalConsentVersion }
        : null,
    promotionCode: sale.promotionCode,
    discount: dollars(sale.discountCents),
    productKey: key ? { key: key.key, used: key.isUsed, usedAt: toIso(key.usedAt) } : null,
    refundRequest: request
      ? { status: request.status, createdAt: toIso(request.createdAt), decidedAt: toIso(request.decidedAt) }
      : null,
  };
}

function refundRequestsSection(purchases: Purchase[]) {
  return purchases.flatMap(({ sale, request }) =>
    request
      ? [
          {
            purchaseId: sale.id,
            status: request.status,
            reason: request.reason,
            createdAt: toIso(request.createdAt),
            decidedAt: toIso(request.decidedAt),
          },
        ]
      : [],
  );
}

/**
 * Codes entered at checkout for this account or its paid sales, and the checkouts recorded as its own,
 * whether or not the payment went through.
 */
async function promotionCodesSection(db: Db, user: User, purchases: Purchase[]) {
  const paidIntents = purchases.filter((p) => p.paidByAccount).map(({ sale }) => sale.paymentIntentId);
  const codeUses = await db
    .select()
    .from(checkouts)
    .where(
      and(
        or(
          eq(checkouts.accountId, user.id),
          paidIntents.length ? inArray(checkouts.paymentIntentId, paidIntents) : undefined,
          ownedCondition(user.id, "checkout", checkouts.id),
        ),
        isNotNull(checkouts.promotionCode),
      ),
    )
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id));
  return codeUses.map((checkout) => ({
    code: checkout.promotionCode,
    plan: checkout.plan,
    discount: dollars(checkout.discountCents),
    status:
      checkout.status === "paid"
        ? "used"
        : checkout.status === "reserved"
          ? "reserved for a payment in progress"
          : "released (payment not completed)",
    paymentReference: checkout.paymentIntentId,
    date: toIso(checkout.createdAt),
  }));
}

/** Entries the account made, and those about it or its sales. */
async function auditSection(db: Db, user: User, purchases: Purchase[]) {
  const saleSubjects = purchases.map(({ sale }) => `sale:${sale.id}`);
  const audit = await db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorUserId, user.id), inArray(auditLog.subject, [`user:${user.id}`, ...saleSubjects])))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  return audit.map((entry) => ({
    action: entry.action,
    subject: entry.subject,
    detail: entry.detail,
    byThisAccount: entry.actorUserId === user.id,
    at: toIso(entry.createdAt),
  }));
}

async function reviewSection(db: Db, user: User) {
  const [review] = await db.select().from(reviews).where(eq(reviews.userId, user.id)).limit(1);
  return review
    ? {
        rating: review.rating,
        comment: review.comment,
        displayName: review.displayName,
        hidden: review.hidden,
        createdAt: toIso(review.createdAt),
      }
    : null;
}

async function ticketsSection(db: Db, user: User) {
  const tickets = await db
    .select()
    .from(supportTickets)
    .where(ownedCondition(user.id, "ticket", supportTickets.id))
    .orderBy(asc(supportTickets.id));
  const answersByTicket = new Map<number, Awaited<ReturnType<typeof ticketAnswers>>>();
  for (const ticket of tickets) answersByTicket.set(ticket.id, await ticketAnswers(db, ticket.id));
  return tickets.map((ticket) => ({
    id: ticket.id,
    subject: ticket.subject,
    message: ticket.message,
    status: ticket.status,
    createdAt: toIso(ticket.createdAt),
    // The answers after the first message: the buyer's own and support's.
    answers: (answersByTicket.get(ticket.id) ?? []).map((answer) => ({
      from: answer.author,
      message: answer.body,
      createdAt: toIso(answer.createdAt),
    })),
  }));
}

/** Which e-mails went to the address, not their contents: some carried links that sign in. */
async function emailsSection(db: Db, user: User) {
  const sent = await db
    .select()
    .from(emails)
    .where(ownedCondition(user.id, "email", emails.id))
    .orderBy(desc(emails.createdAt), desc(emails.id));
  return sent.map((email) => ({
    subject: email.subject,
    kind: email.template,
    status: email.status,
    createdAt: toIso(email.createdAt),
    sentAt: toIso(email.sentAt),
  }));
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>;

/** The download's file name: layerlift-account-<id>-<day>.json. */
export const exportFileName = (user: User, now: number) =>
  `${PRODUCT_NAME.toLowerCase()}-account-${user.id}-${new Date(now).toISOString().slice(0, 10)}.json`;
