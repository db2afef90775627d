/**
 * Issues the lease of every valid answer, and the key set that verifies them (docs/plugin-api.md#offline-leases).
 *
 * Signing costs more than the rest of a validation, so a lease is signed only when the one this plugin
 * key last got is older than half the time to its checkAfter, or anything in it would change (the
 * subscription, the linked account, the nonce, the signing key); otherwise the same lease is sent again.
 * The kept leases are bounded (MAX_KEPT_LEASES, the oldest signed goes first).
 *
 * The keys are read at the first lease or key set asked for (the first key is made then), and again every
 * KEY_REFRESH_MS: a rotation made by the command line (or another server) is picked up, and retired keys
 * whose leases have all expired are dropped. Requests that meet keys due for reading share one read.
 */
import type { KeyObject } from "node:crypto";
import type { AppDeps } from "../../deps";
import type { LeaseKey } from "../../db/schema";
import type { LeaseKeySet } from "@shared/api/leases";
import { log } from "../../lib/logger";
import {
  currentKeyRow,
  ensureLeaseKey,
  KEY_REFRESH_MS,
  listLeaseKeys,
  makeCurrent,
  noteLeaseLength,
  adoptConfiguredKey,
  privateKeyOf,
  pruneLeaseKeys,
  stillSigningWith,
} from "./keys";
import {
  leaseClaims,
  signingKey,
  signJws,
  type LeaseSubject,
  type LeaseTerms,
  type PublicJwk,
  type SigningKey,
} from "./lease";

/**
 * At most this many leases are kept for sending again (about 1 KB each with their terms: 2 MB at most). A
 * plugin asks again only after its lease's checkAfter, so a kept lease mostly spares a plugin restarted
 * within the hour; a burst of new keys pushes the oldest out rather than growing the process.
 */
export const MAX_KEPT_LEASES = 2_000;

interface KeySet {
  signing: SigningKey;
  jwks: LeaseKeySet;
  loadedAt: number;
}

interface KeptLease extends Omit<LeaseSubject, "pluginKey"> {
  lease: string;
  kid: string;
  signedAt: number;
  /** Sent again until then: half the time from signing to its checkAfter. */
  renewAt: number;
}

const sameSubject = (kept: KeptLease, subject: LeaseSubject) =>
  kept.robloxUserId === subject.robloxUserId &&
  kept.plan === subject.plan &&
  kept.status === subject.status &&
  kept.endDate === subject.endDate &&
  kept.nonce === subject.nonce;

const published = (rows: LeaseKey[]): LeaseKeySet => ({
  keys: rows.map((row) => ({ ...(JSON.parse(row.publicJwk) as PublicJwk), kid: row.kid, alg: "EdDSA", use: "sig" })),
});

/** A kept lease's text while it may be sent again for `subject`: same key, subject and nonce, before its renewal. */
function stillGood(last: KeptLease | undefined, signing: SigningKey, subject: LeaseSubject, now: number) {
  if (!last || last.kid !== signing.kid || now < last.signedAt || now >= last.renewAt) return undefined;
  return sameSubject(last, subject) ? last.lease : undefined;
}

/** Signs a lease for `subject` and keeps it to send again until half the time to its checkAfter has passed. */
function signAndKeep(
  kept: Map<string, KeptLease>,
  signing: SigningKey,
  claims: ReturnType<typeof leaseClaims>,
  subject: LeaseSubject,
  now: number,
): string {
  const lease = signJws(signing, claims);
  kept.delete(subject.pluginKey);
  if (kept.size >= MAX_KEPT_LEASES) kept.delete(kept.keys().next().value!);
  const { pluginKey, ...rest } = subject;
  kept.set(pluginKey, {
    ...rest,
    lease,
    kid: signing.kid,
    signedAt: now,
    renewAt: now + ((claims.checkAfter - claims.iat) * 1000) / 2,
  });
  return lease;
}

export type LeaseIssuer = ReturnType<typeof createLeaseIssuer>;

export function createLeaseIssuer(deps: Pick<AppDeps, "db" | "config" | "clock">) {
  const { db } = deps;
  const { days, checkHours, signingKey: configured } = deps.config.leases;
  const terms: LeaseTerms = { issuer: deps.config.appUrl, days, checkHours };
  const leaseSeconds = days * 86_400;

  /** Signs with `row`'s key from now on: first records how long its leases may live. */
  async function use(row: LeaseKey, privateKey: KeyObject): Promise<SigningKey> {
    await noteLeaseLength(db, row, leaseSeconds);
    return signingKey(row.kid, privateKey);
  }

  async function withKeySet(signing: SigningKey, now: number): Promise<KeySet> {
    await pruneLeaseKeys(db, now);
    return { signing, jwks: published(await listLeaseKeys(db)), loadedAt: now };
  }

  /** On first use: LEASE_SIGNING_KEY made current, or the database's current key (made then if there is none). */
  async function openKeys(now: number): Promise<KeySet> {
    if (configured) return withKeySet(await use(await adoptConfiguredKey(db, configured, now), configured), now);
    let row = await ensureLeaseKey(db, now);
    if (!row.privateJwk) {
      // The current key came from LEASE_SIGNING_KEY, which this server doesn't have: sign with a new one.
      row = (await makeCurrent(db, now))?.current ?? (await currentKeyRow(db))!;
      log.warn(
        { kid: row.kid },
        "LEASE_SIGNING_KEY is not set here: leases are signed with a new key kept in the database",
      );
    }
    const privateKey = privateKeyOf(row);
    if (!privateKey) throw new Error("The current lease key is held outside the database: set LEASE_SIGNING_KEY");
    return withKeySet(await use(row, privateKey), now);
  }

  /** Every KEY_REFRESH_MS: follow a rotation, keep a retired key published while still signing with it, prune. */
  async function refreshKeys(before: KeySet, now: number): Promise<KeySet> {
    let signing = before.signing;
    const current = await currentKeyRow(db);
    if (!configured && current?.privateJwk && current.kid !== signing.kid) {
      signing = await use(current, privateKeyOf(current)!);
    } else if (current?.kid !== signing.kid) {
      await stillSigningWith(db, signing.kid, now);
    }
    return withKeySet(signing, now);
  }

  /** Null until the first read; a failed first read is tried again by the next request. */
  let keys: KeySet | null = null;
  /** The read under way, shared by every request that arrives meanwhile. */
  let reading: Promise<KeySet> | null = null;

  async function readKeys(now: number): Promise<KeySet> {
    if (!keys) {
      keys = await openKeys(now);
      return keys;
    }
    try {
      keys = await refreshKeys(keys, now);
      return keys;
    } catch (error) {
      // Signing goes on with the keys already loaded; the next refresh tries again.
      log.error({ reason: (error as Error).message }, "lease keys could not be read again");
      keys = { ...keys, loadedAt: now };
      return keys;
    }
  }

  /** The keys while they need no refresh, else null. */
  const freshKeys = (now: number) =>
    keys && now - keys.loadedAt < KEY_REFRESH_MS && now >= keys.loadedAt ? keys : null;

  async function keysAt(now: number): Promise<KeySet> {
    const fresh = freshKeys(now);
    if (fresh) return fresh;
    reading ??= readKeys(now).finally(() => {
      reading = null;
    });
    return reading;
  }

  const kept = new Map<string, KeptLease>();
  const counts = { signed: 0, sentAgain: 0 };

  /** The lease kept for `subject` while it is still good to send again, else a new one signed and kept. */
  function leaseWith(signing: SigningKey, subject: LeaseSubject, now: number): string {
    const again = stillGood(kept.get(subject.pluginKey), signing, subject, now);
    if (again !== undefined) {
      counts.sentAgain++;
      return again;
    }
    counts.signed++;
    return signAndKeep(kept, signing, leaseClaims(subject, terms, now), subject, now);
  }

  return {
    /** The lease for a valid answer: the one sent last time when still good, else a newly signed one. */
    async leaseFor(subject: LeaseSubject, now: number): Promise<string> {
      const { signing } = await keysAt(now);
      return leaseWith(signing, subject, now);
    },
    /**
     * The same without waiting (signing is synchronous), while the keys need no reading again: undefined
     * when they do (then call `leaseFor`). Plugin validation's path without a promise.
     */
    leaseAtHand(subject: LeaseSubject, now: number): string | undefined {
      const fresh = freshKeys(now);
      return fresh ? leaseWith(fresh.signing, subject, now) : undefined;
    },
    /** The public keys: the current one first, then retired ones whose leases may still be in use. */
    async jwks(now: number): Promise<LeaseKeySet> {
      return (await keysAt(now)).jwks;
    },
    /** How many leases were signed and how many sent again, for /metrics. */
    counts,
    keptLeases: () => kept.size,
  };
}
