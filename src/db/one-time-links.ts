/**
 * One-time links: address confirmation, e-mail change and password reset each e-mail a link that works once,
 * until it expires or a newer one replaces it. Their tables share the columns this needs, written once in
 * src/db/tables/accounts.ts (`user_id`, `token_hash`, `expires_at`, `used_at`, `created_at`); only the token's
 * SHA-256 is stored, so the database alone can't be used to follow a link.
 */
import { and, count, eq, gt, isNull, min } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { newToken, sha256Hex } from "../lib/random";
import type { DbOrTx } from "./index";
import type { addressConfirmations, emailChanges, passwordResets } from "./schema";

type LinkTable = typeof addressConfirmations | typeof emailChanges | typeof passwordResets;
type LinkRow<T extends LinkTable> = T["$inferSelect"];
/** What a caller adds to a link's row: the user and the table's own columns (the new address, …). */
type LinkFields<T extends LinkTable> = Omit<
  T["$inferInsert"],
  "id" | "tokenHash" | "expiresAt" | "usedAt" | "createdAt"
>;

// The three tables' shared columns, seen through one shape: drizzle types each table's columns apart.
const columnsOf = (table: LinkTable) =>
  table as unknown as SQLiteTable & Record<"userId" | "tokenHash" | "expiresAt" | "usedAt" | "createdAt", SQLiteColumn>;

/** Retires every unused link of the account, so only the newest e-mail's link works. */
export async function retireLinks(tx: DbOrTx, table: LinkTable, userId: number, now: number): Promise<void> {
  const links = columnsOf(table);
  await tx
    .update(links)
    .set({ usedAt: now } as never)
    .where(and(eq(links.userId, userId), isNull(links.usedAt)));
}

/** Writes a new link valid for `lifetimeMs` and answers its token, the only time it exists in the clear. */
export async function issueLink<T extends LinkTable>(
  tx: DbOrTx,
  table: T,
  fields: LinkFields<T>,
  lifetimeMs: number,
  now: number,
): Promise<string> {
  const token = newToken(32);
  await tx
    .insert(columnsOf(table))
    .values({ ...fields, tokenHash: sha256Hex(token), expiresAt: now + lifetimeMs, createdAt: now } as never);
  return token;
}

/**
 * Uses a link: marked used with UPDATE … WHERE used_at IS NULL AND not expired, so of two racing uses one wins.
 * Answers its row, or undefined for a link that is unknown, used, replaced or expired.
 */
export async function redeemLink<T extends LinkTable>(
  tx: DbOrTx,
  table: T,
  token: string,
  now: number,
): Promise<LinkRow<T> | undefined> {
  const links = columnsOf(table);
  const [row] = await tx
    .update(links)
    .set({ usedAt: now } as never)
    .where(and(eq(links.tokenHash, sha256Hex(token)), isNull(links.usedAt), gt(links.expiresAt, now)))
    .returning();
  return row as LinkRow<T> | undefined;
}

/** Links made for the account since `since`, and when the oldest of them was: the daily caps count these. */
export async function linksMadeSince(
  tx: DbOrTx,
  table: LinkTable,
  userId: number,
  since: number,
): Promise<{ n: number; oldest: number | null }> {
  const links = columnsOf(table);
  const [made] = await tx
    .select({ n: count(), oldest: min(links.createdAt) })
    .from(links)
    .where(and(eq(links.userId, userId), gt(links.createdAt, since)));
  return { n: made?.n ?? 0, oldest: (made?.oldest as number | null) ?? null };
}
