/**
 * Product keys: made from the CSPRNG, claimed atomically, never handed out twice.
 * Used by signup, redeem, purchase fulfilment, the admin panel and the CLI.
 */
import { recordRedeemedSale } from "../ownership/service";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { productKeys, sales, type ProductKey } from "../../db/schema";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { newProductKey } from "../../lib/random";
import { KEY_GENERATION_MAX, KEY_GENERATION_MIN, normaliseProductKey } from "@shared/product";
import type { PlanId } from "@shared/plans";
import { announceKeyRedeemed } from "../webhooks/events";
import { grantPaidSeats } from "../seats/service";

type KeySource = ProductKey["source"];

const INVALID_KEY_MESSAGE = "Invalid product key";
const USED_KEY_MESSAGE = "This product key has already been used";
const KEY_ON_HOLD_MESSAGE =
  "This product key is on hold because its payment is disputed with the bank. Please contact support.";

/** A key whose payment is disputed can't be used until the dispute ends (409, before anything is claimed). */
async function assertNotOnHold(db: DbOrTx, key: ProductKey) {
  if (key.saleId === null) return;
  const [sale] = await db.select({ status: sales.status }).from(sales).where(eq(sales.id, key.saleId)).limit(1);
  if (sale?.status === "disputed") throw conflict("PRODUCT_KEY_ON_HOLD", KEY_ON_HOLD_MESSAGE);
}

export async function generateProductKeys(
  db: DbOrTx,
  now: number,
  input: { plan: PlanId; count: number; source: KeySource; saleId?: number | null; seats?: number },
): Promise<ProductKey[]> {
  if (!Number.isInteger(input.count) || input.count < KEY_GENERATION_MIN || input.count > KEY_GENERATION_MAX) {
    throw new AppError(
      422,
      "INVALID_COUNT",
      `Count must be a whole number from ${KEY_GENERATION_MIN} to ${KEY_GENERATION_MAX}.`,
    );
  }
  const made: ProductKey[] = [];
  while (made.length < input.count) {
    // A collision in 31^12 is practically impossible; the unique key column and onConflictDoNothing make
    // it harmless anyway, even against a key made at the same moment elsewhere: the loop draws again.
    const [row] = await db
      .insert(productKeys)
      .values({
        key: newProductKey(),
        plan: input.plan,
        source: input.source,
        saleId: input.saleId ?? null,
        seats: input.seats ?? 1,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) made.push(row);
  }
  return made;
}

/**
 * Marks an unused key as used by `userId` in one UPDATE … WHERE is_used = 0, so of two racing claims
 * exactly one wins. Throws 400 for an unknown key, 409 for a used one.
 */
export async function claimProductKey(tx: DbOrTx, rawKey: string, userId: number, now: number): Promise<ProductKey> {
  const key = normaliseProductKey(rawKey);
  const [existing] = await tx.select().from(productKeys).where(eq(productKeys.key, key)).limit(1);
  if (existing) await assertNotOnHold(tx, existing);
  const [claimed] = await tx
    .update(productKeys)
    .set({ isUsed: true, usedByUserId: userId, usedAt: now })
    .where(and(eq(productKeys.key, key), eq(productKeys.isUsed, false)))
    .returning();
  if (!claimed) throw await keyProblem(tx, key);
  await announceKeyRedeemed(tx, claimed, now);
  // A key bought with several seats gives the account that many (seat 1 is its own plugin key), an admin's goodwill
  // on top as a renewal counts it.
  if (claimed.seats > 1) await grantPaidSeats(tx, userId, now);
  // Having the key proves the purchase: its sale is the account's from now on.
  await recordRedeemedSale(tx, userId, claimed.saleId, now);
  return claimed;
}

/** Why a key can't be used: unknown (400) or used (409). */
async function keyProblem(db: DbOrTx, rawKey: string): Promise<AppError> {
  const key = normaliseProductKey(rawKey);
  const [existing] = key ? await db.select().from(productKeys).where(eq(productKeys.key, key)).limit(1) : [];
  if (!existing) return badRequest("INVALID_PRODUCT_KEY", INVALID_KEY_MESSAGE);
  return conflict("PRODUCT_KEY_USED", USED_KEY_MESSAGE);
}

/** Throws unless the key exists and is unused; claims nothing. */
export async function assertKeyAvailable(db: DbOrTx, rawKey: string): Promise<ProductKey> {
  const key = normaliseProductKey(rawKey);
  const [row] = key ? await db.select().from(productKeys).where(eq(productKeys.key, key)).limit(1) : [];
  if (!row || row.isUsed) throw await keyProblem(db, key);
  await assertNotOnHold(db, row);
  return row;
}

export async function listProductKeys(
  db: DbOrTx,
  filter: { plan?: PlanId; unused?: boolean } & Page = {},
): Promise<ProductKey[]> {
  const conditions = [
    filter.plan ? eq(productKeys.plan, filter.plan) : undefined,
    filter.unused ? eq(productKeys.isUsed, false) : undefined,
  ].filter(Boolean);
  const query = db.select().from(productKeys).$dynamic();
  return await newestFirst(query, productKeys, filter, 1_000_000, conditions.length ? and(...conditions) : undefined);
}
