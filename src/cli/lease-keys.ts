/**
 * `layerlift lease-keys rotate|list|prune`: the keys that sign the plugin's offline leases. A running
 * server picks a rotation up within a minute (and prunes by itself too); retired keys stay published
 * until every lease they signed has expired.
 */
import type { LeaseKey } from "../db/schema";
import { systemClock } from "../lib/clock";
import { flagOption, UsageError, type Command } from "./command";

const iso = (ms: number) => new Date(ms).toISOString();

/** One key's line; `until` is how long it stays published (null: it is the current key). */
function describe(row: LeaseKey, until: number | null, now: number): string {
  const state =
    until === null
      ? "current"
      : until <= now
        ? `retired ${iso(row.retiredAt!)}, its leases have expired (prune drops it)`
        : `retired ${iso(row.retiredAt!)}, published until ${iso(until)}`;
  const source = row.privateJwk ? "kept in the database" : "from LEASE_SIGNING_KEY";
  return `${row.kid}\t${state}\tmade ${iso(row.createdAt)}\t${source}`;
}

export const leaseKeysCommand: Command = {
  usage: `  layerlift lease-keys list                           the keys that sign plugin leases, current first
  layerlift lease-keys rotate                         make a new key current; the old one stays published
                                                      until every lease it signed has expired
  layerlift lease-keys prune [--every-retired]        drop retired keys whose leases have all expired
                                                      (--every-retired: all of them now, for a leaked key)`,
  options: { "every-retired": { type: "boolean" } },
  database: "existing",
  async run({ config, words: [sub], values }) {
    const { openConfiguredDatabase } = await import("../db");
    const { KEY_REFRESH_MS, listLeaseKeys, makeCurrent, pruneLeaseKeys, publishedUntil } = await import(
      "../features/leases/keys"
    );
    const db = await openConfiguredDatabase(config);
    const now = systemClock.now();
    const line = (row: LeaseKey) => describe(row, publishedUntil(row), now);
    if (sub === "list") {
      const rows = await listLeaseKeys(db);
      if (!rows.length)
        console.log(
          "No lease keys yet: the server makes the first one at the first plugin validation or request for its public keys (/.well-known/jwks.json).",
        );
      for (const row of rows) console.log(line(row));
      return 0;
    }
    if (sub === "rotate") {
      const [current] = await listLeaseKeys(db);
      if (config.leases.signingKey || (current && !current.privateJwk)) {
        console.error(
          "Leases are signed with LEASE_SIGNING_KEY: put a new key there and restart the server; the old one stays published until its leases expire.",
        );
        return 1;
      }
      const made = await makeCurrent(db, now);
      if (!made) {
        console.error("Another rotation happened at the same moment: run lease-keys list to see the current key.");
        return 1;
      }
      console.log(
        `${made.current.kid} is the current key; running servers sign with it within ${KEY_REFRESH_MS / 1000} s.`,
      );
      if (made.retired) console.log(`Retired: ${line(made.retired)}`);
      return 0;
    }
    if (sub === "prune") {
      const dropped = await pruneLeaseKeys(db, now, { everyRetired: flagOption(values, "every-retired") });
      if (!dropped.length) console.log("Nothing to drop: no retired key whose leases have all expired.");
      for (const row of dropped) console.log(`dropped ${row.kid}`);
      return 0;
    }
    throw new UsageError("lease-keys takes list, rotate or prune");
  },
};
