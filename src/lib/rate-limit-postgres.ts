/**
 * The rate limits' buckets on PostgreSQL (docs/architecture.md#rate-limits): one row per bucket in the unlogged
 * table rate_limit_buckets (drizzle/postgres/0004), so every instance on the database counts against the same
 * limits. A take is one statement, atomic under concurrent takes from any instance.
 */
import { engineOf, postgresPoolOf, type Db } from "../db";
import type { Clock } from "./clock";
import { log } from "./logger";
import {
  bucketKey,
  MemoryRateLimiter,
  rateLimited,
  TOO_MANY_REQUESTS,
  type RateLimiter,
  type RateRule,
  type RateSubject,
} from "./rate-limit";

/** The bucket's tokens at the statement's `now` (excluded.at), refilled since it was last taken, at most a full bucket. */
const REFILLED =
  "least(excluded.capacity, b.tokens + greatest(excluded.at - b.at, 0)::float8 / 60000 * excluded.per_minute)";

/**
 * One statement taking from `count` buckets in turn ($4, $5, …: their keys; $1 now, $2 capacity, $3 per minute),
 * each only if the one before allowed it. A new bucket starts full and gives its first token; an existing one
 * refills, then gives a token if it holds a whole one. Each row returned says whether it allowed, and what it
 * has left (for Retry-After when it refused); the last row is the first refusal, if any.
 */
function takeStatement(count: number): string {
  const steps = Array.from(
    { length: count },
    (_, i) => `t${i} AS (INSERT INTO rate_limit_buckets AS b (key, tokens, at, capacity, per_minute, allowed)
  SELECT $${i + 4}::text, $2::float8 - 1, $1::bigint, $2::float8, $3::float8, true${i ? ` WHERE (SELECT allowed FROM t${i - 1})` : ""}
  ON CONFLICT (key) DO UPDATE SET
    tokens = CASE WHEN ${REFILLED} >= 1 THEN ${REFILLED} - 1 ELSE ${REFILLED} END,
    allowed = ${REFILLED} >= 1,
    at = greatest(b.at, excluded.at),
    capacity = excluded.capacity,
    per_minute = excluded.per_minute
  RETURNING tokens, allowed)`,
  );
  const rows = Array.from({ length: count }, (_, i) => `SELECT ${i} AS step, tokens, allowed FROM t${i}`);
  return `WITH ${steps.join(",\n")}\n${rows.join(" UNION ALL ")} ORDER BY step`;
}
const TAKE_STATEMENTS = [1, 2].map(takeStatement);

/** A bucket that has refilled is the same as none. */
const FORGET_REFILLED = `DELETE FROM rate_limit_buckets
WHERE tokens + greatest($1::bigint - at, 0)::float8 / 60000 * per_minute >= capacity`;

/** How often an instance that takes tokens also forgets the refilled buckets (by the clock). */
const SWEEP_MS = 60_000;

/** The buckets in PostgreSQL, shared by every instance of the site on that database. */
export class PostgresRateLimiter implements RateLimiter {
  private sweptAt: number;
  constructor(
    private db: Db,
    private clock: Clock,
    private disabled = false,
  ) {
    this.sweptAt = clock.now();
  }

  private get client() {
    return postgresPoolOf(this.db)!.client;
  }

  take(name: string, subject: RateSubject, rule: RateRule, message = TOO_MANY_REQUESTS) {
    return this.takeEach(name, [subject], rule, message);
  }

  async takeEach(name: string, subjects: RateSubject[], rule: RateRule, message = TOO_MANY_REQUESTS) {
    if (this.disabled || subjects.length === 0) return;
    const keys = subjects.map((subject) => bucketKey(name, subject));
    const now = this.clock.now();
    const statement = TAKE_STATEMENTS[keys.length - 1] ?? takeStatement(keys.length);
    const steps = (await this.client.unsafe(statement, [now, rule.capacity, rule.perMinute, ...keys])) as {
      tokens: number;
      allowed: boolean;
    }[];
    if (now - this.sweptAt >= SWEEP_MS) await this.forgetRefilled(now);
    const last = steps.at(-1)!;
    if (!last.allowed) throw rateLimited(last.tokens, rule, message);
  }

  /** Deletes the buckets that have refilled by `now`; a failure only leaves them for the next sweep. */
  async forgetRefilled(now: number) {
    this.sweptAt = now;
    try {
      await this.client.unsafe(FORGET_REFILLED, [now]);
    } catch (error) {
      log.warn({ err: error }, "Could not delete the refilled rate-limit buckets; the next sweep will.");
    }
  }
}

/** The limiter for the site's database: shared in PostgreSQL, or in memory on SQLite (one process there). */
export function rateLimiterFor(db: Db, clock: Clock, disabled: boolean): RateLimiter {
  return engineOf(db) === "postgres"
    ? new PostgresRateLimiter(db, clock, disabled)
    : new MemoryRateLimiter(clock, disabled);
}
