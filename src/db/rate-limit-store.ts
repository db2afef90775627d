/**
 * The rate limits' buckets on PostgreSQL (docs/architecture.md#rate-limits): one row per bucket in the unlogged
 * table rate_limit_buckets (drizzle/postgres/0004), so every instance on the database counts against the same
 * limits. Takes are decided by the database, atomically under takes from any instance; the takes an instance
 * asks for while its last statement is running go together in its next one, so under load a statement
 * serves many requests and the limits cost validation little.
 */
import { engineOf, postgresPoolOf, type Db } from ".";
import type { Clock } from "../lib/clock";
import { log } from "../lib/logger";
import {
  bucketKey,
  MemoryRateLimiter,
  rateLimited,
  TOO_MANY_REQUESTS,
  type RateLimiter,
  type RateRule,
  type RateSubject,
} from "../lib/rate-limit";

/** The bucket's tokens at the statement's `now` (excluded.at), refilled since it was last taken, at most a full bucket. */
const REFILLED =
  "least(excluded.capacity, b.tokens + greatest(excluded.at - b.at, 0)::float8 / 60000 * excluded.per_minute)";

/**
 * Takes tokens from several buckets ($2: JSON rows of key, capacity, per_minute and asked, the tokens wanted;
 * $1: now). A new bucket starts full. Each bucket grants as many whole tokens as it holds, up to those asked,
 * and returns what it granted and has left (for Retry-After). In key order, so that two instances' statements
 * lock shared rows in the same order and never deadlock.
 */
const TAKE = `INSERT INTO rate_limit_buckets AS b (key, tokens, at, capacity, per_minute, asked, granted)
SELECT t.key, t.capacity - least(t.asked, floor(t.capacity)), $1::bigint, t.capacity, t.per_minute, t.asked,
  least(t.asked, floor(t.capacity))
FROM json_to_recordset($2::text::json) AS t(key text, capacity float8, per_minute float8, asked integer)
ORDER BY t.key
ON CONFLICT (key) DO UPDATE SET
  granted = least(excluded.asked, floor(${REFILLED})),
  tokens = ${REFILLED} - least(excluded.asked, floor(${REFILLED})),
  at = greatest(b.at, excluded.at),
  capacity = excluded.capacity,
  per_minute = excluded.per_minute,
  asked = excluded.asked
RETURNING key, tokens, granted`;

/** A bucket that has refilled is the same as none. */
const FORGET_REFILLED = `DELETE FROM rate_limit_buckets
WHERE tokens + greatest($1::bigint - at, 0)::float8 / 60000 * per_minute >= capacity`;

/** How often an instance that takes tokens also forgets the refilled buckets (by the clock). */
const SWEEP_MS = 60_000;

/** A take's answer: allowed, or refused with what the bucket had left. */
type Answer = { allowed: true } | { allowed: false; tokens: number };

/** The takes of one bucket waiting for the next statement, in the order they were asked. */
interface Asked {
  rule: RateRule;
  answers: { resolve: (answer: Answer) => void; reject: (error: unknown) => void }[];
}

/** The buckets in PostgreSQL, shared by every instance of the site on that database. */
export class PostgresRateLimiter implements RateLimiter {
  private sweptAt: number;
  /** The takes for the next statement, by bucket key. */
  private waiting = new Map<string, Asked>();
  private running = false;

  constructor(
    private db: Db,
    private clock: Clock,
    private disabled = false,
  ) {
    this.sweptAt = clock.now();
  }

  take(name: string, subject: RateSubject, rule: RateRule, message = TOO_MANY_REQUESTS) {
    return this.takeEach(name, [subject], rule, message);
  }

  async takeEach(name: string, subjects: RateSubject[], rule: RateRule, message = TOO_MANY_REQUESTS) {
    if (this.disabled) return;
    for (const subject of subjects) {
      const answer = await this.ask(bucketKey(name, subject), rule);
      if (!answer.allowed) throw rateLimited(answer.tokens, rule, message);
    }
  }

  /** One token from the bucket `key`, in the statement running next. */
  private ask(key: string, rule: RateRule): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const asked = this.waiting.get(key) ?? { rule, answers: [] };
      asked.answers.push({ resolve, reject });
      this.waiting.set(key, asked);
      if (!this.running) void this.runStatements();
    });
  }

  /** Runs statements while takes wait: the first take goes at once, those asked meanwhile go together next. */
  private async runStatements() {
    this.running = true;
    while (this.waiting.size > 0) {
      const batch = this.waiting;
      this.waiting = new Map();
      const now = this.clock.now();
      // Once a minute, first (so what a take sees is swept): the refilled buckets are deleted.
      if (now - this.sweptAt >= SWEEP_MS) await this.forgetRefilled(now);
      try {
        await this.takeBatch(batch, now);
      } catch (error) {
        for (const asked of batch.values()) for (const answer of asked.answers) answer.reject(error);
      }
    }
    this.running = false;
  }

  /** One statement for the batch; each bucket's first `granted` takes are allowed, in the order asked. */
  private async takeBatch(batch: Map<string, Asked>, now: number) {
    const rows = [...batch].map(([key, { rule, answers }]) => ({
      key,
      capacity: rule.capacity,
      per_minute: rule.perMinute,
      asked: answers.length,
    }));
    const client = postgresPoolOf(this.db)!.client;
    const buckets = (await client.unsafe(TAKE, [now, JSON.stringify(rows)])) as {
      key: string;
      tokens: number;
      granted: number;
    }[];
    for (const bucket of buckets) {
      batch.get(bucket.key)!.answers.forEach((answer, i) => {
        answer.resolve(i < bucket.granted ? { allowed: true } : { allowed: false, tokens: bucket.tokens });
      });
    }
  }

  /** Deletes the buckets that have refilled by `now`; a failure only leaves them for the next sweep. */
  async forgetRefilled(now: number) {
    this.sweptAt = now;
    try {
      await postgresPoolOf(this.db)!.client.unsafe(FORGET_REFILLED, [now]);
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
