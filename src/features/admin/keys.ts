/**
 * The admin key list: each key with its state (never sold, sold but not yet redeemed, redeemed, or
 * its payment refunded) and the e-mail its buyer paid with, filtered by state.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { productKeys, sales } from "../../db/schema";
import { productKeyView } from "../product-keys/view";
import type { AdminKeyState } from "@shared/key-states";
import type { AdminProductKeyView } from "@shared/api/admin";

/** A refund outranks use (a redeemed key whose payment came back is "refunded"); a sale outranks none. */
const stateOfKey = sql<AdminKeyState>`case
  when ${sales.status} = 'refunded' then 'refunded'
  when ${productKeys.isUsed} then 'redeemed'
  when ${sales.id} is not null then 'sold'
  else 'unsold' end`;

export async function listAdminKeys(
  db: DbOrTx,
  filter: Page & { state?: AdminKeyState } = {},
): Promise<AdminProductKeyView[]> {
  const query = db
    .select({ key: productKeys, state: stateOfKey, buyerEmail: sales.email })
    .from(productKeys)
    .leftJoin(sales, eq(sales.id, productKeys.saleId))
    .$dynamic();
  const rows = await newestFirst(
    query,
    productKeys,
    filter,
    100,
    filter.state ? sql`${stateOfKey} = ${filter.state}` : undefined,
  );
  return rows.map((row) => ({ ...productKeyView(row.key), state: row.state, buyerEmail: row.buyerEmail }));
}
