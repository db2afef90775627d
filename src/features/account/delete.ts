/**
 * Deleting an account (GDPR erasure), in one transaction: the account row goes, and with it the
 * subscription, plugin key, linked game account, review, reset and confirmation links and every
 * session (tokens name an account that no longer exists). Support tickets and the e-mail outbox's copies
 * to the address are deleted. What the books must keep by law stays, without the person: each sale
 * keeps its date, plan, amounts (tax and discount too), invoice and credit notes, payment reference, and
 * the billing country and business tax ID a tax return needs, with the e-mail replaced by a placeholder
 * and the postal code erased. Checkouts, refund requests, and the copies of the address in other rows
 * (admins' alerts, audit details, stored refund answers, demo payments) lose it the same way.
 * No e-mail confirms it: its copy in the outbox would keep the address the deletion just erased.
 */
import { eq, inArray, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import {
  auditLog,
  buyerRefunds,
  checkouts,
  demoPaymentIntents,
  emails,
  refundRequests,
  sales,
  supportTickets,
  users,
  type User,
} from "../../db/schema";
import type { DbOrTx } from "../../db";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { conflict } from "../../lib/errors";
import { writeAudit } from "../audit/service";
import { countAdmins } from "../users/service";
import { assertPassword } from "./password";
import { accountSales } from "./purchases";
import type { AccountMessage } from "@shared/api/account";

/** What a deleted account's sales say instead of the buyer's address: unique per account, never deliverable. */
export const deletedAccountEmail = (userId: number) => `deleted-account-${userId}@deleted.invalid`;

/**
 * The rows that mention the address inside free text or JSON (admins' alerts, audit details, refund answers,
 * demo payments): each copy becomes the placeholder. An address holds nothing JSON escapes, so JSON stays valid.
 */
function scrubAddress(tx: DbOrTx, address: string, placeholder: string) {
  const swap = (column: SQLiteColumn) => sql`replace(${column}, ${address}, ${placeholder})`;
  const holds = (column: SQLiteColumn) => sql`instr(${column}, ${address}) > 0`;
  tx.update(emails)
    .set({ subject: swap(emails.subject), payload: swap(emails.payload) })
    .where(or(holds(emails.subject), holds(emails.payload)))
    .run();
  tx.update(auditLog)
    .set({ detail: swap(auditLog.detail) })
    .where(holds(auditLog.detail))
    .run();
  tx.update(auditLog).set({ actorEmail: placeholder }).where(eq(auditLog.actorEmail, address)).run();
  tx.update(refundRequests)
    .set({ answer: swap(refundRequests.answer) })
    .where(holds(refundRequests.answer))
    .run();
  tx.update(demoPaymentIntents)
    .set({ metadata: swap(demoPaymentIntents.metadata) })
    .where(holds(demoPaymentIntents.metadata))
    .run();
}

export async function deleteAccount(
  deps: Pick<AppDeps, "db" | "clock">,
  user: User,
  password: string,
): Promise<AccountMessage> {
  await assertPassword(user, password);
  const now = deps.clock.now();
  deps.db.transaction(
    (tx) => {
      if (user.isAdmin && countAdmins(tx) <= 1) {
        throw conflict(
          "LAST_ADMIN",
          "You are the only administrator. Make another account an administrator before deleting yours.",
        );
      }
      const placeholder = deletedAccountEmail(user.id);
      const saleIds = accountSales(tx, user.id).map(({ sale }) => sale.id);
      // Sales bought with the address or tied to the account keep their figures, not the person.
      const personal = or(eq(sales.email, user.email), saleIds.length ? inArray(sales.id, saleIds) : undefined);
      const anonymised = tx
        .update(sales)
        .set({ email: placeholder, renewalUserId: null, postalCode: null })
        .where(personal)
        .returning({ id: sales.id, paymentIntentId: sales.paymentIntentId })
        .all();
      tx.update(sales).set({ renewalUserId: null }).where(eq(sales.renewalUserId, user.id)).run();
      // Checkouts (with the promotion codes they reserved) keep their figures for the codes' counts, not the person.
      const intents = anonymised.map((sale) => sale.paymentIntentId);
      tx.update(checkouts)
        .set({ email: placeholder, accountId: null })
        .where(
          or(
            eq(checkouts.email, user.email),
            eq(checkouts.accountId, user.id),
            intents.length ? inArray(checkouts.paymentIntentId, intents) : undefined,
          ),
        )
        .run();
      // The demo provider's intents (development only) copy the checkout's postal code into their metadata.
      if (intents.length) {
        tx.update(demoPaymentIntents)
          .set({ metadata: sql`json_remove(${demoPaymentIntents.metadata}, '$.postalCode')` })
          .where(inArray(demoPaymentIntents.id, intents))
          .run();
      }
      const anonymisedIds = anonymised.map((sale) => sale.id);
      if (anonymisedIds.length)
        tx.update(buyerRefunds)
          .set({ userId: null, reason: null })
          .where(inArray(buyerRefunds.saleId, anonymisedIds))
          .run();
      tx.update(buyerRefunds).set({ decidedByUserId: null }).where(eq(buyerRefunds.decidedByUserId, user.id)).run();
      tx.update(refundRequests).set({ actorUserId: null }).where(eq(refundRequests.actorUserId, user.id)).run();
      tx.update(demoPaymentIntents)
        .set({ receiptEmail: null })
        .where(eq(demoPaymentIntents.receiptEmail, user.email))
        .run();
      tx.delete(supportTickets).where(eq(supportTickets.email, user.email)).run();
      tx.delete(emails).where(eq(emails.to, user.email)).run();
      scrubAddress(tx, user.email, placeholder);
      // Audit rows about the account stay as a record of what happened, without details such as the game account's id.
      tx.update(auditLog)
        .set({ detail: null })
        .where(eq(auditLog.subject, `user:${user.id}`))
        .run();
      tx.delete(users).where(eq(users.id, user.id)).run();
      writeAudit(tx, {
        // The account's owner deleted it: the entry names the account, shown as a deleted one.
        actorUserId: user.id,
        action: "account.deleted",
        subject: `user:${user.id}`,
        detail: `${anonymised.length} sales kept with the e-mail replaced`,
        at: now,
      });
    },
    { behavior: "immediate" },
  );
  return { message: "Your account has been deleted." };
}
