/**
 * The lease signing keys in the database (table lease_keys): the first one made when first needed, new ones
 * by rotation, the one from LEASE_SIGNING_KEY recorded by its public half, and old ones dropped once every
 * lease they signed has expired. The highest generation is the current key.
 *
 * Several servers may share one database: making the first key is one insert-if-absent (generation 1 is
 * unique) and then a read-back, so two servers starting at once end up with the same key; a rotation
 * takes the next generation in one transaction, so two at once can't both become current.
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import { forUpdate, type Db, type DbOrTx } from "../../db";
import { leaseKeys, type LeaseKey } from "../../db/schema";
import { MINUTE } from "../../lib/clock";
import { ed25519Thumbprint } from "../../lib/ed25519";
import { publicJwkOf } from "./lease";

/** How often a server reads the keys again: it notices a rotation (and prunes) within this. */
export const KEY_REFRESH_MS = MINUTE;

/** A new row: a freshly generated key (kept whole), or `privateKey` from LEASE_SIGNING_KEY (its public half only). */
function keyRow(generation: number, now: number, privateKey?: KeyObject) {
  const key = privateKey ?? generateKeyPairSync("ed25519").privateKey;
  const publicJwk = publicJwkOf(key);
  return {
    kid: ed25519Thumbprint(publicJwk.x),
    generation,
    publicJwk: JSON.stringify(publicJwk),
    privateJwk: privateKey ? null : JSON.stringify(key.export({ format: "jwk" })),
    createdAt: now,
  };
}

export async function currentKeyRow(db: DbOrTx): Promise<LeaseKey | undefined> {
  const [row] = await db.select().from(leaseKeys).orderBy(desc(leaseKeys.generation)).limit(1);
  return row;
}

export async function listLeaseKeys(db: DbOrTx): Promise<LeaseKey[]> {
  return await db.select().from(leaseKeys).orderBy(desc(leaseKeys.generation));
}

/** The private key a row keeps; null when it came from LEASE_SIGNING_KEY. */
export function privateKeyOf(row: LeaseKey): KeyObject | null {
  return row.privateJwk ? createPrivateKey({ key: JSON.parse(row.privateJwk), format: "jwk" }) : null;
}

/** The current key, making the first one when there is none. */
export async function ensureLeaseKey(db: Db, now: number): Promise<LeaseKey> {
  return (await currentKeyRow(db)) ?? (await createFirstLeaseKey(db, now));
}

/**
 * Generation 1, inserted only if absent, then read back: of two servers that both found no key, one
 * inserts and both sign with what it inserted.
 */
export async function createFirstLeaseKey(db: DbOrTx, now: number): Promise<LeaseKey> {
  await db.insert(leaseKeys).values(keyRow(1, now)).onConflictDoNothing();
  return (await currentKeyRow(db))!;
}

/**
 * Makes a key current (a new generated one, or `privateKey`'s public half) and retires the one before,
 * in one transaction. Answers null when another rotation took the same generation at the same moment.
 */
export async function makeCurrent(
  db: Db,
  now: number,
  privateKey?: KeyObject,
): Promise<{ current: LeaseKey; retired: LeaseKey | null } | null> {
  return await db.transaction(async (tx) => {
    const [before] = await forUpdate(tx.select().from(leaseKeys).orderBy(desc(leaseKeys.generation)).limit(1));
    const row = keyRow((before?.generation ?? 0) + 1, now, privateKey);
    // A key used before (LEASE_SIGNING_KEY set back to an earlier key) moves up instead of being added.
    const [current] = before
      ? await tx
          .update(leaseKeys)
          .set({ generation: row.generation, retiredAt: null })
          .where(eq(leaseKeys.kid, row.kid))
          .returning()
      : [];
    const [made] = current ? [current] : await tx.insert(leaseKeys).values(row).onConflictDoNothing().returning();
    if (!made) return null;
    const [retired] = before
      ? await tx.update(leaseKeys).set({ retiredAt: now }).where(eq(leaseKeys.kid, before.kid)).returning()
      : [];
    return { current: made, retired: retired ?? null };
  });
}

/**
 * The key from LEASE_SIGNING_KEY, recorded (public half only) and made current if it is not already; tried
 * again when another server's rotation took the same generation at the same moment.
 */
export async function adoptConfiguredKey(db: Db, privateKey: KeyObject, now: number): Promise<LeaseKey> {
  const kid = ed25519Thumbprint(publicJwkOf(privateKey).x);
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await currentKeyRow(db);
    if (current?.kid === kid) return current;
    const made = await makeCurrent(db, now, privateKey);
    if (made) return made.current;
  }
  throw new Error("LEASE_SIGNING_KEY could not be made the current lease key: other servers kept changing the keys");
}

/**
 * When a retired key's last lease has expired: a server may go on signing with it for up to
 * KEY_REFRESH_MS after it was retired, each lease for at most its longest lease. null while current.
 */
export function publishedUntil(row: Pick<LeaseKey, "retiredAt" | "longestLeaseSeconds">): number | null {
  return row.retiredAt === null ? null : row.retiredAt + KEY_REFRESH_MS + row.longestLeaseSeconds * 1000;
}

/** Records that a server signs leases of `seconds` with this key (before it signs one), so the key is kept long enough. */
export async function noteLeaseLength(db: DbOrTx, row: LeaseKey, seconds: number) {
  if (row.longestLeaseSeconds >= seconds) return;
  await db
    .update(leaseKeys)
    .set({ longestLeaseSeconds: seconds })
    .where(and(eq(leaseKeys.kid, row.kid), lt(leaseKeys.longestLeaseSeconds, seconds)));
}

/** A server still signing with a retired key (its LEASE_SIGNING_KEY, during a rolling restart) keeps it published. */
export async function stillSigningWith(db: DbOrTx, kid: string, now: number) {
  await db
    .update(leaseKeys)
    .set({ retiredAt: now })
    .where(and(eq(leaseKeys.kid, kid), isNotNull(leaseKeys.retiredAt)));
}

/**
 * Drops the retired keys whose every lease has expired; with `everyRetired`, every retired key at once
 * (for a key that leaked: its leases stop verifying once plugins fetch the key set again). The current
 * key is never dropped. Answers what was dropped.
 */
export async function pruneLeaseKeys(
  db: Db,
  now: number,
  options: { everyRetired?: boolean } = {},
): Promise<LeaseKey[]> {
  const due = (await listLeaseKeys(db)).filter((row) => {
    const until = publishedUntil(row);
    return until !== null && (options.everyRetired || until <= now);
  });
  const dropped: LeaseKey[] = [];
  for (const row of due) {
    // Only while still retired: a key made current again in the meantime stays.
    const [gone] = await db
      .delete(leaseKeys)
      .where(and(eq(leaseKeys.kid, row.kid), isNotNull(leaseKeys.retiredAt)))
      .returning();
    if (gone) dropped.push(gone);
  }
  return dropped;
}
