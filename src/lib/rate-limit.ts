/**
 * Token buckets (docs/architecture.md#rate-limits): in this process's memory on SQLite, where one process
 * serves the site; in a table every instance shares on PostgreSQL (src/db/rate-limit-store.ts).
 * A bucket is named by what it limits and whom: each kind of value (ip, email, key, user) goes in under
 * its own prefix, escaped, so no input of one kind can name, and so drain, another kind's bucket.
 */
import { AppError } from "./errors";
import type { Clock } from "./clock";

export interface RateRule {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Tokens regained per minute. */
  perMinute: number;
}

/** Whom a bucket counts: an address, an e-mail address, a plugin key, an account, or a pair of them. */
export interface RateSubject {
  ip?: string;
  email?: string;
  key?: string;
  user?: number;
}

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a moment and try again.";

/**
 * Where the buckets are kept. A take in this process's memory is decided at once: it returns nothing, or
 * throws the 429 there and then (a promise would cost plugin validation, the hottest call, a trip through
 * the microtask queue for nothing). A take that asks the database answers a promise, which rejects with
 * the 429. `await` on either works alike.
 */
export interface RateLimiter {
  /** Takes one token from the bucket `name` keeps for `subject`, or refuses with 429 and Retry-After. */
  take(name: string, subject: RateSubject, rule: RateRule, message?: string): void | Promise<void>;
  /** Takes a token from each subject's bucket in turn, stopping at the first that refuses. */
  takeEach(name: string, subjects: RateSubject[], rule: RateRule, message?: string): void | Promise<void>;
}

/** The 429 for a bucket left with `tokens` (< 1): Retry-After is when it next holds a whole token. */
export function rateLimited(tokens: number, rule: RateRule, message: string): AppError {
  const retryAfterSeconds = Math.ceil(((1 - tokens) / rule.perMinute) * 60);
  return new AppError(
    429,
    "RATE_LIMITED",
    message,
    { retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

const SUBJECT_KINDS = ["ip", "email", "key", "user"] as const;

/** `name|ip:…|email:…`, each value escaped so that neither "|" nor ":" in it can reach another bucket. */
export function bucketKey(name: string, subject: RateSubject): string {
  const parts = SUBJECT_KINDS.filter((kind) => subject[kind] !== undefined).map(
    (kind) => `${kind}:${encodeURIComponent(String(subject[kind]))}`,
  );
  if (parts.length === 0) throw new Error(`rate limit "${name}" names no subject`);
  return [name, ...parts].join("|");
}

/**
 * At most this many buckets are kept (about 150 bytes each: a few MB). A bucket that has refilled is the
 * same as none, so these are forgotten first, once a minute; past the bound, the buckets used longest ago
 * go too, which can only let their subjects start again with a full bucket.
 */
export const MAX_BUCKETS = 20_000;
/** How often refilled buckets are forgotten, also when the site is idle. */
const SWEEP_MS = 60_000;

interface Bucket {
  tokens: number;
  at: number;
  rule: RateRule;
}

/** The buckets in this process's memory: the limiter of a site on SQLite. */
export class MemoryRateLimiter implements RateLimiter {
  /** In the order last used: the first is the one used longest ago. */
  private buckets = new Map<string, Bucket>();
  private sweeper: ReturnType<typeof setInterval> | undefined;
  constructor(
    private clock: Clock,
    private disabled = false,
  ) {}

  take(name: string, subject: RateSubject, rule: RateRule, message = TOO_MANY_REQUESTS): void {
    if (this.disabled) return;
    const key = bucketKey(name, subject);
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: rule.capacity, at: now, rule };
    bucket.tokens = tokensAt(bucket, now);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    // Past the bound only the oldest goes here (the scan for refilled ones is the minute's work, not a request's).
    if (this.buckets.size > MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    this.sweeper ??= setInterval(() => this.forgetIdle(this.clock.now()), SWEEP_MS).unref();
    if (!allowed) throw rateLimited(bucket.tokens, rule, message);
  }

  takeEach(name: string, subjects: RateSubject[], rule: RateRule, message = TOO_MANY_REQUESTS): void {
    for (const subject of subjects) this.take(name, subject, rule, message);
  }

  /** Forgets the buckets that have refilled, then, past MAX_BUCKETS, those used longest ago. */
  forgetIdle(now: number) {
    for (const [key, bucket] of this.buckets)
      if (tokensAt(bucket, now) >= bucket.rule.capacity) this.buckets.delete(key);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_BUCKETS) break;
      this.buckets.delete(key);
    }
    if (this.buckets.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** How many buckets are kept. */
  get size() {
    return this.buckets.size;
  }
}

const tokensAt = (bucket: Bucket, now: number) =>
  Math.min(bucket.rule.capacity, bucket.tokens + ((now - bucket.at) / 60_000) * bucket.rule.perMinute);

export const RATE_RULES = {
  login: { capacity: 10, perMinute: 10 },
  /** Across all addresses, so one address can't lock an account out, while a botnet still can't guess freely. */
  loginPerAccount: { capacity: 50, perMinute: 30 },
  signup: { capacity: 10, perMinute: 5 },
  redeem: { capacity: 10, perMinute: 5 },
  pluginValidate: { capacity: 60, perMinute: 60 },
  paymentIntent: { capacity: 10, perMinute: 10 },
  /** A free order issues a key with no card: 5 from one address at once, then one each 10 minutes. */
  freeOrderPerIp: { capacity: 5, perMinute: 0.1 },
  /** …and 3 a day for one e-mail address (or account). */
  freeOrderPerAddressDaily: { capacity: 3, perMinute: 3 / (24 * 60) },
  /** Looking up a promotion code: enough for a buyer's typos, too few to guess codes. */
  promotionLookup: { capacity: 20, perMinute: 10 },
  /** Each verification can cost a provider round-trip. */
  paymentVerify: { capacity: 30, perMinute: 30 },
  supportTicket: { capacity: 5, perMinute: 2 },
  /** Each new ticket e-mails its address: per address whatever it is, so the form can't flood someone's inbox. */
  supportTicketPerAddress: { capacity: 5, perMinute: 0.1 },
  /** Opening a ticket's page by its link: per IP. */
  supportLink: { capacity: 30, perMinute: 30 },
  /** The sender's answers through the link: per IP, and per ticket. */
  supportAnswer: { capacity: 5, perMinute: 2 },
  supportAnswerPerTicket: { capacity: 10, perMinute: 1 },
  /** An admin's answers, each an e-mail: per admin. */
  supportReply: { capacity: 20, perMinute: 10 },
  passwordReset: { capacity: 5, perMinute: 2 },
  /** Per address, known or not (so a 429 reveals nothing): RESET_EMAILS_PER_DAY a day. */
  passwordResetPerAddressDaily: { capacity: 5, perMinute: 5 / (24 * 60) },
  /** Each look-up the cache can't answer costs two calls to Roblox. */
  robloxProfilePerUser: { capacity: 20, perMinute: 20 },
  robloxProfilePerAddress: { capacity: 40, perMinute: 40 },
  /** "Can't find your key?": per IP, and per address whatever it is (so a 429 reveals nothing). */
  keyResend: { capacity: 5, perMinute: 1 },
  keyResendPerAddress: { capacity: 3, perMinute: 0.2 },
  /** Settings calls that check the password (change password or e-mail, delete): per account, so a stolen session can't guess it. */
  accountPassword: { capacity: 5, perMinute: 2 },
  /** "Send the link again" for the account's address: per account (and CONFIRMATION_LINKS_PER_DAY a day). */
  addressConfirmation: { capacity: 3, perMinute: 0.1 },
  /** Refunds a buyer asks for themselves: per account and per IP. */
  selfRefund: { capacity: 5, perMinute: 1 },
} satisfies Record<string, RateRule>;
