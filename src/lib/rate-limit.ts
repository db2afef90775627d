/**
 * In-process token buckets (docs/architecture.md#rate-limits). One process serves the site, so memory is the right store.
 * A bucket is named by what it limits and whom: each kind of value (ip, email, key, user) goes in under
 * its own prefix, escaped, so no input of one kind can name, and so drain, another kind's bucket.
 */
import { AppError } from "./errors";
import type { Clock } from "./clock";

interface RateRule {
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

const SUBJECT_KINDS = ["ip", "email", "key", "user"] as const;

/** `name|ip:…|email:…`, each value escaped so that neither "|" nor ":" in it can reach another bucket. */
export function bucketKey(name: string, subject: RateSubject): string {
  const parts = SUBJECT_KINDS.filter((kind) => subject[kind] !== undefined).map(
    (kind) => `${kind}:${encodeURIComponent(String(subject[kind]))}`,
  );
  if (parts.length === 0) throw new Error(`rate limit "${name}" names no subject`);
  return [name, ...parts].join("|");
}

export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;
  constructor(
    private clock: Clock,
    private disabled = false,
  ) {}

  /** Takes one token from the bucket `name` keeps for `subject`, or throws 429 with Retry-After. */
  take(
    name: string,
    subject: RateSubject,
    rule: RateRule,
    message = "Too many requests. Please wait a moment and try again.",
  ) {
    if (this.disabled) return;
    const key = bucketKey(name, subject);
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: rule.capacity, at: now };
    const refill = ((now - bucket.at) / 60_000) * rule.perMinute;
    bucket.tokens = Math.min(rule.capacity, bucket.tokens + refill);
    bucket.at = now;
    if (bucket.tokens < 1) {
      const retryAfterSeconds = Math.ceil(((1 - bucket.tokens) / rule.perMinute) * 60);
      this.buckets.set(key, bucket);
      throw new AppError(
        429,
        "RATE_LIMITED",
        message,
        { retryAfterSeconds },
        { "Retry-After": String(retryAfterSeconds) },
      );
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000 && now - this.lastSweep > 60_000) this.sweep(now);
  }

  /** Forgets idle buckets (a full bucket after ten minutes idle is the same as none), at most once a minute. */
  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) if (now - bucket.at > 600_000) this.buckets.delete(key);
  }
}

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
  supportAnswer: { capacity: 10, perMinute: 2 },
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
