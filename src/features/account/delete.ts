/**
 * Deleting an account (GDPR erasure), in one transaction: the account row goes, and with it the
 * subscription, plugin key, linked game account, review, reset and confirmation links and every
 * session (tokens name an account that no longer exists). What is erased beyond the account is what is the
 * account's as recorded (ownership.ts), whatever address it had when: the sales it paid for keep what the
 * books must keep by law — date, plan, amounts (tax and discount too), invoice and credit notes, payment
 * reference, and the billing country and business tax ID a tax return needs — with the e-mail replaced by a
 * placeholder and the postal code erased. Its checkouts and refund requests lose the address the same way;
 * its tickets (with their threads) and e-mails are deleted. Nothing recorded as another account's, or as
 * nobody's, is touched. A key someone else paid for keeps its payer's address. No e-mail confirms it: its
 * copy in the outbox would keep the address the deletion erased.
 */
import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import {
  addressConfirmations,
  auditLog,
  emailChanges,
  buyerRefunds,
  checkouts,
  demoPaymentIntents,
  emails,
  refundRequests,
  sales,
  supportTickets,
  users,
  webhookDeliveries,
  type User,
} from "../../db/schema";
import { engineOf, forUpdate, type DbOrTx } from "../../db";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { conflict, sessionEnded } from "../../lib/errors";
import { writeAudit } from "../audit/service";
import { assertPassword } from "./password";
import { accountSales, type AccountPurchase } from "../purchases/service";
import { ownedCondition } from "../ownership/service";
import type { AccountMessage } from "@shared/api/account";
import { announceAccount } from "../webhooks/events";

/** What a deleted account's sales say instead of the buyer's address: unique per account, never deliverable. */
export const deletedAccountEmail = (userId: number) => `deleted-account-${userId}@deleted.invalid`;

/**
 * Text search and replace inside a column, on either engine: SQLite keeps JSON as text; PostgreSQL keeps
 * it as jsonb, which is searched and rewritten as its text and read back as jsonb.
 */
const isJsonb = (tx: DbOrTx, column: SQLiteColumn) => engineOf(tx) === "postgres" && column.dataType === "json";
const asText = (tx: DbOrTx, column: SQLiteColumn) => (isJsonb(tx, column) ? sql`${column}::text` : sql`${column}`);
function replaceIn(tx: DbOrTx, column: SQLiteColumn, text: string, by: string, within?: SQL) {
  const source = within ? (isJsonb(tx, column) ? sql`(${within})::text` : within) : asText(tx, column);
  const replaced = sql`replace(${source}, ${text}, ${by})`;
  return isJsonb(tx, column) ? sql`${replaced}::jsonb` : replaced;
}
function contains(tx: DbOrTx, column: SQLiteColumn, text: string) {
  return engineOf(tx) === "postgres"
    ? sql`strpos(${asText(tx, column)}, ${text}) > 0`
    : sql`instr(${column}, ${text}) > 0`;
}
/** A demo payment's metadata (a JSON object) without its postal code. */
function withoutPostalCode(tx: DbOrTx, metadata: SQL) {
  return engineOf(tx) === "postgres"
    ? sql`(${metadata}) - 'postalCode'`
    : sql`json_remove(${metadata}, '$.postalCode')`;
}

/**
 * With a confirmed address, the rows that mention it inside free text or JSON (admins' alerts, audit details,
 * refund answers, demo payments): each copy becomes the placeholder. An address holds nothing JSON escapes,
 * so JSON stays valid.
 */
async function scrubAddress(tx: DbOrTx, address: string, placeholder: string) {
  const swap = (column: SQLiteColumn) => replaceIn(tx, column, address, placeholder);
  const holds = (column: SQLiteColumn) => contains(tx, column, address);
  await tx
    .update(emails)
    .set({ subject: swap(emails.subject), payload: swap(emails.payload) })
    .where(or(holds(emails.subject), holds(emails.payload)));
  await tx
    .update(auditLog)
    .set({ detail: swap(auditLog.detail) })
    .where(holds(auditLog.detail));
  await tx.update(auditLog).set({ actorEmail: placeholder }).where(eq(auditLog.actorEmail, address));
  await tx
    .update(refundRequests)
    .set({ answer: swap(refundRequests.answer) })
    .where(holds(refundRequests.answer));
  await tx
    .update(demoPaymentIntents)
    .set({ metadata: swap(demoPaymentIntents.metadata) })
    .where(holds(demoPaymentIntents.metadata));
  await tx.update(demoPaymentIntents).set({ receiptEmail: null }).where(eq(demoPaymentIntents.receiptEmail, address));
  // Webhook bodies (sent or waiting) carry buyers' addresses; a replay then sends the placeholder.
  await tx
    .update(webhookDeliveries)
    .set({ body: swap(webhookDeliveries.body) })
    .where(holds(webhookDeliveries.body));
}

export async function deleteAccount(
  deps: Pick<AppDeps, "db" | "clock">,
  user: User,
  password: string,
): Promise<AccountMessage> {
  await assertPassword(user, password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // The account as it is now, held to the end: the password was checked against the session's copy. A
    // second deletion racing this one, or one after a password change, finds no account.
    const [account] = await forUpdate(
      tx
        .select()
        .from(users)
        .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion))),
    );
    if (!account) throw sessionEnded();
    if (account.isAdmin && (await lockedAdminCount(tx)) <= 1) {
      throw conflict(
        "LAST_ADMIN",
        "You are the only administrator. Make another account an administrator before deleting yours.",
      );
    }
    await announceAccount(tx, "account.deleted", account, now);
    const placeholder = deletedAccountEmail(account.id);
    const owned = await accountSales(tx, account);
    // A sale the account paid for keeps its figures, not the person. A key someone else paid for and gave
    // the account keeps its payer's address: it is theirs, and their lost-key e-mail still finds it.
    const paid = owned.filter((purchase) => purchase.paidByAccount);
    const paidIds = paid.map(({ sale }) => sale.id);
    const intents = paid.map(({ sale }) => sale.paymentIntentId);
    const addresses = await provenAddresses(tx, account, paid);
    if (paidIds.length)
      await tx
        .update(sales)
        .set({ email: placeholder, renewalUserId: null, postalCode: null })
        .where(inArray(sales.id, paidIds));
    await tx.update(sales).set({ renewalUserId: null }).where(eq(sales.renewalUserId, account.id));
    // Checkouts (with the promotion codes they reserved) keep their figures for the codes' counts, not the
    // person: the account's renewals, its paid sales' and those recorded as its own.
    await tx
      .update(checkouts)
      .set({ email: placeholder, accountId: null })
      .where(
        or(
          eq(checkouts.accountId, account.id),
          intents.length ? inArray(checkouts.paymentIntentId, intents) : undefined,
          ownedCondition(account.id, "checkout", checkouts.id),
        ),
      );
    // The demo provider's intents (development only) copy the checkout's postal code and address.
    if (intents.length) {
      await tx
        .update(demoPaymentIntents)
        .set({
          metadata: withoutPostalCode(tx, replaceAll(tx, demoPaymentIntents.metadata, addresses, placeholder)),
          receiptEmail: null,
        })
        .where(inArray(demoPaymentIntents.id, intents));
    }
    await tx
      .update(buyerRefunds)
      .set({ userId: null, reason: null })
      .where(
        or(eq(buyerRefunds.userId, account.id), paidIds.length ? inArray(buyerRefunds.saleId, paidIds) : undefined),
      );
    await tx.update(buyerRefunds).set({ decidedByUserId: null }).where(eq(buyerRefunds.decidedByUserId, account.id));
    await tx.update(refundRequests).set({ actorUserId: null }).where(eq(refundRequests.actorUserId, account.id));
    if (paidIds.length) {
      await tx
        .update(refundRequests)
        .set({ answer: replaceAll(tx, refundRequests.answer, addresses, placeholder) })
        .where(inArray(refundRequests.saleId, paidIds));
    }
    // Its tickets (their threads go with them) and its e-mails, whatever address they went to.
    await tx.delete(supportTickets).where(ownedCondition(account.id, "ticket", supportTickets.id));
    await tx.delete(emails).where(ownedCondition(account.id, "email", emails.id));
    for (const address of addresses) await scrubAddress(tx, address, placeholder);
    // Events about the account (its userId in them) name it by its address even when it never proved it:
    // account.created, key.redeemed, subscription.*, and the account.deleted just queued. The receiver
    // still knows the account by its userId.
    const aboutAccount = [`"userId":${account.id},`, `"userId":${account.id}}`];
    await tx
      .update(webhookDeliveries)
      .set({ body: replaceIn(tx, webhookDeliveries.body, account.email, placeholder) })
      .where(or(...aboutAccount.map((text) => contains(tx, webhookDeliveries.body, text))));
    // Audit rows about the account stay as a record of what happened, without details such as the game account's id.
    await tx
      .update(auditLog)
      .set({ detail: null })
      .where(eq(auditLog.subject, `user:${account.id}`));
    await tx.delete(users).where(eq(users.id, account.id));
    await writeAudit(tx, {
      // The account's owner deleted it: the entry names the account, shown as a deleted one.
      actorUserId: account.id,
      action: "account.deleted",
      subject: `user:${account.id}`,
      detail: `${paid.length} sales kept with the e-mail replaced`,
      at: now,
    });
  });
  return { message: "Your account has been deleted." };
}

/**
 * The addresses that were the account's: those it proved (sign-up's link, e-mail changes) and those its paid
 * sales were bought with. One that another account has now is that account's, and stays as it is.
 */
async function provenAddresses(tx: DbOrTx, account: User, paid: AccountPurchase[]): Promise<string[]> {
  const confirmed = await tx
    .select({ email: addressConfirmations.email })
    .from(addressConfirmations)
    .where(and(eq(addressConfirmations.userId, account.id), isNotNull(addressConfirmations.usedAt)));
  const changed = await tx
    .select({ email: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, account.id), isNotNull(emailChanges.usedAt)));
  const candidates = new Set([
    ...(account.emailConfirmedAt !== null ? [account.email] : []),
    ...confirmed.map(({ email }) => email),
    ...changed.map(({ email }) => email),
    ...paid.map(({ sale }) => sale.email),
  ]);
  const mine: string[] = [];
  for (const address of candidates) {
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    if (!holder || holder.id === account.id) mine.push(address);
  }
  return mine;
}

/** Every one of `texts` in a column replaced by `by`. */
function replaceAll(tx: DbOrTx, column: SQLiteColumn, texts: string[], by: string): SQL {
  let value: SQL = sql`${column}`;
  for (const text of texts) value = replaceIn(tx, column, text, by, value);
  return value;
}

/**
 * The administrators, their rows held to the end of the transaction: of two last administrators deleting
 * themselves at once, one is refused.
 */
async function lockedAdminCount(tx: DbOrTx): Promise<number> {
  const admins = await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)));
  return admins.length;
}
