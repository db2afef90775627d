/**
 * Deleting an account (GDPR erasure), in one transaction: the account row goes, and with it the
 * subscription, plugin key, linked game account, review, reset and confirmation links and every
 * session (tokens name an account that no longer exists). Support tickets and the e-mail outbox's copies
 * to the address are deleted. What the books must keep by law stays, without the person: each sale
 * keeps its date, plan, amount and payment reference, with the e-mail replaced by a placeholder.
 * No e-mail confirms it: its copy in the outbox would keep the address the deletion just erased.
 */
import { eq, inArray, or } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { auditLog, demoPaymentIntents, emails, sales, supportTickets, users, type User } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { writeAudit } from "../audit/service";
import { countAdmins } from "../users/service";
import { assertPassword } from "./password";
import { accountSales } from "./purchases";
import type { AccountMessage } from "../../shared/api/account";

/** What a deleted account's sales say instead of the buyer's address: unique per account, never deliverable. */
export const deletedAccountEmail = (userId: number) => `deleted-account-${userId}@deleted.invalid`;

export async function deleteAccount(deps: Pick<AppDeps, "db" | "clock">, user: User, password: string): Promise<AccountMessage> {
  await assertPassword(user, password);
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    if (user.isAdmin && countAdmins(tx) <= 1) {
      throw conflict("LAST_ADMIN", "You are the only administrator. Make another account an administrator before deleting yours.");
    }
    const placeholder = deletedAccountEmail(user.id);
    const saleIds = accountSales(tx, user.id).map(({ sale }) => sale.id);
    // Sales bought with the address or tied to the account keep their figures, not the person.
    const personal = or(eq(sales.email, user.email), saleIds.length ? inArray(sales.id, saleIds) : undefined);
    const anonymised = tx.update(sales).set({ email: placeholder, renewalUserId: null }).where(personal).returning({ id: sales.id }).all();
    tx.update(sales).set({ renewalUserId: null }).where(eq(sales.renewalUserId, user.id)).run();
    tx.update(demoPaymentIntents).set({ receiptEmail: null }).where(eq(demoPaymentIntents.receiptEmail, user.email)).run();
    tx.delete(supportTickets).where(eq(supportTickets.email, user.email)).run();
    tx.delete(emails).where(eq(emails.to, user.email)).run();
    // Audit rows about the account stay as a record of what happened, without details such as the game account's id.
    tx.update(auditLog).set({ detail: null }).where(eq(auditLog.subject, `user:${user.id}`)).run();
    tx.delete(users).where(eq(users.id, user.id)).run();
    writeAudit(tx, { actorUserId: null, action: "account.deleted", subject: `user:${user.id}`, detail: `${anonymised.length} sales kept with the e-mail replaced`, at: now });
  }, { behavior: "immediate" });
  return { message: "Your account has been deleted." };
}
