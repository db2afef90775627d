/**
 * Whose a record is (docs/accounts.md#who-owns-a-purchase). A sale, support ticket, checkout or e-mail
 * becomes an account's at the moment the account proves it, and that fact is written once in
 * `account_records`: the account redeemed the sale's key, paid for it from the dashboard, or its confirmed
 * address paid for it (at confirmation for what exists, at creation for what comes while the address is its
 * confirmed one). Nothing is recomputed from today's address, so an address change moves nothing away. A
 * record is one account's or nobody's: a record already someone's stays theirs. Every reader asks here.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { engineOf, type DbOrTx } from "../../db";
import { accountRecords, checkouts, emails, sales, supportTickets, users, type AccountRecord } from "../../db/schema";

export type RecordKind = AccountRecord["kind"];
type Reason = AccountRecord["reason"];

/** Records that `userId` owns one record; one that is already someone's stays theirs. */
export async function recordOwner(
  tx: DbOrTx,
  record: { kind: RecordKind; id: number },
  userId: number,
  reason: Reason,
  now: number,
  paid = false,
): Promise<void> {
  await tx
    .insert(accountRecords)
    .values({ kind: record.kind, recordId: record.id, userId, reason, paid, createdAt: now })
    .onConflictDoNothing();
}

/**
 * Makes the writers of one address take turns on PostgreSQL (SQLite writes one transaction at a time): a
 * record made for an address and that address's confirmation can't pass each other, so a purchase racing
 * the confirmation of its address ends the account's either way.
 */
export async function lockAddress(tx: DbOrTx, address: string): Promise<void> {
  if (engineOf(tx) !== "postgres") return;
  // The handle is typed as SQLite's; PostgreSQL's runs a statement with execute().
  const { execute } = tx as unknown as { execute(query: SQL): Promise<unknown> };
  await execute.call(tx, sql`select pg_advisory_xact_lock(46, hashtext(${address}))`);
}

/** A new record made for `address`: the account whose confirmed address it is, if any, owns it. */
export async function recordForAddress(
  tx: DbOrTx,
  record: { kind: RecordKind; id: number },
  address: string,
  now: number,
): Promise<void> {
  await lockAddress(tx, address);
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, address), isNotNull(users.emailConfirmedAt)));
  if (owner) await recordOwner(tx, record, owner.id, "address", now, record.kind === "sale");
}

/**
 * The account redeemed a sale's key: the sale is its own, paid by it when the key went to its own address.
 * The e-mails about a sale it paid for become its own too.
 */
export async function recordRedeemedSale(tx: DbOrTx, userId: number, saleId: number | null, now: number) {
  if (saleId === null) return;
  const [sale] = await tx.select({ email: sales.email }).from(sales).where(eq(sales.id, saleId));
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!sale || !user) return;
  const paid = sale.email === user.email;
  await recordOwner(tx, { kind: "sale", id: saleId }, userId, "key", now, paid);
  const owner = await ownerOf(tx, "sale", saleId);
  if (owner?.userId === userId && owner.paid) await claimSaleEmails(tx, userId, [saleId], now);
}

/** A renewal the account paid from the dashboard (its key, claimed for it just before, already names it). */
export async function recordRenewal(tx: DbOrTx, saleId: number, userId: number, now: number): Promise<void> {
  await recordOwner(tx, { kind: "sale", id: saleId }, userId, "renewal", now, true);
  await tx
    .update(accountRecords)
    .set({ reason: "renewal", paid: true })
    .where(
      and(eq(accountRecords.kind, "sale"), eq(accountRecords.recordId, saleId), eq(accountRecords.userId, userId)),
    );
}

/** A checkout is the renewing account's, else the account's whose confirmed address it was made with. */
export async function recordCheckout(
  tx: DbOrTx,
  checkout: { id: number; email: string; accountId: number | null },
  now: number,
): Promise<void> {
  const record = { kind: "checkout" as const, id: checkout.id };
  if (checkout.accountId !== null) await recordOwner(tx, record, checkout.accountId, "renewal", now);
  else await recordForAddress(tx, record, checkout.email, now);
}

/** The e-mails about sales the account paid for, not yet anyone's, become its own. */
async function claimSaleEmails(tx: DbOrTx, userId: number, saleIds: number[], now: number) {
  if (!saleIds.length) return;
  const unowned = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(and(inArray(emails.saleId, saleIds), notOwned("email", emails.id)));
  for (const { id } of unowned) await recordOwner(tx, { kind: "email", id }, userId, "sale", now);
}

/** Rows of a table that no account owns yet. */
function notOwned(kind: RecordKind, id: SQLiteColumn) {
  return sql`not exists (select 1 from ${accountRecords} where ${accountRecords.kind} = ${kind} and ${accountRecords.recordId} = ${id})`;
}

/**
 * The account confirmed `address` (sign-up's link or an e-mail change's): what was made with it and is
 * nobody's yet becomes the account's — its sales (paid by it), tickets, checkouts and e-mails. The sales
 * it holds by key that were bought with this address become paid by it. Records already another
 * account's stay theirs.
 */
export async function claimConfirmedAddress(tx: DbOrTx, userId: number, address: string, now: number): Promise<void> {
  await lockAddress(tx, address);
  const tables = [
    { kind: "sale" as const, ids: tx.select({ id: sales.id }).from(sales).where(eq(sales.email, address)) },
    {
      kind: "ticket" as const,
      ids: tx.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.email, address)),
    },
    {
      kind: "checkout" as const,
      ids: tx.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.email, address)),
    },
    { kind: "email" as const, ids: tx.select({ id: emails.id }).from(emails).where(eq(emails.to, address)) },
  ];
  for (const { kind, ids } of tables) {
    for (const { id } of await ids) await recordOwner(tx, { kind, id }, userId, "address", now, kind === "sale");
  }
  // A sale bought with this address and held by another account only through its key (a gift) is the payer's:
  // the payer owns it whichever of the two proved itself first (confirming first, the payer keeps it anyway).
  await tx
    .update(accountRecords)
    .set({ userId, reason: "address", paid: true, createdAt: now })
    .where(
      and(
        eq(accountRecords.kind, "sale"),
        eq(accountRecords.paid, false),
        inArray(accountRecords.recordId, tx.select({ id: sales.id }).from(sales).where(eq(sales.email, address))),
      ),
    );
  const bought = await tx
    .select({ id: sales.id })
    .from(sales)
    .innerJoin(accountRecords, and(eq(accountRecords.kind, "sale"), eq(accountRecords.recordId, sales.id)))
    .where(and(eq(sales.email, address), eq(accountRecords.userId, userId)));
  const boughtIds = bought.map(({ id }) => id);
  if (boughtIds.length) {
    await tx
      .update(accountRecords)
      .set({ paid: true })
      .where(and(eq(accountRecords.kind, "sale"), inArray(accountRecords.recordId, boughtIds)));
    await claimSaleEmails(tx, userId, boughtIds, now);
  }
}

/** The account's records of one kind, as a condition on that table's id column. */
export function ownedCondition(userId: number, kind: RecordKind, id: SQLiteColumn): SQL {
  return sql`${id} in (select ${accountRecords.recordId} from ${accountRecords} where ${accountRecords.userId} = ${userId} and ${accountRecords.kind} = ${kind})`;
}

/** The owner of one record, or undefined when it is nobody's. */
export async function ownerOf(db: DbOrTx, kind: RecordKind, id: number): Promise<AccountRecord | undefined> {
  const [row] = await db
    .select()
    .from(accountRecords)
    .where(and(eq(accountRecords.kind, kind), eq(accountRecords.recordId, id)));
  return row;
}

/** Whether the sale is the account's. */
export async function ownsSale(db: DbOrTx, user: { id: number }, sale: { id: number }): Promise<boolean> {
  return (await ownerOf(db, "sale", sale.id))?.userId === user.id;
}

/** Whether the sale is the account's and the account paid for it (not a key someone else bought and gave it). */
export async function paidForSale(db: DbOrTx, user: { id: number }, sale: { id: number }): Promise<boolean> {
  const owner = await ownerOf(db, "sale", sale.id);
  return owner?.userId === user.id && owner.paid;
}

/**
 * Where to write about a record: its owner's address today when an account owns it (for a sale, only the
 * account that paid for it), else the address it was made with. An address the account left may be another
 * person's by now.
 */
export async function ownersAddress(
  db: DbOrTx,
  kind: "sale" | "ticket",
  id: number,
  madeWith: string,
): Promise<string> {
  const owner = await ownerOf(db, kind, id);
  if (!owner || (kind === "sale" && !owner.paid)) return madeWith;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
  return user?.email ?? madeWith;
}
