/**
 * A ticket as an admin works on it: the ticket, its whole thread, and beside it what we know of its sender,
 * matched by the ticket's address: the account with its subscription, the purchases (made with the address,
 * or on the account) and their keys, with what the admin can do from there (refund, resend the keys).
 */
import { desc, eq, inArray, or } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { productKeys, sales, subscriptions, users, type SupportMessage, type User } from "../../db/schema";
import { conflict } from "../../lib/errors";
import type { TicketDetailView, TicketSenderView } from "@shared/api/support";
import { writeAudit } from "../audit/service";
import { adminUserView, saleView, type DocumentSigner } from "./view";
import { latestCreditNotes } from "../invoices/credit-notes";
import { productKeyView } from "../product-keys/view";
import { queueLostKeys } from "../product-keys/resend";
import { findUserByEmail } from "../users/service";
import { ticketById } from "../support/service";
import { ticketAnswers } from "../support/thread";
import { ticketLanguage } from "../support/language";
import { threadMessages, ticketView } from "../support/view";
import { seatCount } from "../seats/service";

/** Purchases shown beside a ticket: the newest, enough for any one buyer. */
const MAX_PURCHASES = 50;

/**
 * The sender of `email` as an admin sees them (admins see everything, confirmed address or not): the
 * account with that address, the keys it redeemed (renewals included), the purchases made with the address
 * or whose key the account redeemed, and those purchases' keys. Each read goes through an index.
 */
export async function senderContext(
  db: DbOrTx,
  email: string,
  now: number,
  sign: DocumentSigner,
): Promise<TicketSenderView> {
  const account = await findUserByEmail(db, email);
  const [subscription] = account
    ? await db.select().from(subscriptions).where(eq(subscriptions.userId, account.id)).limit(1)
    : [];
  const redeemed = account ? await db.select().from(productKeys).where(eq(productKeys.usedByUserId, account.id)) : [];
  const redeemedSaleIds = redeemed.flatMap((key) => (key.saleId === null ? [] : [key.saleId]));
  const purchases = await db
    .select()
    .from(sales)
    .where(
      redeemedSaleIds.length ? or(eq(sales.email, email), inArray(sales.id, redeemedSaleIds)) : eq(sales.email, email),
    )
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(MAX_PURCHASES);
  const known = new Set(redeemed.map((key) => key.id));
  const boughtKeyIds = purchases.flatMap((sale) =>
    sale.productKeyId === null || known.has(sale.productKeyId) ? [] : [sale.productKeyId],
  );
  const keys = [
    ...redeemed,
    ...(boughtKeyIds.length ? await db.select().from(productKeys).where(inArray(productKeys.id, boughtKeyIds)) : []),
  ].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  const notes = await latestCreditNotes(
    db,
    purchases.map((sale) => sale.id),
  );
  return {
    account: account ? adminUserView(account, subscription ?? null, now, await seatCount(db, account.id)) : null,
    keys: keys.map(productKeyView),
    purchases: purchases.map((sale) => saleView(sale, { creditNoteNumber: notes.get(sale.id), sign })),
  };
}

export async function ticketDetail(
  deps: Pick<AppDeps, "db" | "clock">,
  ticketId: number,
  sign: DocumentSigner,
): Promise<TicketDetailView> {
  const ticket = await ticketById(deps.db, ticketId);
  const answers = await ticketAnswers(deps.db, ticket.id);
  const adminIds = [...new Set(answers.flatMap((answer) => (answer.adminUserId === null ? [] : [answer.adminUserId])))];
  const adminRows = adminIds.length
    ? await deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, adminIds))
    : [];
  const admins = new Map(adminRows.map((admin) => [admin.id, admin.email]));
  const adminEmail = (answer: SupportMessage | null) =>
    answer?.adminUserId == null ? null : (admins.get(answer.adminUserId) ?? null);
  return {
    // The thread's length is the messages shown: the ticket's own and every answer.
    ticket: ticketView(ticket, answers.length + 1),
    messages: threadMessages(ticket, answers, (answer) => ({ adminEmail: adminEmail(answer) })),
    sender: await senderContext(deps.db, ticket.email, deps.clock.now(), sign),
  };
}

/**
 * "Resend keys" beside a ticket: the e-mail "Can't find your key?" sends, with every key bought with the
 * ticket's address, queued at once (an admin's choice, so without the buyer's daily cap) and audited.
 */
export function resendSenderKeys(deps: Pick<AppDeps, "db" | "clock">, admin: User, ticketId: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const ticket = await ticketById(tx, ticketId);
    const sent = await queueLostKeys(tx, ticket.email, now, await ticketLanguage(tx, ticket));
    if (!sent) throw conflict("NO_KEYS", `No paid purchase made with ${ticket.email} has a key to send.`);
    await writeAudit(tx, {
      actorUserId: admin.id,
      action: "product-keys.resend",
      subject: `ticket:${ticket.id}`,
      detail: { email: ticket.email, keys: sent.keys },
      at: now,
    });
    const what = sent.keys === 1 ? "the key" : `the ${sent.keys} keys`;
    return { message: `E-mailed ${what} bought with ${ticket.email}.` };
  });
}
